import { paymentKeys } from '@memoria/api';
import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { messages } from '../messages.ts';
import { withFailedQuery, withQueryClient, withSession } from '../shared/storybook.tsx';
import { fail, profileData } from '../shared/storyData.ts';
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
