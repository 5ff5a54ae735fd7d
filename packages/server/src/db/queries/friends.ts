/** Friend requests and friendships: every SQL statement on `friendships`. */
import type { FriendshipStatus } from '../../domain/friends/friendship.ts';
import {
  type PersonRecord,
  SENDER_RECEIVER_COLUMNS,
  type SenderReceiverRow,
  toSenderAndReceiver,
} from './people.ts';
import { pgDate, type Query } from './pg.ts';

export type FriendUserRecord = PersonRecord;

export interface FriendshipRecord {
  id: number;
  senderId: number;
  receiverId: number;
  status: FriendshipStatus;
  createdAt: Date;
  updatedAt: Date;
}

/** A friendship with both people, for answers. */
export interface FriendshipView extends FriendshipRecord {
  sender: FriendUserRecord;
  receiver: FriendUserRecord;
}

interface FriendshipRow {
  id: number;
  sender_id: number;
  receiver_id: number;
  status: FriendshipStatus;
  created_at: string;
  updated_at: string;
}

type FriendshipViewRow = FriendshipRow & SenderReceiverRow;

function toFriendship(row: FriendshipRow): FriendshipRecord {
  return {
    id: row.id,
    senderId: row.sender_id,
    receiverId: row.receiver_id,
    status: row.status,
    createdAt: pgDate(row.created_at),
    updatedAt: pgDate(row.updated_at),
  };
}

function toFriendshipView(row: FriendshipViewRow): FriendshipView {
  return { ...toFriendship(row), ...toSenderAndReceiver(row) };
}

/** An active user by exact email or username, both compared case-insensitively. */
export async function findActiveUser(
  q: Query,
  by: { email?: string; username?: string },
): Promise<FriendUserRecord | null> {
  const rows = await q<
    { id: number; email: string; username: string; first_name: string; last_name: string }[]
  >`
    select id, email, username, first_name, last_name from users
    where is_active and ${
      by.email !== undefined
        ? q`lower(email) = lower(${by.email})`
        : q`lower(username) = lower(${by.username ?? ''})`
    }`;
  const row = rows[0];
  return row
    ? {
        id: row.id,
        email: row.email,
        username: row.username,
        firstName: row.first_name,
        lastName: row.last_name,
      }
    : null;
}

/** The pair's open request or friendship (pending or accepted; at most one), locked. */
export async function openFriendshipBetween(
  q: Query,
  a: number,
  b: number,
): Promise<FriendshipRecord | null> {
  const [row] = await q<FriendshipRow[]>`
    select id, sender_id, receiver_id, status, created_at, updated_at from friendships
    where least(sender_id, receiver_id) = ${Math.min(a, b)}
      and greatest(sender_id, receiver_id) = ${Math.max(a, b)}
      and status in ('pending', 'accepted')
    for update`;
  return row ? toFriendship(row) : null;
}

/** A new pending request; a unique violation of `friendships_open_pair_key` when one is open. */
export async function insertFriendRequest(
  q: Query,
  senderId: number,
  receiverId: number,
): Promise<number> {
  const [row] = await q<{ id: number }[]>`
    insert into friendships (sender_id, receiver_id) values (${senderId}, ${receiverId})
    returning id`;
  if (!row) throw new Error('insert into friendships returned no row');
  return row.id;
}

/** A friendship `userId` is part of, locked for the change that follows; null otherwise. */
export async function lockFriendshipOf(
  q: Query,
  id: number,
  userId: number,
): Promise<FriendshipRecord | null> {
  const [row] = await q<FriendshipRow[]>`
    select id, sender_id, receiver_id, status, created_at, updated_at from friendships
    where id = ${id} and (sender_id = ${userId} or receiver_id = ${userId})
    for update`;
  return row ? toFriendship(row) : null;
}

export async function setFriendshipStatus(
  q: Query,
  id: number,
  status: FriendshipStatus,
): Promise<void> {
  await q`update friendships set status = ${status}, updated_at = now() where id = ${id}`;
}

const VIEW_COLUMNS = (q: Query) => q`
  f.id, f.sender_id, f.receiver_id, f.status, f.created_at, f.updated_at,
  ${SENDER_RECEIVER_COLUMNS(q)}`;

export async function friendshipView(q: Query, id: number): Promise<FriendshipView | null> {
  const [row] = await q<FriendshipViewRow[]>`
    select ${VIEW_COLUMNS(q)} from friendships f
    join users s on s.id = f.sender_id join users r on r.id = f.receiver_id
    where f.id = ${id}`;
  return row ? toFriendshipView(row) : null;
}

export interface FriendshipFilter {
  status?: FriendshipStatus;
  /** received: the caller is the receiver; sent: the caller is the sender. */
  direction?: 'received' | 'sent';
  /** newest: by creation, newest first; friend: by the other person's username. */
  order: 'newest' | 'friend';
}

/** One page of the friendships `userId` is part of, with the total. */
export async function listFriendships(
  q: Query,
  userId: number,
  filter: FriendshipFilter,
  window: { offset: number; limit: number },
): Promise<{ count: number; results: FriendshipView[] }> {
  const where = q`
    where ${
      filter.direction === 'received'
        ? q`f.receiver_id = ${userId}`
        : filter.direction === 'sent'
          ? q`f.sender_id = ${userId}`
          : q`(f.sender_id = ${userId} or f.receiver_id = ${userId})`
    }
    ${filter.status ? q`and f.status = ${filter.status}` : q``}`;
  const order =
    filter.order === 'newest'
      ? q`order by f.created_at desc, f.id desc`
      : q`order by lower(case when f.sender_id = ${userId} then r.username else s.username end), f.id`;
  const [counts, rows] = await Promise.all([
    q<{ count: number }[]>`select count(*)::int as count from friendships f ${where}`,
    q<FriendshipViewRow[]>`
      select ${VIEW_COLUMNS(q)} from friendships f
      join users s on s.id = f.sender_id join users r on r.id = f.receiver_id
      ${where} ${order}
      limit ${window.limit} offset ${window.offset}`,
  ]);
  return { count: counts[0]?.count ?? 0, results: rows.map(toFriendshipView) };
}

export interface FriendRecord extends FriendUserRecord {
  friendshipId: number;
  friendsSince: Date;
}

/** One page of `userId`'s friends, by username, with the total. */
export async function listFriends(
  q: Query,
  userId: number,
  window: { offset: number; limit: number },
): Promise<{ count: number; results: FriendRecord[] }> {
  const [counts, rows] = await Promise.all([
    q<{ count: number }[]>`
      select count(*)::int as count from friendships
      where (sender_id = ${userId} or receiver_id = ${userId}) and status = 'accepted'`,
    q<
      {
        id: number;
        email: string;
        username: string;
        first_name: string;
        last_name: string;
        friendship_id: number;
        friends_since: string;
      }[]
    >`
      select u.id, u.email, u.username, u.first_name, u.last_name,
             f.id as friendship_id, f.updated_at as friends_since
      from friendships f
      join users u on u.id = case when f.sender_id = ${userId} then f.receiver_id else f.sender_id end
      where (f.sender_id = ${userId} or f.receiver_id = ${userId}) and f.status = 'accepted'
      order by lower(u.username), u.id
      limit ${window.limit} offset ${window.offset}`,
  ]);
  return {
    count: counts[0]?.count ?? 0,
    results: rows.map((r) => ({
      id: r.id,
      email: r.email,
      username: r.username,
      firstName: r.first_name,
      lastName: r.last_name,
      friendshipId: r.friendship_id,
      friendsSince: pgDate(r.friends_since),
    })),
  };
}

export interface UserSearchRecord extends FriendUserRecord {
  /** The pair's open request or friendship, if any. */
  open: FriendshipRecord | null;
}

/**
 * Usernames read from the prefix's index range before they are put in the collation's order.
 * Exact whenever at most this many usernames start with the prefix; beyond it (one or two
 * letters among many users) the results come from the first this many in code-point order.
 */
const SEARCH_WINDOW = 1000;

/**
 * Active users other than `userId` whose username starts with `text` or whose email is `text`
 * (case-insensitive), by username, at most `limit`, each with the pair's open friendship.
 *
 * The prefix is a range of `users_username_pattern_idx` (`~>=~` and `~<~`, up to the prefix
 * followed by the last code point, read in the index's order up to `SEARCH_WINDOW`), not
 * `like 'abc%'`: PostgreSQL turns a LIKE into an index range only when the pattern is known at
 * planning, and a prepared statement run often is planned once without it. That generic plan
 * walked the whole username index in order, filtering every user (61,000 users: 63 searches a
 * second). The email is its own branch on its index. `friends-plans.test.ts` reads the generic
 * plan.
 */
export async function searchUsers(
  q: Query,
  userId: number,
  text: string,
  limit: number,
): Promise<UserSearchRecord[]> {
  const rows = await q<
    {
      id: number;
      email: string;
      username: string;
      first_name: string;
      last_name: string;
      f_id: number | null;
      f_sender_id: number | null;
      f_receiver_id: number | null;
      f_status: FriendshipStatus | null;
      f_created_at: string | null;
      f_updated_at: string | null;
    }[]
  >`
    select u.id, u.email, u.username, u.first_name, u.last_name,
           f.id as f_id, f.sender_id as f_sender_id, f.receiver_id as f_receiver_id,
           f.status as f_status, f.created_at as f_created_at, f.updated_at as f_updated_at
    from (
      select x.id, x.key from (
        (select m.id, lower(m.username) as key from users m
         where lower(m.username) ~>=~ lower(${text})
           and lower(m.username) ~<~ (lower(${text}) || chr(1114111))
           and m.is_active and m.id <> ${userId}
         order by lower(m.username) using ~<~
         limit ${SEARCH_WINDOW})
        union
        select m.id, lower(m.username) from users m
        where lower(m.email) = lower(${text}) and m.is_active and m.id <> ${userId}
      ) x
      order by x.key, x.id
      limit ${limit}
    ) found
    join users u on u.id = found.id
    left join friendships f
      on least(f.sender_id, f.receiver_id) = least(u.id, ${userId}::int)
     and greatest(f.sender_id, f.receiver_id) = greatest(u.id, ${userId}::int)
     and f.status in ('pending', 'accepted')
    order by found.key, u.id`;
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    username: r.username,
    firstName: r.first_name,
    lastName: r.last_name,
    open:
      r.f_id === null
        ? null
        : toFriendship({
            id: r.f_id,
            sender_id: r.f_sender_id as number,
            receiver_id: r.f_receiver_id as number,
            status: r.f_status as FriendshipStatus,
            created_at: r.f_created_at as string,
            updated_at: r.f_updated_at as string,
          }),
  }));
}
