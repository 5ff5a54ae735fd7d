import type { Meta, StoryObj } from '@storybook/react-vite';
import { inMatrix } from '../../test/storybook.ts';
import { Skeleton } from './Skeleton.tsx';

const meta = {
  title: 'UI/Skeleton',
  component: Skeleton,
  args: { lines: 3 },
  decorators: [(Story) => <div style={{ maxWidth: 360 }}>{Story()}</div>],
  parameters: { docs: { story: { inline: true } } },
} satisfies Meta<typeof Skeleton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Text: Story = {};

export const Shapes: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 16, alignItems: 'center' }}>
      <Skeleton variant="circle" width={48} />
      <Skeleton variant="rect" width={200} height={80} />
    </div>
  ),
};

/** A card list loading (e.g. the sidebar history). */
export const CardList: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 12 }}>
      {[1, 2, 3].map((n) => (
        <div key={n} style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
          <Skeleton variant="circle" width={40} />
          <Skeleton lines={2} />
        </div>
      ))}
    </div>
  ),
};

export const Dark: Story = inMatrix({ theme: 'dark' });
