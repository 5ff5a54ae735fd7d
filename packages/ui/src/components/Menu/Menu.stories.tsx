import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { BellIcon } from '../../icons/icons.tsx';
import { inMatrix } from '../../test/storybook.ts';
import { Badge } from '../Badge/Badge.tsx';
import { Menu } from './Menu.tsx';

const notifications = [
  { id: '1', label: 'Ana challenged you to a duel', description: 'Just now' },
  { id: '2', label: 'Leo accepted your friend request', description: '3 hours ago' },
  { id: '3', label: 'Your streak is 12 days', description: '1 day ago' },
  { id: '4', label: 'Mia challenged you to a table duel', description: '2 days ago' },
  { id: '5', label: 'New cards are due', description: '3 days ago' },
  { id: '6', label: 'Sam challenged you to an image duel', description: '5 days ago' },
].map((item) => ({ ...item, onSelect: fn() }));

const meta = {
  title: 'UI/Menu',
  component: Menu,
  args: {
    trigger: 'Account',
    items: [
      { id: 'profile', label: 'Profile', href: '#profile' },
      { id: 'progress', label: 'My progress', href: '#progress' },
      { id: 'disabled', label: 'Enterprise settings', disabled: true },
      { id: 'logout', label: 'Logout', onSelect: fn() },
    ],
  },
  decorators: [(Story) => <div style={{ minHeight: 300 }}>{Story()}</div>],
  parameters: { docs: { story: { height: '380px' } } },
} satisfies Meta<typeof Menu>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {};

export const Open: Story = { args: { defaultOpen: true } };

/** Notifications bell: the list scrolls past the spec's maximum height of 250. */
export const Notifications: Story = {
  args: {
    trigger: (
      <Badge count={3} label="3 unread notifications">
        <BellIcon />
      </Badge>
    ),
    triggerLabel: 'Notifications, 3 unread',
    items: notifications,
    maxHeight: 250,
    defaultOpen: true,
  },
  decorators: [
    (Story) => <div style={{ display: 'flex', justifyContent: 'center' }}>{Story()}</div>,
  ],
};

export const Empty: Story = {
  args: {
    trigger: <BellIcon />,
    triggerLabel: 'Notifications',
    items: [],
    emptyContent: 'No notifications yet',
    defaultOpen: true,
  },
};

export const Dark: Story = inMatrix({ theme: 'dark' }, Notifications);
