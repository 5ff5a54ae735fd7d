import type { Meta, StoryObj } from '@storybook/react-vite';
import { type FormEvent, useState } from 'react';
import { fn } from 'storybook/test';
import { inMatrix } from '../../test/storybook.ts';
import { Button } from '../Button/Button.tsx';
import { TextField } from '../TextField/TextField.tsx';
import { FormDialog, type FormDialogProps } from './FormDialog.tsx';

function FormDialogDemo(args: FormDialogProps) {
  const [open, setOpen] = useState(args.open);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open dialog</Button>
      <FormDialog
        {...args}
        open={open}
        onClose={() => {
          args.onClose();
          setOpen(false);
        }}
        onSubmit={(event: FormEvent<HTMLFormElement>) => {
          event.preventDefault();
          args.onSubmit(event);
        }}
      />
    </>
  );
}

const meta = {
  title: 'UI/FormDialog',
  component: FormDialog,
  args: {
    open: true,
    onClose: fn(),
    onSubmit: fn(),
    size: 'sm',
    title: 'New deck',
    cancelLabel: 'Cancel',
    submitLabel: 'Create',
    children: <TextField label="Name" name="name" defaultValue="Spanish verbs" />,
  },
  render: (args) => <FormDialogDemo {...args} />,
  parameters: { layout: 'fullscreen', docs: { story: { height: '420px' } } },
} satisfies Meta<typeof FormDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {};

/** While the request runs: the submit button spins and cannot be pressed again. */
export const Pending: Story = { args: { pending: true } };

/** A field's error, shown under it by the caller after validating. */
export const WithError: Story = {
  args: {
    children: <TextField label="Name" name="name" defaultValue="" error="Enter a name." />,
  },
};

export const Dark: Story = inMatrix({ theme: 'dark' });

export const Phone: Story = inMatrix({ viewport: 'phone' });
