import type { Meta, StoryObj } from '@storybook/react-vite';
import { messages } from '../messages.ts';
import { withQueryClient, withSession } from '../shared/storybook.tsx';
import {
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

/** Duel kinds: a request (answered on the duels hub), an accepted duel (links into it), a rejection. */
export const DuelKinds: Story = {
  parameters: { msw: [ok('/notifications/', duelNotificationPage()), pending] },
};
