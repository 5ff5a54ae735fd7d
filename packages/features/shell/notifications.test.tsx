import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createIntl } from '@formatjs/intl';
import {
  $eventsConnection,
  $session,
  type Notification,
  saveTokens,
  setNavigate,
} from '@memoria/api';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { parse } from 'yaml';
import { messages } from '../messages.ts';
import { renderWithProviders, startApiServer, type TestServer } from '../shared/test/render.tsx';
import { NOTIFICATIONS_MAX_HEIGHT, NotificationsMenu } from './NotificationsMenu.tsx';
import { notificationAge, notificationText, notificationView } from './notifications.ts';

const NOW = Date.parse('2025-01-15T10:30:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

function format(locale: 'en' | 'es', createdAt: string): string {
  const intl = createIntl({ locale, messages: messages[locale] });
  const age = notificationAge(createdAt, NOW);
  return intl.formatMessage({ id: age.id }, { count: age.count ?? 0 });
}

describe('notification age (§2)', () => {
  test("'Just now' under 1 hour", () => {
    expect(format('en', ago(0))).toBe('Just now');
    expect(format('en', ago(59 * MIN))).toBe('Just now');
    expect(format('es', ago(30 * MIN))).toBe('Justo ahora');
    // A clock slightly behind the server's: still 'Just now'.
    expect(format('en', ago(-5 * MIN))).toBe('Just now');
  });

  test('then whole hours, with plurals', () => {
    expect(format('en', ago(HOUR))).toBe('1 hour ago');
    expect(format('en', ago(5 * HOUR + 59 * MIN))).toBe('5 hours ago');
    expect(format('en', ago(23 * HOUR))).toBe('23 hours ago');
    expect(format('es', ago(HOUR))).toBe('hace 1 hora');
    expect(format('es', ago(3 * HOUR))).toBe('hace 3 horas');
  });

  test('then whole days', () => {
    expect(format('en', ago(DAY))).toBe('1 day ago');
    expect(format('en', ago(9 * DAY + 5 * HOUR))).toBe('9 days ago');
    expect(format('es', ago(2 * DAY))).toBe('hace 2 días');
  });
});

const share = (id: number, at: string, seen = false): Notification => ({
  id,
  kind: 'desk_shared',
  payload: { desk_id: id, desk_name: `Desk ${id}`, from_username: 'bo', allow_editing: false },
  actor_username: 'bo',
  created_at: at,
  seen_at: seen ? at : null,
});

describe('notificationView', () => {
  test('a deck share links to its deck; an unknown kind gets the generic text', () => {
    expect(notificationView(share(7, ago(0)))).toEqual({
      message: 'shell.notifications.deskShared',
      values: { name: 'bo', desk: 'Desk 7' },
      href: '/space-repetition/7',
    });
    const unknown = { ...share(8, ago(0)), kind: 'school_report' } as unknown as Notification;
    expect(notificationView(unknown).message).toBe('shell.notifications.other');
  });

  test('duel kinds name the sender and the kind of duel; an accepted one links into its duel', () => {
    const duel = (kind: Notification['kind'], duelType: 'desk' | 'table'): Notification => ({
      ...share(10, ago(0)),
      kind,
      payload: { duel_request_id: 3, duel_id: 31, duel_type: duelType, from_username: 'fede' },
      actor_username: 'fede',
    });
    const text = (locale: 'en' | 'es', n: Notification) => {
      const view = notificationView(n);
      return createIntl({ locale, messages: messages[locale] }).formatMessage(
        { id: view.message },
        view.values,
      );
    };
    expect(notificationView(duel('duel_request', 'desk')).href).toBe('/multiple-duels');
    expect(text('en', duel('duel_request', 'desk'))).toBe('fede challenged you to a desk duel');
    expect(text('es', duel('duel_request', 'desk'))).toBe('fede te retó a un duelo de mazo');
    expect(notificationView(duel('duel_accepted', 'table')).href).toBe('/table-duel/31');
    expect(text('en', duel('duel_accepted', 'table'))).toBe('fede accepted your table duel');
    expect(notificationView(duel('duel_accepted', 'desk')).href).toBe('/duel/31');
    expect(notificationView(duel('duel_rejected', 'desk')).href).toBe('/multiple-duels');
    expect(text('es', duel('duel_rejected', 'table'))).toBe('fede rechazó tu duelo de números');
  });

  test('match kinds name the sender and the best-of, and link to the match', () => {
    const match = (kind: Notification['kind']): Notification => ({
      ...share(11, ago(0)),
      kind,
      payload: { match_id: 41, best_of: 3, from_username: 'fede' },
      actor_username: 'fede',
    });
    const text = (locale: 'en' | 'es', n: Notification) => {
      const view = notificationView(n);
      return createIntl({ locale, messages: messages[locale] }).formatMessage(
        { id: view.message },
        view.values,
      );
    };
    expect(notificationView(match('match_request')).href).toBe('/match/41');
    expect(text('en', match('match_request'))).toBe('fede challenged you to a best-of-3 match');
    expect(text('es', match('match_accepted'))).toBe('fede aceptó tu partida al mejor de 3');
    expect(text('en', match('match_rejected'))).toBe('fede declined your best-of-3 match');
  });

  test('an accepted invitation names the invitee and links to the profile', () => {
    const accepted: Notification = {
      ...share(9, ago(0)),
      kind: 'invitation_accepted',
      payload: { invitation_id: 3, invitation_type: 'teacher', from_username: 'kim' },
      actor_username: 'kim',
    };
    expect(notificationView(accepted)).toEqual({
      message: 'shell.notifications.invitationAccepted',
      values: { name: 'kim' },
      href: '/profile',
    });
  });
});

/** The contract's own lists, read from openapi.yaml (not from the code under test). */
const schemas = parse(readFileSync(join(import.meta.dirname, '../../../openapi.yaml'), 'utf8'))
  .components.schemas as Record<string, { enum: string[] }>;
const KINDS = schemas.NotificationKind?.enum as Notification['kind'][];
const STATUSES = schemas.SubscriptionStatusValue?.enum as NonNullable<
  Notification['payload']['status']
>[];

/** A notification of `kind` with every payload field its kind may carry. */
const ofKind = (
  kind: Notification['kind'],
  payload: Notification['payload'] = {},
): Notification => ({
  id: 1,
  kind,
  payload: {
    friendship_id: 2,
    desk_id: 3,
    desk_name: 'Capitals',
    from_username: 'bo',
    allow_editing: false,
    subscription_id: 4,
    status: 'active',
    plan_name: 'standard',
    end_date: '2026-12-29T10:00:00Z',
    duel_request_id: 5,
    duel_id: 6,
    duel_type: 'desk',
    invitation_id: 7,
    invitation_type: 'teacher',
    ...payload,
  },
  actor_username: 'bo',
  created_at: ago(0),
  seen_at: null,
});

describe('every notification kind has its own text', () => {
  const intl = {
    en: createIntl({ locale: 'en', messages: messages.en }),
    es: createIntl({ locale: 'es', messages: messages.es }),
  };
  const generic = {
    en: intl.en.formatMessage({ id: 'shell.notifications.other' }),
    es: intl.es.formatMessage({ id: 'shell.notifications.other' }),
  };
  const cases: [string, Notification][] = KINDS.flatMap((kind) =>
    kind === 'subscription_changed'
      ? STATUSES.map((status): [string, Notification] => [
          `${kind} (${status})`,
          ofKind(kind, { status }),
        ])
      : [[kind, ofKind(kind)] as [string, Notification]],
  );

  test.each(cases)('%s, in English and Spanish', (_, notification) => {
    for (const locale of ['en', 'es'] as const) {
      const text = notificationText(intl[locale], notification);
      expect(text).not.toBe(generic[locale]);
      expect(text).not.toMatch(/[{}]/);
      expect(text.length).toBeGreaterThan(0);
    }
  });

  test('a subscription says its plan and until when it lasts', () => {
    const bought = ofKind('subscription_changed');
    expect(notificationText(intl.en, bought)).toBe(
      'Your Standard plan is active until Dec 29, 2026',
    );
    expect(notificationText(intl.es, bought)).toBe(
      'Tu plan Standard está activo hasta el 29 dic 2026',
    );
    const cancelled = ofKind('subscription_changed', { status: 'cancelled' });
    expect(notificationText(intl.en, cancelled)).toBe(
      'Your Standard plan was cancelled; you keep it until Dec 29, 2026',
    );
    // Sent before notifications carried the date: the same text without it.
    const older = ofKind('subscription_changed', { end_date: undefined });
    expect(notificationText(intl.en, older)).toBe('Your Standard plan is active');
  });
});

describe('NotificationsMenu', () => {
  let server: TestServer;
  const page = (results: Notification[]) => ({
    status: 200,
    body: {
      count: results.length,
      next: null,
      previous: null,
      unseen_count: results.filter((n) => !n.seen_at).length,
      results,
    },
  });

  beforeAll(async () => {
    server = await startApiServer();
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(() => {
    server.reset();
    saveTokens({ access: 'access', refresh: 'refresh' });
    $session.set({ signedIn: true, email: 'ana@example.com' });
  });

  test('lists deck shares newest first with their ages; opening resets the badge', async () => {
    let seen = false;
    server.handle((req) => {
      if (req.path.startsWith('/be/api/notifications/mark_seen/')) {
        seen = true;
        return { status: 200, body: { marked: 2, unseen_count: 0 } };
      }
      const list = [share(3, ago(10 * MIN)), share(2, ago(3 * HOUR)), share(1, ago(2 * DAY), true)];
      return page(seen ? list.map((n) => ({ ...n, seen_at: n.seen_at ?? ago(0) })) : list);
    });
    renderWithProviders(<NotificationsMenu now={NOW} />);
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 new' });
    fireEvent.click(bell);
    const items = screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(items).toEqual([
      'bo shared the deck “Desk 3” with youJust now',
      'bo shared the deck “Desk 2” with you3 hours ago',
      'bo shared the deck “Desk 1” with you2 days ago',
    ]);
    expect(screen.getByRole('menu').style.maxHeight).toBe(`${NOTIFICATIONS_MAX_HEIGHT}px`);
    // The badge resets at once, and the server is told up to the newest id shown.
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeTruthy();
    await waitFor(() => expect(server.hits('/be/api/notifications/mark_seen/')).toHaveLength(1));
    expect(JSON.parse(server.hits('/be/api/notifications/mark_seen/')[0]?.body ?? '')).toEqual({
      up_to_id: 3,
    });
  });

  test('shows an empty state', async () => {
    server.handle(() => page([]));
    renderWithProviders(<NotificationsMenu now={NOW} defaultOpen />);
    expect(await screen.findByText('No notifications')).toBeTruthy();
  });

  test('a failed list offers Retry, which loads it again', async () => {
    let fail = true;
    server.handle(() =>
      fail
        ? { status: 503, body: { detail: 'down', code: 'unavailable' } }
        : page([share(5, ago(0))]),
    );
    renderWithProviders(<NotificationsMenu now={NOW} defaultOpen />, { locale: 'es' });
    expect(await screen.findByText('No se pudieron cargar las notificaciones.')).toBeTruthy();
    fail = false;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    });
    expect(await screen.findByText('bo compartió el mazo «Desk 5» contigo')).toBeTruthy();
  });

  const friendNotice = (id: number, kind: Notification['kind'], friendshipId: number) =>
    ({
      id,
      kind,
      payload: { friendship_id: friendshipId, from_username: 'fede' },
      actor_username: 'fede',
      created_at: ago(0),
      seen_at: null,
    }) as Notification;

  test('a pending friend request offers Accept and Reject; answered ones only link', async () => {
    const accepted: string[] = [];
    server.handle((req) => {
      if (req.path.startsWith('/be/api/friends/friendships/pending/')) {
        // Only request 11 is still pending; request 10 was answered elsewhere.
        return {
          status: 200,
          body: {
            count: 1,
            next: null,
            previous: null,
            results: [
              {
                id: 11,
                status: 'pending',
                sender: { id: 6, email: null, username: 'fede', first_name: '', last_name: '' },
                receiver: {
                  id: 1,
                  email: 'a@x.io',
                  username: 'ana',
                  first_name: '',
                  last_name: '',
                },
                friend: { id: 6, email: null, username: 'fede', first_name: '', last_name: '' },
                direction: 'received',
                created_at: ago(0),
                updated_at: ago(0),
              },
            ],
          },
        };
      }
      if (req.path.startsWith('/be/api/friends/friendships/11/accept/')) {
        accepted.push(req.path);
        return { status: 200, body: {} };
      }
      if (req.path.startsWith('/be/api/notifications/mark_seen/')) {
        return { status: 200, body: { marked: 0, unseen_count: 0 } };
      }
      return page([
        friendNotice(3, 'friend_request', 11),
        friendNotice(2, 'friend_request', 10),
        friendNotice(1, 'friend_accepted', 9),
      ]);
    });
    renderWithProviders(<NotificationsMenu now={NOW} defaultOpen />);
    await screen.findByRole('menuitem', { name: /Accept fede/ });
    const items = screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(items).toEqual([
      'fede sent you a friend requestJust now',
      'Accept fede',
      'Reject fede',
      'fede sent you a friend requestJust now',
      'fede accepted your friend requestJust now',
    ]);
    fireEvent.click(screen.getByRole('menuitem', { name: /Accept fede/ }));
    await waitFor(() => expect(accepted).toEqual(['/be/api/friends/friendships/11/accept/']));
  });

  const duelNotice = (id: number, requestId: number) =>
    ({
      id,
      kind: 'duel_request',
      payload: { duel_request_id: requestId, duel_id: 30 + requestId, duel_type: 'desk' },
      actor_username: 'fede',
      created_at: ago(0),
      seen_at: null,
    }) as Notification;

  /** fede's duel request 21, still pending. */
  const pendingDuel = () => ({
    id: 21,
    sender_id: 6,
    receiver_id: 1,
    sender_email: 'fede@example.com',
    receiver_email: 'ana@example.com',
    sender_username: 'fede',
    receiver_username: 'ana',
    duel_id: 51,
    duel_type: 'desk',
    status: 'pending',
    direction: 'received',
    created_at: ago(0),
    responded_at: null,
  });
  const account = (features: string[]) => {
    const paid = features.includes('duels');
    return {
      account_type: paid ? 'standard' : 'free',
      role: 'student',
      is_paid: paid,
      features,
      subscription_end_date: null,
    };
  };

  /**
   * fede's duel requests 21 (still pending, notification 3) and 20 (answered, notification 2), for
   * an account with `features`. Hiding 21 takes it out of the pending list and, once notification 3
   * is deleted, out of the bell; `hideFails` answers the hide with 503.
   */
  function duelRequests(features: string[], { hideFails = false } = {}) {
    let hidden = false;
    let dropped = false;
    server.handle((req) => {
      if (req.path.startsWith('/be/api/duels/duel-requests/21/delete_notification/')) {
        if (hideFails) return { status: 503, body: { detail: 'down', code: 'unavailable' } };
        hidden = true;
        return { status: 204 };
      }
      if (req.method === 'DELETE' && req.path.startsWith('/be/api/notifications/3/')) {
        dropped = true;
        return { status: 204 };
      }
      if (req.path.startsWith('/be/api/duels/requests/pending/')) {
        return {
          status: 200,
          body: hidden ? [] : [pendingDuel()],
        };
      }
      if (req.path.startsWith('/be/api/duels/duel-requests/21/respond/')) {
        return {
          status: 200,
          body: { id: 21, duel_id: 51, duel_type: 'desk', status: 'accepted' },
        };
      }
      if (req.path.startsWith('/be/api/auth/users/account_info/')) {
        return { status: 200, body: account(features) };
      }
      if (req.path.startsWith('/be/api/notifications/mark_seen/')) {
        return { status: 200, body: { marked: 0, unseen_count: 0 } };
      }
      return page(dropped ? [duelNotice(2, 20)] : [duelNotice(3, 21), duelNotice(2, 20)]);
    });
  }
  const RESPOND = '/be/api/duels/duel-requests/21/respond/';
  const HIDE = '/be/api/duels/duel-requests/21/delete_notification/';

  test('a pending duel request offers Accept, which takes the learner into the duel', async () => {
    duelRequests(['space_repetition', 'duels', 'desk_duels']);
    const navigate = vi.fn();
    setNavigate(navigate);
    renderWithProviders(<NotificationsMenu now={NOW} defaultOpen />);
    const accept = await screen.findByRole('menuitem', { name: "Accept fede's duel" });
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'fede challenged you to a desk duelJust now',
      "Accept fede's duel",
      "Reject fede's duel",
      "Hide fede's duel request",
      'fede challenged you to a desk duelJust now',
    ]);
    await waitFor(() => expect(accept.getAttribute('aria-disabled')).not.toBe('true'));
    fireEvent.click(accept);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/duel/51'));
    expect(JSON.parse(server.hits(RESPOND)[0]?.body ?? '{}')).toEqual({ action: 'accept' });
  });

  test('on a free plan, Accept opens the Premium modal and sends nothing', async () => {
    duelRequests(['space_repetition']);
    const navigate = vi.fn();
    setNavigate(navigate);
    renderWithProviders(<NotificationsMenu now={NOW} defaultOpen />, { locale: 'es' });
    const accept = await screen.findByRole('menuitem', { name: 'Aceptar el duelo de fede' });
    await waitFor(() => expect(accept.getAttribute('aria-disabled')).not.toBe('true'));
    fireEvent.click(accept);
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Mejorar ahora' }).getAttribute('href')).toBe(
      '/pricing',
    );
    expect(server.hits(RESPOND)).toHaveLength(0);
    expect(navigate).not.toHaveBeenCalled();
  });

  test('Hide hides the pending duel request and takes its notification out of the bell', async () => {
    duelRequests(['space_repetition', 'duels', 'desk_duels']);
    renderWithProviders(<NotificationsMenu now={NOW} defaultOpen />);
    const hide = await screen.findByRole('menuitem', { name: "Hide fede's duel request" });
    fireEvent.click(hide);
    await waitFor(() => expect(server.hits('/be/api/notifications/3/')).toHaveLength(1));
    expect(server.hits(HIDE).map((r) => r.method)).toEqual(['POST']);
    expect(server.hits('/be/api/notifications/3/')[0]?.method).toBe('DELETE');
    fireEvent.click(screen.getByRole('button', { name: /Notifications/ }));
    await waitFor(() =>
      expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
        'fede challenged you to a desk duelJust now',
      ]),
    );
    expect(server.hits(RESPOND)).toHaveLength(0);
  });

  test('a Hide that fails says so with Retry, in Spanish', async () => {
    duelRequests(['space_repetition', 'duels', 'desk_duels'], { hideFails: true });
    renderWithProviders(<NotificationsMenu now={NOW} defaultOpen />, { locale: 'es' });
    fireEvent.click(
      await screen.findByRole('menuitem', { name: 'Ocultar la solicitud de duelo de fede' }),
    );
    const alert = await screen.findByText(messages.es['errors.code.unavailable'] as string);
    expect(alert).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(server.hits(HIDE)).toHaveLength(2));
    expect(server.hits('/be/api/notifications/3/')).toHaveLength(0);
  });

  test('while the events stream is down, reads pending duel requests and shows a new one', async () => {
    // The bell's list does not name a duel request yet: only the stream being down reads them.
    let reads = 0;
    server.handle((req) => {
      if (req.path.startsWith('/be/api/duels/requests/pending/')) {
        return { status: 200, body: [pendingDuel()] };
      }
      if (req.path.startsWith('/be/api/auth/users/account_info/')) {
        return { status: 200, body: account(['space_repetition', 'duels']) };
      }
      reads += 1;
      return page(reads === 1 ? [] : [duelNotice(3, 21)]);
    });
    $eventsConnection.set({ ...$eventsConnection.get(), status: 'down', polling: true });
    try {
      renderWithProviders(<NotificationsMenu now={NOW} defaultOpen />);
      // The request the list did not show reloads the list, which now has it, with its Accept.
      expect(await screen.findByRole('menuitem', { name: "Accept fede's duel" })).toBeTruthy();
      expect(server.hits('/be/api/notifications/')).toHaveLength(2);
    } finally {
      $eventsConnection.set({ ...$eventsConnection.get(), status: 'off', polling: true });
    }
  });
});
