import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';
import { inMatrix } from '../../test/storybook.ts';
import { Button } from '../Button/Button.tsx';
import { Dialog, type DialogProps } from './Dialog.tsx';

function DialogDemo(args: DialogProps) {
  const [open, setOpen] = useState(args.open);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open dialog</Button>
      <Dialog
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

const meta = {
  title: 'UI/Dialog',
  component: Dialog,
  args: {
    open: true,
    onClose: fn(),
    title: 'Macro Images',
    description: 'This feature is part of the Standard plan.',
    children: (
      <ul style={{ margin: 0, paddingInlineStart: 20 }}>
        <li>AI assistance</li>
        <li>Macro-image generation</li>
        <li>Unlimited decks</li>
      </ul>
    ),
    actions: (
      <>
        <Button variant="text">Maybe later</Button>
        <Button href="/pricing">Upgrade now</Button>
      </>
    ),
  },
  render: (args) => <DialogDemo {...args} />,
  parameters: { layout: 'fullscreen', docs: { story: { height: '560px' } } },
} satisfies Meta<typeof Dialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {};

export const Closed: Story = { args: { open: false } };

export const Small: Story = {
  args: {
    size: 'sm',
    title: 'Delete deck?',
    description: 'The deck and its 42 cards will be removed.',
    children: undefined,
    actions: (
      <>
        <Button variant="text">Cancel</Button>
        <Button variant="danger">Delete</Button>
      </>
    ),
  },
};

export const Dark: Story = inMatrix({ theme: 'dark' });

export const Phone: Story = inMatrix({ viewport: 'phone' });
