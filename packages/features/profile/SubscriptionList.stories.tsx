import { paymentKeys } from '@memoria/api';
import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { messages } from '../messages.ts';
import { withFailedQuery, withQueryClient, withSession } from '../shared/test/storybook.tsx';
import { profileData } from '../shared/test/storyData.ts';
import { SubscriptionList } from './SubscriptionList.tsx';

const meta = {
  title: 'Features/profile/SubscriptionList',
  component: SubscriptionList,
  decorators: [withSession(true), withQueryClient],
  parameters: { messages, msw: profileData('standard') },
} satisfies Meta<typeof SubscriptionList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The active subscription and the earlier one it renewed (expired), each with its payments. */
export const List: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: /Standard · (Active|Activa)/ }),
    ).toBeVisible();
    await expect(
      canvas.getByRole('heading', { name: /Standard · (Expired|Vencida)/ }),
    ).toBeVisible();
    await waitFor(() => expect(canvas.getAllByRole('table')).toHaveLength(2));
  },
};

/** No subscription was ever bought. */
export const Empty: Story = {
  parameters: { msw: profileData('free') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/No subscriptions yet/)).toBeVisible();
  },
};

/** A purchase whose payment was declined: listed as failed, with why and the declined payment. */
export const Declined: Story = {
  parameters: { msw: profileData('declined') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/The payment was declined/)).toBeVisible();
    await expect(await canvas.findByRole('cell', { name: 'Declined' })).toBeVisible();
  },
};

/** Cancelled two days ago: the cancel date and the date access lasts until. */
export const Cancelled: Story = {
  parameters: { msw: profileData('cancelled') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Cancelled on')).toBeVisible();
    await expect(await canvas.findByRole('table')).toBeVisible();
  },
};

/** Signed out, the query waits: the skeleton stays. */
export const Loading: Story = { decorators: [withSession(false)] };

/** The list could not be read: 'Error fetching subscriptions' and Retry. */
export const LoadError: Story = {
  decorators: [
    withFailedQuery(paymentKeys.subscriptions(), 503, {
      detail: 'Service unavailable',
      code: 'unavailable',
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      /Error fetching subscriptions|Error al obtener las suscripciones/,
    );
    await expect(canvas.getByRole('button', { name: /retry|reintentar/i })).toBeVisible();
  },
};

export const Dark: Story = inMatrix({ theme: 'dark' }, List);

export const Spanish: Story = inMatrix({ locale: 'es' }, List);

export const SpanishLoadError: Story = inMatrix({ locale: 'es' }, LoadError);

export const Phone: Story = inMatrix({ viewport: 'phone' }, List);
