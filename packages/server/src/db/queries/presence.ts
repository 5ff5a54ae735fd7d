/**
 * Who has a live events stream open (`stream_presence`). Each app instance writes only its own
 * rows (events/hub.ts); any instance reads them, so a duel on one instance sees an opponent
 * connected to another.
 */
import type { Query } from './pg.ts';

/**
 * A row not refreshed for this long belongs to an instance that stopped without removing it
 * (killed, cut from the database): three heartbeats of 25 s.
 */
export const PRESENCE_TTL_MS = 75_000;

/** `userId` opened their first stream on this instance. */
export async function addPresence(q: Query, instanceId: string, userId: number): Promise<void> {
  await q`
    insert into stream_presence (instance_id, user_id) values (${instanceId}, ${userId})
    on conflict (instance_id, user_id) do update set seen_at = now()`;
}

/** `userId`'s last stream on this instance closed. */
export async function removePresence(q: Query, instanceId: string, userId: number): Promise<void> {
  await q`delete from stream_presence where instance_id = ${instanceId} and user_id = ${userId}`;
}

/** The heartbeat: makes this instance's rows exactly `userIds`, each seen now. */
export async function syncPresence(
  q: Query,
  instanceId: string,
  userIds: readonly number[],
): Promise<void> {
  const ids = [...userIds];
  await q`
    delete from stream_presence
    where instance_id = ${instanceId} and not (user_id = any(${ids}::int[]))`;
  if (ids.length === 0) return;
  await q`
    insert into stream_presence (instance_id, user_id, seen_at)
    select ${instanceId}, u.id, now() from users u where u.id = any(${ids}::int[])
    on conflict (instance_id, user_id) do update set seen_at = excluded.seen_at`;
}

/** Which of `userIds` have a live stream on any instance. */
export async function connectedAmong(q: Query, userIds: readonly number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await q<{ user_id: number }[]>`
    select distinct user_id from stream_presence
    where user_id = any(${[...userIds]}::int[])
      and seen_at > now() - make_interval(secs => ${PRESENCE_TTL_MS / 1000})`;
  return new Set(rows.map((r) => r.user_id));
}
