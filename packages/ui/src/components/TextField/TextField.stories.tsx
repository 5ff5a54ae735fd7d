import type { Meta, StoryObj } from '@storybook/react-vite';
import { inMatrix } from '../../test/storybook.ts';
import { TextField } from './TextField.tsx';

const meta = {
  title: 'UI/TextField',
  component: TextField,
  args: { label: 'Email', name: 'email', type: 'email', autoComplete: 'email' },
  decorators: [(Story) => <div style={{ maxWidth: 360 }}>{Story()}</div>],
  parameters: { docs: { story: { inline: true } } },
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const WithHelperText: Story = {
  args: {
    label: 'Username',
    type: 'text',
    name: 'username',
    helperText: 'Shown to your friends in duels.',
  },
};

export const WithError: Story = {
  args: { defaultValue: 'ana@', error: 'Enter a valid email address', required: true },
};

export const Password: Story = {
  args: {
    label: 'Password',
    type: 'password',
    name: 'password',
    defaultValue: 'correct horse',
    autoComplete: 'new-password',
    helperText: 'At least 8 characters.',
  },
};

export const Disabled: Story = { args: { disabled: true, defaultValue: 'ana@example.com' } };

export const Dark: Story = inMatrix({ theme: 'dark' }, WithError);

export const Spanish: Story = inMatrix(
  { locale: 'es' },
  {
    args: {
      label: 'Contraseña',
      type: 'password',
      name: 'password',
      defaultValue: 'secreto',
      error: 'La contraseña debe tener al menos 8 caracteres',
    },
  },
);
