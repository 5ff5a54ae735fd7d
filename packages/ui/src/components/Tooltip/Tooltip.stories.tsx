import type { Meta, StoryObj } from '@storybook/react-vite';
import { BellIcon } from '../../icons/icons.tsx';
import { inMatrix } from '../../test/storybook.ts';
import { Button } from '../Button/Button.tsx';
import { IconButton } from '../IconButton/IconButton.tsx';
import { Tooltip } from './Tooltip.tsx';

const meta = {
  title: 'UI/Tooltip',
  component: Tooltip,
  args: {
    content: 'Notifications',
    children: (
      <IconButton aria-label="Notifications">
        <BellIcon />
      </IconButton>
    ),
  },
  decorators: [(Story) => <div style={{ padding: '48px 96px' }}>{Story()}</div>],
  parameters: { docs: { story: { inline: true } } },
} satisfies Meta<typeof Tooltip>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Hover or focus the button to see the tooltip. */
export const Default: Story = {};

export const Visible: Story = { args: { defaultOpen: true } };

export const Bottom: Story = {
  args: {
    defaultOpen: true,
    placement: 'bottom',
    content: 'Free users get 3 duels a day',
    children: <Button variant="secondary">Duels</Button>,
  },
};

export const Dark: Story = inMatrix({ theme: 'dark' }, Visible);
