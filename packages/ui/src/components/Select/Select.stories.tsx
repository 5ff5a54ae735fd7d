import type { Meta, StoryObj } from '@storybook/react-vite';
import { inMatrix } from '../../test/storybook.ts';
import { Select } from './Select.tsx';

const meta = {
  title: 'UI/Select',
  component: Select,
  args: {
    label: 'Duel mode',
    name: 'mode',
    options: [
      { value: 'normal', label: 'Normal Duel' },
      { value: 'review', label: 'Review Mode' },
    ],
  },
  decorators: [(Story) => <div style={{ maxWidth: 360 }}>{Story()}</div>],
  parameters: { docs: { story: { inline: true } } },
} satisfies Meta<typeof Select>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const WithPlaceholder: Story = {
  args: {
    placeholder: 'Choose a mode',
    helperText: 'Review Mode does not count towards your streak.',
  },
};

export const WithError: Story = {
  args: { placeholder: 'Choose a mode', required: true, error: 'Choose a duel mode' },
};

export const Disabled: Story = { args: { disabled: true } };

export const Dark: Story = inMatrix({ theme: 'dark' }, WithError);
