import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';
import { MenuIcon } from '../../icons/icons.tsx';
import { inMatrix } from '../../test/storybook.ts';
import { IconButton } from '../IconButton/IconButton.tsx';
import { Drawer, type DrawerProps } from './Drawer.tsx';

function DrawerDemo(args: DrawerProps) {
  const [open, setOpen] = useState(args.open);
  return (
    <>
      <IconButton aria-label="Open navigation" onClick={() => setOpen(true)}>
        <MenuIcon />
      </IconButton>
      <Drawer
        {...args}
        open={open}
        onClose={() => {
          args.onClose();
          setOpen(false);
        }}
      />
    </>
  );
}

const nav = (
  <nav aria-label="Modes">
    <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
      <li>
        <a href="#duels">Duels</a>
      </li>
      <li>
        <a href="#space-repetition">Space Repetition</a>
      </li>
      <li>
        <a href="#macro-images">Macro Images</a>
      </li>
      <li>
        <a href="#conversion-table">Conversion Table</a>
      </li>
    </ul>
  </nav>
);

const meta = {
  title: 'UI/Drawer',
  component: Drawer,
  args: { open: true, onClose: fn(), title: 'Memoria', children: nav },
  render: (args) => <DrawerDemo {...args} />,
  parameters: { layout: 'fullscreen', docs: { story: { height: '560px' } } },
} satisfies Meta<typeof Drawer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {};

export const Right: Story = { args: { side: 'right', width: '320px' } };

export const Closed: Story = { args: { open: false } };

export const PhoneDark: Story = inMatrix({ theme: 'dark', viewport: 'phone' });
