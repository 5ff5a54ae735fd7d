/** Notifications of the bell: pending friend and duel requests, answers to sent duel requests. */
import type { Schemas } from '@memoria/api';
import type { ShellMessageId } from './messages.ts';

export type NotificationKind = 'friendRequest' | 'duelRequest' | 'duelAccepted' | 'duelRejected';

export type AppNotification = {
  /** Stable across polls: what the "seen" set remembers. */
  key: string;
  kind: NotificationKind;
  name: string;
  duelType?: Schemas['DuelType'];
  createdAt: string;
  href: string;
};

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

function duelHref(request: Schemas['DuelRequest']): string {
  switch (request.duel_type) {
    case 'images':
      return `/image-duel/${request.duel_id}`;
    case 'table':
      return `/table-duel/${request.duel_id}`;
    default:
      return `/duel/${request.duel_id}`;
  }
}

/** Builds the list, newest first, from the three sources (any of which may be missing). */
export function buildNotifications({
  pendingFriends = [],
  pendingDuels = [],
  duelRequests = [],
}: {
  pendingFriends?: readonly Schemas['Friendship'][] | undefined;
  pendingDuels?: readonly Schemas['DuelRequest'][] | undefined;
  duelRequests?: readonly Schemas['DuelRequest'][] | undefined;
}): AppNotification[] {
  const list: AppNotification[] = [];
  for (const friendship of pendingFriends) {
    if (friendship.direction !== 'received' || friendship.status !== 'pending') continue;
    list.push({
      key: `friend-${friendship.id}`,
      kind: 'friendRequest',
      name: friendship.sender.username,
      createdAt: friendship.created_at,
      href: '/friends',
    });
  }
  for (const request of pendingDuels) {
    if (request.is_deleted || request.status !== 'pending') continue;
    list.push({
      key: `duel-${request.id}`,
      kind: 'duelRequest',
      name: request.sender_username,
      duelType: request.duel_type,
      createdAt: request.created_at,
      href: '/multiple-duels',
    });
  }
  for (const request of duelRequests) {
    if (request.is_deleted || request.direction !== 'sent') continue;
    if (request.status !== 'accepted' && request.status !== 'rejected') continue;
    list.push({
      key: `duel-${request.id}-${request.status}`,
      kind: request.status === 'accepted' ? 'duelAccepted' : 'duelRejected',
      name: request.receiver_username,
      duelType: request.duel_type,
      createdAt: request.responded_at ?? request.created_at,
      href: request.status === 'accepted' ? duelHref(request) : '/multiple-duels',
    });
  }
  return list.sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

export const SEEN_NOTIFICATIONS_KEY = 'seen_notifications';

export function readSeen(): Set<string> {
  try {
    const raw = localStorage.getItem(SEEN_NOTIFICATIONS_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return new Set(Array.isArray(parsed) ? parsed.filter((k) => typeof k === 'string') : []);
  } catch {
    return new Set();
  }
}

export function writeSeen(keys: Iterable<string>): void {
  try {
    // Keep the set small: only what is still listed matters.
    localStorage.setItem(SEEN_NOTIFICATIONS_KEY, JSON.stringify([...keys].slice(-200)));
  } catch {
    // Storage unavailable: the badge resets for this page only.
  }
}
