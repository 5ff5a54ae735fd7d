import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { BellIcon, CloseIcon, MenuIcon } from '../../icons/icons.tsx';
import { inMatrix } from '../../test/storybook.ts';
import { IconButton } from './IconButton.tsx';

const meta = {
  title: 'UI/IconButton',
  component: IconButton,
  args: { 'aria-label': 'Notifications', children: <BellIcon />, onClick: fn() },
  parameters: { docs: { story: { inline: true } } },
} satisfies Meta<typeof IconButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Variants: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
      <IconButton {...args} aria-label="Open menu" variant="standard">
        <MenuIcon />
      </IconButton>
      <IconButton {...args} aria-label="Notifications" variant="outlined">
        <BellIcon />
      </IconButton>
      <IconButton {...args} aria-label="Close" variant="primary">
        <CloseIcon />
      </IconButton>
      <IconButton {...args} aria-label="Close" size="sm">
        <CloseIcon />
      </IconButton>
      <IconButton {...args} aria-label="Close" size="lg" disabled>
        <CloseIcon />
      </IconButton>
    </div>
  ),
};

export const Dark: Story = inMatrix({ theme: 'dark' }, Variants);
