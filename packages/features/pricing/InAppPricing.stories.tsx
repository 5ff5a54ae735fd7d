import { paymentKeys } from '@memoria/api';
import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { messages } from '../messages.ts';
import { withFailedQuery, withQueryClient, withSession } from '../shared/test/storybook.tsx';
import { fail, pricingData } from '../shared/test/storyData.ts';
import { InAppPricing } from './InAppPricing.tsx';

const meta = {
  title: 'Features/pricing/InAppPricing',
  component: InAppPricing,
  decorators: [withQueryClient, withSession(true)],
  args: { openUrl: fn() },
  parameters: { messages, layout: 'fullscreen', msw: pricingData('free') },
} satisfies Meta<typeof InAppPricing>;

export default meta;
type Story = StoryObj<typeof meta>;

async function buyAndConfirm(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole('button', { name: /buy now|comprar ahora/i }));
  const body = within(canvasElement.ownerDocument.body);
  const dialog = within(await body.findByRole('dialog'));
  await userEvent.click(dialog.getByRole('button', { name: /^(confirm|confirmar)$/i }));
  return { dialog };
}

export const FreeUser: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/current plan|plan actual/i)).toBeVisible();
  },
};

export const StandardUser: Story = {
  parameters: { msw: pricingData('standard') },
  play: FreeUser.play,
};

/** An Enterprise account: its plan marked, Standard included in it (no Buy now, issue 40). */
export const EnterpriseUser: Story = {
  parameters: { msw: pricingData('enterprise') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const standard = await canvas.findByRole('article', { name: 'Standard' });
    await expect(
      await within(standard).findByText(/included in your plan|incluido en tu plan/i),
    ).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /buy now|comprar ahora/i })).toBeNull();
  },
};

export const SpanishEnterpriseUser: Story = inMatrix({ locale: 'es' }, EnterpriseUser);

/** Buy now on Standard: the purchase confirmation. */
export const Confirmation: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: /buy now|comprar ahora/i }));
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByRole('dialog')).toBeVisible();
  },
};

/** Confirm while the server does not create subscriptions yet (501): the payment error. */
export const PaymentError: Story = {
  tags: ['expected-http-errors', 'expected-console-errors'],
  parameters: {
    msw: [
      ...pricingData('free'),
      fail('post', '/auth/subscriptions/create_subscription/', 501, {
        detail: 'createSubscription is not implemented yet',
        code: 'not_implemented',
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    const { dialog } = await buyAndConfirm(canvasElement);
    await expect(await dialog.findByRole('alert')).toBeVisible();
  },
};

/**
 * A second purchase while subscribed (on another device, say): the server's 409 refusal says why
 * ("already subscribed"), not the payment error, and no checkout opens.
 */
export const AlreadySubscribed: Story = {
  tags: ['expected-http-errors', 'expected-console-errors'],
  parameters: {
    msw: [
      fail('post', '/auth/subscriptions/create_subscription/', 409, {
        detail: 'You already have an active subscription.',
        code: 'conflict',
        fields: { plan_name: ['You already have an active subscription.'] },
        field_codes: { plan_name: ['already_subscribed'] },
      }),
      ...pricingData('free'),
    ],
  },
  play: async ({ canvasElement, args }) => {
    const { dialog } = await buyAndConfirm(canvasElement);
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      /You already have an active subscription|Ya tienes una suscripción activa/,
    );
    await expect(args.openUrl).not.toHaveBeenCalled();
  },
};

export const SpanishAlreadySubscribed: Story = {
  ...inMatrix({ locale: 'es' }, AlreadySubscribed),
  // Tags are read statically by the indexer: a spread or a call does not carry them.
  tags: ['expected-http-errors', 'expected-console-errors'],
};

/** The plans could not be read: 'Error fetching plans' and Retry instead of the cards. */
export const PlansError: Story = {
  decorators: [
    withFailedQuery(paymentKeys.plans(), 503, {
      detail: 'Service unavailable',
      code: 'unavailable',
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toBeVisible();
    await expect(canvas.getByRole('button', { name: /retry|reintentar/i })).toBeVisible();
  },
};

/** Contact sales on Enterprise: the Contact Sales dialog. */
export const ContactSales: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: /contact sales|contactar a ventas/i }),
    );
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByRole('dialog')).toBeVisible();
  },
};

export const Dark: Story = inMatrix({ theme: 'dark' }, FreeUser);

export const Spanish: Story = inMatrix({ locale: 'es' }, StandardUser);

export const SpanishPaymentError: Story = {
  ...inMatrix({ locale: 'es' }, PaymentError),
  // Tags are read statically by the indexer: a spread or a call does not carry them.
  tags: ['expected-http-errors', 'expected-console-errors'],
};

export const Phone: Story = inMatrix({ viewport: 'phone' }, FreeUser);
