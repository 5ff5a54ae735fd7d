import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { messages } from '../messages.ts';
import { ContactSalesDialog } from './ContactSalesDialog.tsx';

const meta = {
  title: 'Features/pricing/ContactSalesDialog',
  component: ContactSalesDialog,
  args: { open: true, onClose: fn() },
  parameters: { messages },
} satisfies Meta<typeof ContactSalesDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

/** Send Message: the form clears and closes, and the thank-you shows. */
export const ThankYou: Story = {
  render: function Render(args) {
    const [open, setOpen] = useState(args.open);
    return (
      <ContactSalesDialog
        open={open}
        onClose={() => {
          setOpen(false);
          args.onClose();
        }}
      />
    );
  },
  play: async ({ canvasElement, args }) => {
    const body = within(canvasElement.ownerDocument.body);
    const dialog = within(await body.findByRole('dialog'));
    const [name, email] = dialog.getAllByRole('textbox');
    await userEvent.type(name as HTMLElement, 'Ana García');
    await userEvent.type(email as HTMLElement, 'ana@school.example');
    await userEvent.click(dialog.getByRole('button', { name: /send message|enviar mensaje/i }));
    await expect(args.onClose).toHaveBeenCalled();
    await expect(await body.findByText(/thank you|gracias/i)).toBeVisible();
    await expect(body.queryByRole('dialog')).toBeNull();
  },
};

export const Dark: Story = inMatrix({ theme: 'dark' });

export const Spanish: Story = inMatrix({ locale: 'es' });

export const SpanishThankYou: Story = inMatrix({ locale: 'es' }, ThankYou);
