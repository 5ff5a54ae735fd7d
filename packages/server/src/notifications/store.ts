/** All SQL of the `notifications` table besides `notify`: typed rows and their one mapper. */
import type postgres from 'postgres';
import type { Schemas } from '../contract/schemas.ts';

type Query = postgres.Sql | postgres.TransactionSql;

interface NotificationRow {
  id: string;
  kind: Schemas['NotificationKind'];
  payload: Schemas['NotificationPayload'];
  actor_username: string | null;
  /** ISO 8601 in UTC, formatted by the query (the pool's Drizzle setup returns raw text). */
  created_at: string;
  read_at: string | null;
}

export function toNotification(row: NotificationRow): Schemas['Notification'] {
  return {
    id: Number(row.id),
    kind: row.kind,
    payload: row.payload,
    actor_username: row.actor_username,
    created_at: row.created_at,
    seen_at: row.read_at,
  };
}

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
const columns = (sql: Query) => sql`
  n.id, n.kind, n.payload, u.username as actor_username,
  to_char(n.created_at at time zone 'UTC', ${sql.unsafe(ISO)}) as created_at,
  to_char(n.read_at at time zone 'UTC', ${sql.unsafe(ISO)}) as read_at`;

/** One page of a user's visible notifications, newest first, with the total and unseen counts. */
export async function listNotifications(
  sql: Query,
  userId: number,
  page: number,
  pageSize: number,
): Promise<{ count: number; unseen: number; results: Schemas['Notification'][] }> {
  const [counts, rows] = await Promise.all([
    sql<{ count: number; unseen: number }[]>`
      select count(*)::int as count, count(*) filter (where read_at is null)::int as unseen
      from notifications where user_id = ${userId} and not is_deleted`,
    sql<NotificationRow[]>`
      select ${columns(sql)} from notifications n left join users u on u.id = n.actor_id
      where n.user_id = ${userId} and not n.is_deleted
      order by n.id desc
      limit ${pageSize} offset ${(page - 1) * pageSize}`,
  ]);
  return {
    count: counts[0]?.count ?? 0,
    unseen: counts[0]?.unseen ?? 0,
    results: rows.map(toNotification),
  };
}

/** Visible notifications of a user after `afterId`, oldest first (the stream's catch-up). */
export async function notificationsAfter(
  sql: Query,
  userId: number,
  afterId: number,
  limit: number,
): Promise<Schemas['Notification'][]> {
  const rows = await sql<NotificationRow[]>`
    select ${columns(sql)} from notifications n left join users u on u.id = n.actor_id
    where n.user_id = ${userId} and n.id > ${afterId} and not n.is_deleted
    order by n.id
    limit ${limit}`;
  return rows.map(toNotification);
}

/** The id of a user's newest notification (0 when none): where a fresh stream starts. */
export async function newestNotificationId(sql: Query, userId: number): Promise<number> {
  const [row] = await sql<{ id: string | null }[]>`
    select max(id) as id from notifications where user_id = ${userId}`;
  return Number(row?.id ?? 0);
}

/** Marks unseen notifications seen (all, or those with id ≤ `upToId`). */
export async function markNotificationsSeen(
  sql: Query,
  userId: number,
  upToId: number | undefined,
): Promise<{ marked: number; unseen: number }> {
  const marked = await sql`
    update notifications set read_at = now()
    where user_id = ${userId} and read_at is null and not is_deleted
      ${upToId === undefined ? sql`` : sql`and id <= ${upToId}`}`;
  const [left] = await sql<{ unseen: number }[]>`
    select count(*)::int as unseen from notifications
    where user_id = ${userId} and read_at is null and not is_deleted`;
  return { marked: marked.count, unseen: left?.unseen ?? 0 };
}

/** Soft-deletes one of the user's notifications; false when it is not theirs or already gone. */
export async function deleteNotification(sql: Query, userId: number, id: number): Promise<boolean> {
  const result = await sql`
    update notifications set is_deleted = true
    where id = ${id} and user_id = ${userId} and not is_deleted`;
  return result.count === 1;
}
