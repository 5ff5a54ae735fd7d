import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { messages } from '../messages.ts';
import { withQueryClient } from '../shared/test/storybook.tsx';
import { api, fail, HttpResponse } from '../shared/test/storyData.ts';
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

async function fillAndSend(
  canvasElement: HTMLElement,
  email: string,
  message = 'Fifty seats for our school.',
) {
  const body = within(canvasElement.ownerDocument.body);
  const dialog = within(await body.findByRole('dialog'));
  await userEvent.type(dialog.getByLabelText(/^name|^nombre/i), 'Ana García');
  await userEvent.type(dialog.getByLabelText(/email|correo/i), email);
  if (message) await userEvent.type(dialog.getByLabelText(/message|mensaje/i), message);
  await userEvent.click(dialog.getByRole('button', { name: /send message|enviar mensaje/i }));
  return dialog;
}

/** The server refused the fields (400, no message, a bad email): each under its field, kept. */
export const FieldErrors: Story = {
  tags: ['expected-http-errors', 'expected-console-errors'],
  parameters: {
    msw: [
      fail('post', '/auth/contact-sales/', 400, {
        detail: 'Invalid input.',
        code: 'validation_error',
        fields: { email: ['Enter a valid email address.'], message: ['This field is required.'] },
        field_codes: { email: ['invalid_email'], message: ['blank'] },
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    const dialog = await fillAndSend(canvasElement, 'ana@school', '');
    await expect(
      await dialog.findByText(/Enter a valid email address|Introduce un correo electrónico válido/),
    ).toBeVisible();
    await expect(dialog.getByLabelText(/email|correo/i)).toHaveValue('ana@school');
    await expect(dialog.queryByRole('button', { name: /retry|reintentar/i })).toBeNull();
  },
};

/** Sending failed (503, the service down): why, with Retry; the form kept to send again. */
export const SendError: Story = {
  tags: ['expected-http-errors', 'expected-console-errors'],
  parameters: {
    msw: [
      fail('post', '/auth/contact-sales/', 503, {
        detail: 'Service unavailable',
        code: 'unavailable',
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    const dialog = await fillAndSend(canvasElement, 'ana@school.example');
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      /This service is not available right now|Este servicio no está disponible ahora/,
    );
    await expect(dialog.getByRole('button', { name: /retry|reintentar/i })).toBeVisible();
    await expect(dialog.getByLabelText(/email|correo/i)).toHaveValue('ana@school.example');
  },
};

export const SpanishSendError: Story = {
  ...inMatrix({ locale: 'es' }, SendError),
  // Tags are read statically by the indexer: a spread or a call does not carry them.
  tags: ['expected-http-errors', 'expected-console-errors'],
};

export const Dark: Story = inMatrix({ theme: 'dark' });

export const Spanish: Story = inMatrix({ locale: 'es' });

export const SpanishThankYou: Story = inMatrix({ locale: 'es' }, ThankYou);
