import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { messages } from '../messages.ts';
import { withQueryClient, withSession } from '../shared/storybook.tsx';
import {
  accountInfo,
  duelNotificationPage,
  fail,
  friendNotificationPage,
  notificationPage,
  ok,
  page,
  pendingReceived,
} from '../shared/storyData.ts';
import { NotificationsMenu } from './NotificationsMenu.tsx';

/** The requests still pending, which the bell offers to answer. */
const pending = ok('/friends/friendships/pending/', page(pendingReceived()));
/** fede's duel request (63 in `duelNotificationPage`), still pending. */
const pendingDuel = ok('/duels/requests/pending/', [
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
  },
]);
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
          width: 420,
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

/** Desk shares ('Just now', hours, days) and a kind this client does not know yet. */
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
