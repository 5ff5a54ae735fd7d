import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { messages } from '../messages.ts';
import { withQueryClient, withSession } from '../shared/test/storybook.tsx';
import {
  accountInfo,
  api,
  duelNotificationPage,
  fail,
  friendNotificationPage,
  HttpResponse,
  notificationPage,
  ok,
  page,
  pendingReceived,
} from '../shared/test/storyData.ts';
import { NotificationsMenu } from './NotificationsMenu.tsx';

/** The requests still pending, which the bell offers to answer. */
const pending = ok('/friends/friendships/pending/', page(pendingReceived()));
/** fede's duel request (63 in `duelNotificationPage`), still pending. */
const pendingDuelBody = [
  {
    id: 63,
    sender_id: 6,
    receiver_id: 1,
    sender_email: 'fede@example.com',
    receiver_email: 'ana@example.com',
    sender_username: 'fede',
    receiver_username: 'ana',
    duel_id: 163,
    duel_type: 'desk' as const,
    status: 'pending' as const,
    direction: 'received' as const,
    created_at: '2025-01-15T10:25:00.000Z',
    responded_at: null,
    is_deleted: false,
    duel_status: 'waiting' as const,
  },
];
const pendingDuel = ok('/duels/requests/pending/', pendingDuelBody);
const duelKinds = [ok('/notifications/', duelNotificationPage()), pending, pendingDuel];

const meta = {
  title: 'Features/shell/NotificationsMenu',
  component: NotificationsMenu,
  decorators: [
    (Story) => (
      <div
        style={{
          display: 'flex',
          justifyContent: 'flex-end',
          alignItems: 'flex-start',
          minHeight: 340,
          // At most the phone's width: a wider frame scrolled sideways on the phone story.
          width: '100%',
          maxWidth: 420,
        }}
      >
        <Story />
      </div>
    ),
    withQueryClient,
    withSession(true),
  ],
  args: { defaultOpen: true },
  parameters: { messages, msw: [ok('/notifications/', notificationPage()), pending] },
} satisfies Meta<typeof NotificationsMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Deck shares ('Just now', hours, days) and a kind this client does not know yet. */
export const Open: Story = {};

/** Closed: the badge counts the unseen ones. */
export const Badge: Story = { args: { defaultOpen: false } };

export const Empty: Story = {
  parameters: {
    msw: [
      ok('/notifications/', { count: 0, next: null, previous: null, unseen_count: 0, results: [] }),
      pending,
    ],
  },
};

/** No session yet, so the list never starts: the loading view, with no request. */
export const Loading: Story = { decorators: [withSession(false)] };

/** The list failed: a message and a Retry button. */
export const LoadError: Story = {
  tags: ['expected-console-errors', 'expected-http-errors'],
  parameters: {
    msw: [
      fail('get', '/notifications/', 503, {
        detail: 'The database does not answer.',
        code: 'unavailable',
      }),
      pending,
    ],
  },
};

/** Friend kinds: a request still pending (with Accept and Reject), an answer, a removal. */
export const FriendKinds: Story = {
  parameters: { msw: [ok('/notifications/', friendNotificationPage()), pending] },
};

export const FriendKindsSpanish: Story = {
  globals: { locale: 'es' },
  parameters: { msw: [ok('/notifications/', friendNotificationPage()), pending] },
};

export const Dark: Story = { globals: { theme: 'dark' } };

export const Spanish: Story = { globals: { locale: 'es' } };

/**
 * Duel kinds: a request still pending (with Accept and Reject), an accepted duel (links into it),
 * a rejection.
 */
export const DuelKinds: Story = {
  parameters: { msw: [...duelKinds, accountInfo('standard')] },
};

/** A free account presses Accept on fede's duel request: the Premium modal, and nothing is sent. */
export const DuelRequestFreePlan: Story = {
  parameters: { msw: [...duelKinds, accountInfo('free')] },
  play: async () => {
    const body = within(document.body);
    const accept = await body.findByRole('menuitem', { name: "Accept fede's duel" });
    await waitFor(() => expect(accept).not.toHaveAttribute('aria-disabled'));
    await userEvent.click(accept);
    await body.findByRole('dialog', { name: 'Duels' });
  },
};

/** Whether fede's request was hidden (`DuelRequestHidden`); reset before the story renders. */
let duelHidden = false;

/**
 * Hide on fede's pending duel request: the request is hidden from the learner's lists
 * (`delete_notification`) and its notification deleted, so the bell, opened again, lists the
 * other two.
 */
export const DuelRequestHidden: Story = {
  loaders: [
    () => {
      duelHidden = false;
      return {};
    },
  ],
  parameters: {
    msw: [
      api.post('/duels/duel-requests/{id}/delete_notification/', () => {
        duelHidden = true;
        return new HttpResponse(null, { status: 204 });
      }),
      api.delete('/notifications/{id}/', () => new HttpResponse(null, { status: 204 })),
      api.get('/notifications/', () => {
        const all = duelNotificationPage();
        const results = all.results.filter((n) => !duelHidden || n.id !== 63);
        return HttpResponse.json({ ...all, count: results.length, results, unseen_count: 0 });
      }),
      api.get('/duels/requests/pending/', () =>
        HttpResponse.json(duelHidden ? [] : (pendingDuelBody as never)),
      ),
      pending,
      accountInfo('standard'),
    ],
  },
  play: async () => {
    const body = within(document.body);
    await userEvent.click(await body.findByRole('menuitem', { name: "Hide fede's duel request" }));
    await waitFor(() => expect(duelHidden).toBe(true));
    const bell = body.getByRole('button', { name: /Notifications/ });
    await userEvent.click(bell);
    await waitFor(() => expect(body.getAllByRole('menuitem')).toHaveLength(2));
    await expect(body.queryByRole('menuitem', { name: /fede/ })).toBeNull();
    // Opened again on the settled list, so the first item has the focus whichever answer came
    // first (the menu may have opened on fede's item; the focus then moves to the item that
    // takes its place, and Escape closes the menu).
    await userEvent.keyboard('{Escape}');
    await userEvent.click(bell);
    await waitFor(() => expect(body.getAllByRole('menuitem')[0]).toHaveFocus());
  },
};

/** The Hide failed (the service is down): an error with Retry; the request stays in the bell. */
export const DuelHideFailed: Story = {
  tags: ['expected-console-errors', 'expected-http-errors'],
  parameters: {
    msw: [
      ...duelKinds,
      accountInfo('standard'),
      fail('post', '/duels/duel-requests/{id}/delete_notification/', 503, {
        detail: 'The database does not answer.',
        code: 'unavailable',
      }),
    ],
  },
  play: async () => {
    const body = within(document.body);
    await userEvent.click(await body.findByRole('menuitem', { name: "Hide fede's duel request" }));
    const retry = await body.findByRole('button', { name: 'Retry' });
    // The pointer rests on the error, which pauses its auto-hide: the story ends in a state
    // that lasts.
    await userEvent.hover(retry);
    await expect(body.getByText(/not available right now/)).toBeVisible();
  },
};

/** Duel kinds in Spanish, with Hide; dark, on a phone. */
export const DuelKindsPhoneDarkSpanish: Story = {
  globals: { locale: 'es', theme: 'dark', viewport: { value: 'phone' } },
  parameters: { msw: [...duelKinds, accountInfo('standard')] },
};

/** Bought (active until its end), cancelled (kept until its end), and a payment that failed. */
const subscriptionKinds = ok('/notifications/', {
  count: 3,
  next: null,
  previous: null,
  unseen_count: 3,
  results: [
    ['active', '2025-02-15T10:30:00.000Z', '2025-01-15T10:25:00.000Z'],
    ['cancelled', '2025-02-15T10:30:00.000Z', '2025-01-15T08:30:00.000Z'],
    ['failed', null, '2025-01-14T10:30:00.000Z'],
  ].map(([status, endDate, at], i) => ({
    id: 70 - i,
    kind: 'subscription_changed' as const,
    payload: {
      subscription_id: 9,
      status: status as 'active' | 'cancelled' | 'failed',
      plan_name: 'standard' as const,
      end_date: endDate,
    },
    actor_username: null,
    created_at: at as string,
    seen_at: null,
  })),
});

/** Subscription kinds: each says what happened to which plan, and until when it lasts. */
export const SubscriptionKinds: Story = { parameters: { msw: [subscriptionKinds, pending] } };

export const SubscriptionKindsDarkSpanish: Story = {
  globals: { theme: 'dark', locale: 'es' },
  parameters: { msw: [subscriptionKinds, pending] },
};
