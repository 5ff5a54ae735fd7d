import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { messages } from '../messages.ts';
import { withQueryClient } from '../shared/storybook.tsx';
import { api, HttpResponse } from '../shared/storyData.ts';
import { ContactSalesDialog } from './ContactSalesDialog.tsx';

const meta = {
  title: 'Features/pricing/ContactSalesDialog',
  component: ContactSalesDialog,
  args: { open: true, onClose: fn() },
  decorators: [withQueryClient],
  parameters: {
    messages,
    msw: [
      api.post('/auth/contact-sales/', () =>
        HttpResponse.json({ id: 1, received: true as const }, { status: 201 }),
      ),
    ],
  },
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
    await userEvent.type(dialog.getByLabelText(/^name|^nombre/i), 'Ana García');
    await userEvent.type(dialog.getByLabelText(/email|correo/i), 'ana@school.example');
    await userEvent.type(dialog.getByLabelText(/message|mensaje/i), 'Fifty seats for our school.');
    await userEvent.click(dialog.getByRole('button', { name: /send message|enviar mensaje/i }));
    // The message is sent first: the thank-you shows once the server stored it.
    const thanks = await body.findByText(/thank you|gracias/i);
    await expect(args.onClose).toHaveBeenCalled();
    await expect(thanks).toBeVisible();
    await expect(body.queryByRole('dialog')).toBeNull();
    // The pointer rests on the thank-you, which pauses its 6 s auto-hide (WCAG 2.2.1): the story
    // ends in a state that lasts, so its screenshot never races the timer.
    await userEvent.hover(thanks);
  },
};

export const Dark: Story = inMatrix({ theme: 'dark' });

export const Spanish: Story = inMatrix({ locale: 'es' });

export const SpanishThankYou: Story = inMatrix({ locale: 'es' }, ThankYou);
