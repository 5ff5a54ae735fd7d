import { paymentKeys } from '@memoria/api';
import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { messages } from '../messages.ts';
import { withFailedQuery, withQueryClient, withSession } from '../shared/test/storybook.tsx';
import { fail, profileCancelData, profileData } from '../shared/test/storyData.ts';
import { Profile } from './Profile.tsx';

const meta = {
  title: 'Features/profile/Profile',
  component: Profile,
  decorators: [withSession(true), withQueryClient],
  args: { openUrl: fn() },
  parameters: {
    messages,
    layout: 'fullscreen',
    msw: profileData('standard'),
  },
} satisfies Meta<typeof Profile>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * An active Standard subscription (Cancel is offered) that renewed an earlier, expired one: both
 * listed with their payments.
 */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getAllByRole('table')).toHaveLength(2));
    await expect(
      canvas.getByRole('button', { name: /cancel subscription|cancelar suscripción/i }),
    ).toBeVisible();
  },
};

/** No subscription: the Free plan and the link to the plans, no payment history. */
export const Free: Story = {
  parameters: { msw: profileData('free') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: /see plans/i })).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

/** Enterprise from an invitation: where the plan comes from, no "Buy Standard" (issue 40). */
export const FromInvitation: Story = {
  parameters: { msw: profileData('invited') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(/from an invitation by owner|por una invitación de owner/i),
    ).toBeVisible();
  },
};

export const SpanishFromInvitation: Story = inMatrix({ locale: 'es' }, FromInvitation);

/** Cancelled before its end date: access until that date, Renew is offered. */
export const Cancelled: Story = {
  parameters: { msw: profileData('cancelled') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: /renew/i })).toBeVisible();
  },
};

/** The payment was declined: still free, the reason shown, the declined payment listed, Renew. */
export const PaymentDeclined: Story = {
  parameters: { msw: profileData('declined') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/The payment was declined/)).toBeVisible();
    await expect(await canvas.findByRole('cell', { name: 'Declined' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: /renew/i })).toBeVisible();
  },
};

/** Bought, but the checkout was left unpaid: Waiting for payment and a link to continue it. */
export const PendingPayment: Story = {
  parameters: { msw: profileData('pending') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: /continue payment/i })).toBeVisible();
  },
};

/** Renew after a cancel, and the subscription could not be created: the spec's message for it. */
export const RenewError: Story = {
  tags: ['expected-http-errors', 'expected-console-errors'],
  parameters: {
    msw: [
      fail('post', '/auth/subscriptions/create_subscription/', 503, {
        detail: 'The payment provider is unavailable. Try again later.',
        code: 'unavailable',
      }),
      ...profileData('cancelled'),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: /renew|renovar/i }));
    const body = within(canvasElement.ownerDocument.body);
    const dialog = within(await body.findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: /^(confirm|confirmar)$/i }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      /Error creating subscription|Error al crear la suscripción/,
    );
  },
};

/** Cancelled and past its end date: Expired, free again, Renew is offered. */
export const Expired: Story = {
  parameters: { msw: profileData('expired') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect((await canvas.findAllByText(/^(Expired|Vencida)$/))[0]).toBeVisible();
    await expect(canvas.getByRole('button', { name: /renew|renovar/i })).toBeVisible();
  },
};

async function openCancel(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await userEvent.click(
    await canvas.findByRole('button', { name: /cancel subscription|cancelar suscripción/i }),
  );
  const body = within(canvasElement.ownerDocument.body);
  return { body, dialog: within(await body.findByRole('dialog')) };
}

/** Cancel asks first: it cannot be undone, and access stays until the end date. */
export const CancelConfirm: Story = {
  play: async ({ canvasElement }) => {
    const { dialog } = await openCancel(canvasElement);
    await expect(await dialog.findByText(/cannot be undone|no se puede deshacer/i)).toBeVisible();
  },
};

/**
 * Cancel confirmed: the snackbar says until when access lasts, and the section shows Cancelled
 * (the status read again answers the cancelled subscription).
 */
export const CancelSuccess: Story = {
  parameters: {
    msw: profileCancelData(),
  },
  play: async ({ canvasElement }) => {
    const { body, dialog } = await openCancel(canvasElement);
    await userEvent.click(
      dialog.getByRole('button', { name: /^(cancel subscription|cancelar suscripción)$/i }),
    );
    const done = await body.findByText(
      /^(Subscription cancelled\. You have access until|Suscripción cancelada\. Tienes acceso hasta)/,
    );
    await expect(done).toBeVisible();
    await expect(
      (await within(canvasElement).findAllByText(/^(Cancelled|Cancelada)$/))[0],
    ).toBeVisible();
    // The pointer rests on the snackbar, which pauses its 6 s auto-hide: a state that lasts.
    await userEvent.hover(done);
  },
};

/** Cancel confirmed and refused: the spec's 'Error cancelling subscription', still active. */
export const CancelError: Story = {
  tags: ['expected-http-errors', 'expected-console-errors'],
  parameters: {
    msw: [
      fail('post', '/auth/subscriptions/{id}/cancel_subscription/', 503, {
        detail: 'The payment provider is unavailable. Try again later.',
        code: 'unavailable',
      }),
      ...profileData('standard'),
    ],
  },
  play: async ({ canvasElement }) => {
    const { body, dialog } = await openCancel(canvasElement);
    await userEvent.click(
      dialog.getByRole('button', { name: /^(cancel subscription|cancelar suscripción)$/i }),
    );
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      /^(Error cancelling subscription|Error al cancelar la suscripción)$/,
    );
  },
};

export const SpanishCancelError: Story = {
  ...inMatrix({ locale: 'es' }, CancelError),
  // Tags are read statically by the indexer: a spread or a call does not carry them.
  tags: ['expected-http-errors', 'expected-console-errors'],
};

/**
 * Back from the provider's checkout (`/profile?checkout=done`, the purchase's back URL) with the
 * subscription active: the spec's "check your email" confirmation, once.
 */
export const PaymentSuccess: Story = {
  args: { fromCheckout: true },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const message = await body.findByText(
      /^(Payment success: check your email to confirm the account\.|Pago realizado con éxito: revisa tu correo electrónico para confirmar la cuenta\.)$/,
    );
    await expect(message).toBeVisible();
    // The pointer rests on the snackbar, which pauses its 6 s auto-hide: a state that lasts.
    await userEvent.hover(message);
  },
};

export const SpanishPaymentSuccess: Story = inMatrix({ locale: 'es' }, PaymentSuccess);

/** Signed out, the queries wait: the skeletons stay (no request is left hanging). */
export const Loading: Story = { decorators: [withSession(false)] };

/** The subscription status read failed: its error and Retry; the account still loads. */
export const LoadError: Story = {
  decorators: [
    withFailedQuery(paymentKeys.status(), 503, {
      detail: 'Service unavailable',
      code: 'unavailable',
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toBeVisible();
  },
};

export const Dark: Story = inMatrix({ theme: 'dark' }, Default);

export const Spanish: Story = inMatrix({ locale: 'es' }, Default);

export const Phone: Story = inMatrix({ viewport: 'phone' }, Default);

export const SpanishRenewError: Story = {
  ...inMatrix({ locale: 'es' }, RenewError),
  // Tags are read statically by the indexer: a spread or a call does not carry them.
  tags: ['expected-http-errors', 'expected-console-errors'],
};
