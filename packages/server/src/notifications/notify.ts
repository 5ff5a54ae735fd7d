/**
 * The one way any domain tells a user something: `notify(tx, …)` inside the producer's own
 * transaction writes the durable row and signals every instance through `pg_notify`, which
 * PostgreSQL delivers only when (and if) that transaction commits.
 */
import type postgres from 'postgres';
import type { Schemas } from '../contract/schemas.ts';

export type NotificationKind = Schemas['NotificationKind'];
export type NotificationPayload = Schemas['NotificationPayload'];

/** The channel every instance LISTENs on (see `src/events`). */
export const EVENTS_CHANNEL = 'memoria_events';

/** What `pg_notify` carries: the addressee and the row's id; the row itself is the source. */
export interface EventSignal {
  user_id: number;
  id: number;
}

/**
 * A live-only event for the addressee's open streams (no row, not replayed): `recordActivity`'s
 * `activity`, `duel_progress`. Sent with `pg_notify` on the same channel once the write has
 * committed (`sendLiveSignal`).
 */
export interface LiveSignal {
  user_id: number;
  event: string;
  data: unknown;
}

/**
 * Key class of the per-user advisory lock below (an arbitrary constant: 'not' in ASCII). Ids are
 * taken under the lock and it is held until commit, so one user's notification ids become visible
 * in increasing order and a stream resuming after `Last-Event-ID` can never skip a row that
 * committed after a higher id.
 */
const NOTIFY_LOCK_CLASS = 0x6e6f74;

/** Writes a notification for `userId` and signals it; returns its id (also its event id). */
export async function notify(
  tx: postgres.TransactionSql,
  userId: number,
  kind: NotificationKind,
  payload: NotificationPayload,
  options: { actorId?: number | null } = {},
): Promise<number> {
  await tx`select pg_advisory_xact_lock(${NOTIFY_LOCK_CLASS}::int, ${userId}::int)`;
  const [row] = await tx<{ id: string }[]>`
    insert into notifications (user_id, kind, actor_id, payload)
    values (${userId}, ${kind}, ${options.actorId ?? null}, ${JSON.stringify(payload)}::jsonb)
    returning id`;
  if (!row) throw new Error('notify: the insert returned no row');
  const id = Number(row.id);
  const signal: EventSignal = { user_id: userId, id };
  await tx`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(signal)})`;
  return id;
}
