/**
 * Browsers subscribed to push notifications (issue 46): one row per push-service endpoint, owned
 * by the account that subscribed it last. Each user keeps at most `MAX_PUSH_SUBSCRIPTIONS`.
 */
import { pgDate, type Query } from './pg.ts';

/** Browsers per user; the oldest goes when one more subscribes. */
export const MAX_PUSH_SUBSCRIPTIONS = 20;

export interface PushSubscriptionRecord {
  id: number;
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  language: string;
  createdAt: Date;
}

interface Row {
  id: number;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  language: string;
  created_at: string;
}

function toRecord(row: Row): PushSubscriptionRecord {
  return {
    id: row.id,
    userId: row.user_id,
    endpoint: row.endpoint,
    p256dh: row.p256dh,
    auth: row.auth,
    language: row.language,
    createdAt: pgDate(row.created_at),
  };
}

/** The user's subscriptions, oldest first. */
export async function listPushSubscriptions(
  q: Query,
  userId: number,
): Promise<PushSubscriptionRecord[]> {
  const rows = await q<Row[]>`
    select id, user_id, endpoint, p256dh, auth, language, created_at
    from push_subscriptions where user_id = ${userId} order by id`;
  return rows.map(toRecord);
}

/**
 * Stores the endpoint for `userId`, or moves an existing one to them with its new keys; then
 * drops the user's oldest beyond the limit. `created` is false when the endpoint was stored.
 */
export async function savePushSubscription(
  q: Query,
  s: { userId: number; endpoint: string; p256dh: string; auth: string; language: string },
): Promise<{ record: PushSubscriptionRecord; created: boolean }> {
  const [row] = await q<(Row & { created: boolean })[]>`
    insert into push_subscriptions (user_id, endpoint, p256dh, auth, language)
    values (${s.userId}, ${s.endpoint}, ${s.p256dh}, ${s.auth}, ${s.language})
    on conflict (endpoint) do update set
      user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth,
      language = excluded.language
    returning id, user_id, endpoint, p256dh, auth, language, created_at, (xmax = 0) as created`;
  if (!row) throw new Error('savePushSubscription: the upsert returned no row');
  await q`
    delete from push_subscriptions where user_id = ${s.userId} and id not in (
      select id from push_subscriptions where user_id = ${s.userId}
      order by id desc limit ${MAX_PUSH_SUBSCRIPTIONS})`;
  return { record: toRecord(row), created: row.created };
}

/** Deletes one of the user's subscriptions; false when they have none with this id. */
export async function deletePushSubscription(
  q: Query,
  userId: number,
  id: number,
): Promise<boolean> {
  const rows = await q`delete from push_subscriptions where id = ${id} and user_id = ${userId}`;
  return rows.count > 0;
}

/** Forgets an endpoint its push service says is gone (404 or 410). */
export async function deletePushEndpoint(q: Query, endpoint: string): Promise<void> {
  await q`delete from push_subscriptions where endpoint = ${endpoint}`;
}
