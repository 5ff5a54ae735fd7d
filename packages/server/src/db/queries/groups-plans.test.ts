/**
 * A user's courses and subjects are read from indexes, never by reading every group: each
 * statement the product sends (captured from the driver) is run again under EXPLAIN (ANALYZE,
 * BUFFERS) among 20,000 courses and 20,000 subjects of other owners, with 40,000 enrollments
 * each, and the test fails on a sequential scan of the groups or their enrollments. The user owns
 * three groups of each kind and is enrolled in five more.
 */
import type postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, type TestBackend } from '../../test/harness.ts';
import {
  describePlans,
  fixStatistics,
  type PlanSpy,
  planSpy,
  seqScansOf,
} from '../../test/plans.ts';
import { type GroupKind, visibleGroups } from './schools.ts';

let t: TestBackend;
let spy: postgres.Sql;
let recorder: PlanSpy;
let userId: number;
let schoolId: number;

/** Groups of each kind in the table (GROUPS_PLAN_SIZE to read the plans at another size). */
const GROUPS = Number(process.env.GROUPS_PLAN_SIZE ?? 20_000);
const OWNERS = 200;

const TABLES = [
  ['course', 'courses', 'course_enrollments', 'course_id'],
  ['subject', 'subjects', 'subject_enrollments', 'subject_id'],
] as const;

beforeAll(async () => {
  t = await createTestBackend();
  userId = (await t.signUp({ username: 'plan_me' })).user.id;
  const { sql } = t.deps;
  // Inserted directly: signing up would hash 200 passwords.
  const owners = await sql<{ id: number }[]>`
    insert into users (email, username, password_hash)
    select 'owner' || n || '@example.com', 'owner_' || n, 'not-a-hash'
    from generate_series(1, ${OWNERS}::int) n
    returning id`;
  const ownerIds = owners.map((u) => u.id);
  const [school] = await sql<{ id: number }[]>`
    insert into schools (owner_id, name) values (${userId}, 'Plan school') returning id`;
  schoolId = school?.id ?? 0;
  for (const [, table, enrollments, key] of TABLES) {
    await sql`
      insert into ${sql(table)} (owner_id, name)
      select (${ownerIds}::int[])[1 + n % ${OWNERS}::int], 'Group ' || n
      from generate_series(1, ${GROUPS}::int) n`;
    // Two students of other owners in every group (a busy enrollments table).
    await sql`
      insert into ${sql(enrollments)} (${sql(key)}, user_id, role)
      select g.id, (${ownerIds}::int[])[1 + (g.id + k) % ${OWNERS}::int], 'student'
      from ${sql(table)} g cross join generate_series(1, 2) k
      on conflict do nothing`;
    // The user's own groups (one in the school) and five they are enrolled in.
    await sql`
      insert into ${sql(table)} (owner_id, school_id, name)
      values (${userId}, ${schoolId}, 'Mine A'), (${userId}, null, 'Mine B'),
             (${userId}, null, 'Mine C')`;
    await sql`
      insert into ${sql(enrollments)} (${sql(key)}, user_id, role)
      select id, ${userId}, 'student' from ${sql(table)} where name like 'Group 1_' order by id limit 5`;
    await fixStatistics(sql, [table, enrollments]);
  }
  recorder = planSpy(t.url);
  spy = recorder.sql;
}, 120_000);

afterAll(async () => {
  await recorder?.end();
  await t?.close();
});

describe.each(TABLES)(`a user’s %s list among ${GROUPS} groups`, (kind, table, enrollments) => {
  const list = (filter: Parameters<typeof visibleGroups>[3] = {}) =>
    visibleGroups(spy, kind as GroupKind, userId, filter);

  it.each([
    ['the whole list', () => list()],
    ['a search by name', () => list({ search: 'mine' })],
    ['the groups of a school', () => list({ schoolId })],
  ])('%s reads indexes only', async (name, run) => {
    const plans = await recorder.plansOf(run);
    expect(plans.length).toBeGreaterThan(0);
    // The plans, and their execution times on this machine as figures (never asserted).
    console.log(`${kind}s, ${name}: ${describePlans(plans)}`);
    expect(seqScansOf(plans, [table, enrollments])).toEqual([]);
  });

  it('answers the groups the user owns and those they are enrolled in', async () => {
    const groups = await list();
    expect(groups.map((g) => g.name)).toEqual([
      ...Array.from({ length: 5 }, (_, i) => `Group 1${i}`),
      'Mine A',
      'Mine B',
      'Mine C',
    ]);
    expect(groups.filter((g) => g.myRole === 'student')).toHaveLength(5);
    expect((await list({ schoolId })).map((g) => g.name)).toEqual(['Mine A']);
  });
});
