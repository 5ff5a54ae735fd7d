import { createIntl } from '@formatjs/intl';
import { describe, expect, test } from 'vitest';
import { messages } from '../messages.ts';
import { buildNotifications, notificationAge } from './notifications.ts';

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

describe('buildNotifications', () => {
  const person = { id: 2, email: 'bo@example.com', username: 'bo', first_name: '', last_name: '' };
  test('received pending requests and answers to sent duels, newest first', () => {
    const list = buildNotifications({
      pendingFriends: [
        {
          id: 1,
          status: 'pending',
          sender: person,
          receiver: person,
          friend: person,
          direction: 'received',
          created_at: ago(2 * HOUR),
          updated_at: ago(2 * HOUR),
        },
        {
          id: 2,
          status: 'pending',
          sender: person,
          receiver: person,
          friend: person,
          direction: 'sent',
          created_at: ago(HOUR),
          updated_at: ago(HOUR),
        },
      ],
      duelRequests: [
        {
          id: 7,
          sender_id: 1,
          receiver_id: 2,
          sender_email: 'me@example.com',
          receiver_email: 'bo@example.com',
          sender_username: 'me',
          receiver_username: 'bo',
          status: 'accepted',
          duel_type: 'images',
          duel_id: 70,
          direction: 'sent',
          created_at: ago(DAY),
          responded_at: ago(MIN),
          is_deleted: false,
        },
      ],
    });
    expect(list.map((n) => [n.kind, n.href])).toEqual([
      ['duelAccepted', '/image-duel/70'],
      ['friendRequest', '/friends'],
    ]);
  });
});
