import type { Meta, StoryObj } from '@storybook/react-vite';
import { inMatrix } from '../../test/storybook.ts';
import { Spinner } from './Spinner.tsx';

const meta = {
  title: 'UI/Spinner',
  component: Spinner,
  parameters: { docs: { story: { inline: true } } },
} satisfies Meta<typeof Spinner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Sizes: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 16, alignItems: 'center' }}>
      <Spinner size="sm" label="Loading decks" />
      <Spinner size="md" label="Loading friends" />
      <Spinner size="lg" label="Verifying invitation" />
    </div>
  ),
};

export const Spanish: Story = inMatrix({ locale: 'es' });

export const Dark: Story = inMatrix({ theme: 'dark' }, Sizes);
