/**
 * The add-friend search and the pending lists read index ranges, never a whole table: each
 * statement the product sends (captured from the driver) is run again under EXPLAIN (ANALYZE,
 * BUFFERS) among 20,000 users, one of them with 1,000 friends and 50 requests each way, and the
 * test fails on a sequential scan of `users` or `friendships`. The username prefix is matched by
 * `users_username_pattern_idx` (`lower(username) text_pattern_ops`): a plain index on
 * `lower(username)` serves `like 'abc%'` only when the database's collation is C.
 */
import type postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, type TestBackend } from '../../test/harness.ts';
import {
  describePlans,
  fixStatistics,
  type PlanSpy,
  planSpy,
  type StatementPlan,
  seqScansOf,
  wholeTableScans,
} from '../../test/plans.ts';
import { listFriendships, searchUsers } from './friends.ts';

let t: TestBackend;
let spy: postgres.Sql;
let recorder: PlanSpy;
let userId: number;

/** Users in the table (FRIENDS_PLAN_USERS to read the plans at another size). */
const USERS = Number(process.env.FRIENDS_PLAN_USERS ?? 20_000);
const FRIENDS = 1_000;
const REQUESTS = 50;

beforeAll(async () => {
  t = await createTestBackend();
  userId = (await t.signUp({ username: 'plan_me' })).user.id;
  const { sql } = t.deps;
  // Inserted directly: signing up would hash 20,000 passwords.
  const others = await sql<{ id: number }[]>`
    insert into users (email, username, password_hash)
    select 'plan' || n || '@example.com', 'Plan_' || lpad(n::text, 6, '0'), 'not-a-hash'
    from generate_series(1, ${USERS}::int) n
    returning id`;
  const ids = others.map((u) => u.id);
  // Friends, requests received and sent, and friendships between the others (a busy table).
  await sql`
    insert into friendships (sender_id, receiver_id, status)
    select case when n % 2 = 0 then ${userId}::int else ids[n] end,
           case when n % 2 = 0 then ids[n] else ${userId}::int end,
           'accepted'
    from (select ${ids}::int[] as ids) s, generate_series(1, ${FRIENDS}::int) n`;
  await sql`
    insert into friendships (sender_id, receiver_id)
    select ids[${FRIENDS}::int + n], ${userId}::int from (select ${ids}::int[] as ids) s,
      generate_series(1, ${REQUESTS}::int) n
    union all
    select ${userId}::int, ids[${FRIENDS + REQUESTS}::int + n] from (select ${ids}::int[] as ids) s,
      generate_series(1, ${REQUESTS}::int) n`;
  await sql`
    insert into friendships (sender_id, receiver_id, status)
    select ids[n], ids[n + 1], (array['accepted', 'rejected', 'removed'])[1 + n % 3]::friendship_status
    from (select ${ids}::int[] as ids) s, generate_series(${FRIENDS + 2 * REQUESTS + 1}::int, ${USERS - 1}::int) n`;
  await fixStatistics(sql, ['users', 'friendships']);
  recorder = planSpy(t.url);
  spy = recorder.sql;
}, 120_000);

afterAll(async () => {
  await recorder?.end();
  await t?.close();
});

const seqScans = (found: StatementPlan[]) => seqScansOf(found, ['users', 'friendships']);

describe(`the friends plans among ${USERS} users`, () => {
  const page = { offset: 0, limit: 20 };

  it.each([
    ['a username prefix search', () => searchUsers(spy, userId, 'plan_0001', 10)],
    ['a one-letter search', () => searchUsers(spy, userId, 'p', 10)],
    ['an exact email search', () => searchUsers(spy, userId, 'PLAN17@example.com', 10)],
    [
      'the requests received',
      () =>
        listFriendships(
          spy,
          userId,
          { status: 'pending', direction: 'received', order: 'newest' },
          page,
        ),
    ],
    [
      'the requests sent',
      () =>
        listFriendships(
          spy,
          userId,
          { status: 'pending', direction: 'sent', order: 'newest' },
          page,
        ),
    ],
  ])('%s reads indexes only', async (name, run) => {
    const plans = await recorder.plansOf(run);
    expect(plans.length).toBeGreaterThan(0);
    // The plans, and their execution times on this machine as figures (never asserted).
    console.log(`${name}: ${describePlans(plans)}`);
    expect(seqScans(plans)).toEqual([]);
  });

  it('matches a username prefix with the text_pattern_ops index', async () => {
    const plans = await recorder.plansOf(() => searchUsers(spy, userId, 'plan_0001', 10));
    expect(plans.flatMap((p) => p.nodes.map((n) => n['Index Name']))).toContain(
      'users_username_pattern_idx',
    );
  });

  // A prepared statement run often gets a plan that knows no parameter: the prefix must still be
  // a range of an index there (a LIKE with a bound pattern walked the whole username index).
  it.each([
    ['a username prefix', 'plan_0001'],
    ['one letter', 'p'],
    ['a prefix that sorts after every username', 'zzz'],
    ['an exact email', 'PLAN17@example.com'],
  ])('searching for %s, the generic plan reads index ranges only', async (_name, text) => {
    const [nodes] = await recorder.genericPlansOf(() => searchUsers(spy, userId, text, 10));
    expect(nodes).toBeDefined();
    expect(wholeTableScans(nodes ?? [], 'users')).toEqual([]);
    expect(wholeTableScans(nodes ?? [], 'friendships')).toEqual([]);
    expect(nodes?.map((n) => n['Index Name'])).toContain('users_username_pattern_idx');
  });

  it('finds what the prefix names', async () => {
    const found = await searchUsers(spy, userId, 'plan_0001', 10);
    expect(found.map((u) => u.username)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Plan_0001${String(i).padStart(2, '0')}`),
    );
    const [friend] = await searchUsers(spy, userId, 'plan_000002', 10);
    expect(friend?.open?.status).toBe('accepted');
  });
});
