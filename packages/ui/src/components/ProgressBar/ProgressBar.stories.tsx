import type { Meta, StoryObj } from '@storybook/react-vite';
import { inMatrix } from '../../test/storybook.ts';
import { ProgressBar } from './ProgressBar.tsx';

const meta = {
  title: 'UI/ProgressBar',
  component: ProgressBar,
  args: { value: 40, label: 'Reading text (OCR)', showValue: true },
  decorators: [(Story) => <div style={{ maxWidth: 400 }}>{Story()}</div>],
  parameters: { docs: { story: { inline: true } } },
} satisfies Meta<typeof ProgressBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Determinate: Story = {};

export const Indeterminate: Story = { args: { value: undefined, label: 'Generating your story' } };

export const Complete: Story = { args: { value: 100 } };

export const Dark: Story = inMatrix({ theme: 'dark' });

export const Spanish: Story = inMatrix({ locale: 'es' }, { args: { label: undefined } });
