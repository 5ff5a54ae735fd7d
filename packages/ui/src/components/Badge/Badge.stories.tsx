import type { Meta, StoryObj } from '@storybook/react-vite';
import { BellIcon } from '../../icons/icons.tsx';
import { inMatrix } from '../../test/storybook.ts';
import { IconButton } from '../IconButton/IconButton.tsx';
import { Badge } from './Badge.tsx';

const meta = {
  title: 'UI/Badge',
  component: Badge,
  args: { count: 4 },
  parameters: { docs: { story: { inline: true } } },
} satisfies Meta<typeof Badge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Count: Story = {};

export const OnIconButton: Story = {
  args: { count: 2, label: '2 pending friend requests' },
  render: (args) => (
    <IconButton aria-label="Friends, 2 pending requests">
      <Badge {...args}>
        <BellIcon />
      </Badge>
    </IconButton>
  ),
};

export const Overflow: Story = { args: { count: 150 } };

export const Premium: Story = {
  args: { variant: 'premium' },
  render: (args) => (
    <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
      Duels <Badge {...args} />
    </span>
  ),
};

export const Dot: Story = { args: { variant: 'dot', label: 'New activity' } };

export const Dark: Story = inMatrix(
  { theme: 'dark' },
  {
    render: () => (
      <span style={{ display: 'inline-flex', gap: 16, alignItems: 'center' }}>
        <Badge count={7} />
        <Badge count={7} tone="primary" />
        <Badge variant="premium" />
      </span>
    ),
  },
);

export const Spanish: Story = inMatrix({ locale: 'es' }, Premium);
