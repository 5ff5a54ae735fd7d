import type { Meta, StoryObj } from '@storybook/react-vite';
import { inMatrix } from '../../test/storybook.ts';
import { TextArea } from './TextArea.tsx';

const meta = {
  title: 'UI/TextArea',
  component: TextArea,
  args: { label: 'Back of the card', name: 'back', rows: 4 },
  decorators: [(Story) => <div style={{ maxWidth: 360 }}>{Story()}</div>],
  parameters: { docs: { story: { inline: true } } },
} satisfies Meta<typeof TextArea>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const WithHelperText: Story = {
  args: {
    label: 'Text to make cards from',
    name: 'text',
    helperText: 'One card per line, as "term - definition".',
    defaultValue: 'mitochondria - the powerhouse of the cell',
  },
};

export const WithError: Story = { args: { error: 'Enter the back of the card' } };

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'A shared deck cannot be edited.' },
};

export const Dark: Story = inMatrix({ theme: 'dark' }, WithError);

export const Spanish: Story = inMatrix(
  { locale: 'es' },
  { args: { label: 'Reverso de la tarjeta', error: 'Escribe el reverso de la tarjeta' } },
);
