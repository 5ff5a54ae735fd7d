/** How the bell shows a notification: its message by kind (with a fallback) and its age. */
import { arenaPath, type Notification } from '@memoria/api';
import type { ShellMessageId } from './messages.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export type Age =
  | { id: Extract<ShellMessageId, 'shell.age.justNow'>; count?: undefined }
  | { id: Extract<ShellMessageId, 'shell.age.hours' | 'shell.age.days'>; count: number };

/** 'Just now' under 1 hour, then whole hours under a day, then whole days (§2). */
export function notificationAge(createdAt: string, now: number): Age {
  const elapsed = Math.max(0, now - Date.parse(createdAt));
  if (!Number.isFinite(elapsed) || elapsed < HOUR_MS) return { id: 'shell.age.justNow' };
  if (elapsed < DAY_MS) return { id: 'shell.age.hours', count: Math.floor(elapsed / HOUR_MS) };
  return { id: 'shell.age.days', count: Math.floor(elapsed / DAY_MS) };
}

export type NotificationView = {
  message: ShellMessageId;
  values: Record<string, string>;
  href?: string;
  /** A friend request the bell can answer (Accept, Reject) while it is still pending. */
  friendRequestId?: number;
  /** A duel request the bell can answer (Accept, Reject) while it is still pending. */
  duelRequestId?: number;
  /** A plan named in the text as `{plan}` (its name in the reader's language). */
  plan?: Notification['payload']['plan_name'];
  /** A day named in the text as `{until}` (ISO; formatted in the reader's language). */
  until?: string;
};

/** The message of each subscription status; a dated one has an undated form for older rows. */
const SUBSCRIPTION_MESSAGES = {
  active: [
    'shell.notifications.subscriptionActive',
    'shell.notifications.subscriptionActiveUndated',
  ],
  cancelled: [
    'shell.notifications.subscriptionCancelled',
    'shell.notifications.subscriptionCancelledUndated',
  ],
  expired: ['shell.notifications.subscriptionExpired', 'shell.notifications.subscriptionExpired'],
  pending: ['shell.notifications.subscriptionPending', 'shell.notifications.subscriptionPending'],
  failed: ['shell.notifications.subscriptionFailed', 'shell.notifications.subscriptionFailed'],
} as const satisfies Record<
  NonNullable<Notification['payload']['status']>,
  readonly [ShellMessageId, ShellMessageId]
>;

/** The message of each friend kind; all of them link to `/friends`. */
const FRIEND_MESSAGES = {
  friend_request: 'shell.notifications.friendRequest',
  friend_accepted: 'shell.notifications.friendAccepted',
  friend_rejected: 'shell.notifications.friendRejected',
  friend_cancelled: 'shell.notifications.friendCancelled',
  friend_removed: 'shell.notifications.friendRemoved',
} as const satisfies Partial<Record<Notification['kind'], ShellMessageId>>;

/** The message of each duel kind; `{type}` selects the kind of duel. */
const DUEL_MESSAGES = {
  duel_request: 'shell.notifications.duelRequest',
  duel_accepted: 'shell.notifications.duelAccepted',
  duel_rejected: 'shell.notifications.duelRejected',
} as const satisfies Partial<Record<Notification['kind'], ShellMessageId>>;

/** The message of each match kind. */
const MATCH_MESSAGES = {
  match_request: 'shell.notifications.matchRequest',
  match_accepted: 'shell.notifications.matchAccepted',
  match_rejected: 'shell.notifications.matchRejected',
} as const satisfies Partial<Record<Notification['kind'], ShellMessageId>>;

/**
 * The message and link of a notification by its `kind`. A kind this client does not know (a newer
 * server's) shows a generic text rather than nothing.
 */
export function notificationView(notification: Notification): NotificationView {
  const { payload } = notification;
  const name = payload.from_username ?? notification.actor_username ?? '';
  switch (notification.kind) {
    case 'desk_shared':
      return {
        message: 'shell.notifications.deskShared',
        values: { name, desk: payload.desk_name ?? '' },
        href: payload.desk_id ? `/space-repetition/${payload.desk_id}` : undefined,
      };
    case 'friend_request':
    case 'friend_accepted':
    case 'friend_rejected':
    case 'friend_cancelled':
    case 'friend_removed':
      return {
        message: FRIEND_MESSAGES[notification.kind],
        values: { name },
        href: '/friends',
        friendRequestId: notification.kind === 'friend_request' ? payload.friendship_id : undefined,
      };
    // Duel requests are answered in the bell or on the duels hub; an accepted one leads into its
    // duel.
    case 'duel_request':
    case 'duel_accepted':
    case 'duel_rejected':
      return {
        message: DUEL_MESSAGES[notification.kind],
        values: { name, type: payload.duel_type ?? '' },
        href:
          notification.kind === 'duel_accepted' && payload.duel_type && payload.duel_id
            ? arenaPath(payload.duel_type, payload.duel_id)
            : '/multiple-duels',
        duelRequestId: notification.kind === 'duel_request' ? payload.duel_request_id : undefined,
      };
    // A match is answered, vetoed and played on its own page.
    case 'match_request':
    case 'match_accepted':
    case 'match_rejected':
      return {
        message: MATCH_MESSAGES[notification.kind],
        values: { name, bestOf: String(payload.best_of ?? 3) },
        href: payload.match_id ? `/match/${payload.match_id}` : '/multiple-duels',
      };
    // Bought, renewed, cancelled, expired or failed: the plan, and until when it lasts.
    case 'subscription_changed': {
      const [dated, undated] = SUBSCRIPTION_MESSAGES[payload.status ?? 'active'] ?? [
        'shell.notifications.other',
        'shell.notifications.other',
      ];
      const until = payload.end_date ?? undefined;
      return {
        message: until ? dated : undated,
        values: {},
        href: '/profile',
        plan: payload.plan_name ?? 'standard',
        until,
      };
    }
    case 'invitation_accepted':
      return {
        message: 'shell.notifications.invitationAccepted',
        values: { name },
        href: '/profile',
      };
    default:
      return { message: 'shell.notifications.other', values: {} };
  }
}

/** What `notificationText` needs of an intl object (react-intl's and @formatjs/intl's both fit). */
type NotificationIntl = {
  formatMessage(descriptor: { id: string }, values?: Record<string, string>): string;
  formatDate(value: string, options: Intl.DateTimeFormatOptions): string;
};

/** The text of a notification in the reader's language, its plan and day filled in. */
export function notificationText(intl: NotificationIntl, notification: Notification): string {
  const view = notificationView(notification);
  const values: Record<string, string> = { ...view.values };
  if (view.plan) values.plan = intl.formatMessage({ id: `shell.plan.${view.plan}` });
  if (view.until) values.until = intl.formatDate(view.until, { dateStyle: 'medium' });
  return intl.formatMessage({ id: view.message }, values);
}
