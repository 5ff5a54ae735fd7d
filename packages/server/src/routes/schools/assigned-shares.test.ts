/**
 * Assigned shares are rebuilt in the transaction of the change that moves them (issue 45): an
 * enrolment and an assignment of one group made at the same instant no longer miss each other.
 * Each change locks its group's row first (`FOR NO KEY UPDATE`, `lockGroupForChange`); here a
 * test transaction holds that lock with its own half of the pair uncommitted, and the other half
 * must wait for it, then see it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, type TestBackend, type TestResponse } from '../../test/harness.ts';
import { A, helpers } from '../../test/schools.ts';
import { helpers as srHelpers } from '../../test/space-repetition.ts';

let t: TestBackend;

beforeAll(async () => {
  t = await createTestBackend();
  // Every connection of the pool open, so that the request and the test's transaction overlap.
  await Promise.all(Array.from({ length: 5 }, () => t.database.sql`select pg_sleep(0.05)`));
});

afterAll(async () => {
  await t?.close();
});

const { person, makeGroup, befriend } = helpers(() => t);
const { deckOf } = srHelpers(() => t);

/** Resolves once a statement waits for a lock, or `request` has answered without waiting. */
async function waitsOrAnswers(request: Promise<unknown>): Promise<void> {
  let answered = false;
  void request.then(() => {
    answered = true;
  });
  for (;;) {
    const [row] = await t.database.sql<{ waiting: number }[]>`
      select count(*)::int as waiting from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`;
    if (answered || (row?.waiting ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const sharesOf = async (userId: number, deckId: number) =>
  (
    await t.database.sql<{ assigned: boolean }[]>`
      select assigned from desk_shares where user_id = ${userId} and desk_id = ${deckId}`
  ).map((r) => r.assigned);

describe.each(['courses', 'subjects'] as const)('%s', (kind) => {
  const table = kind === 'courses' ? 'courses' : 'subjects';
  const assignments = kind === 'courses' ? 'course_assignments' : 'subject_assignments';
  const enrollments = kind === 'courses' ? 'course_enrollments' : 'subject_enrollments';
  const key = kind === 'courses' ? 'course_id' : 'subject_id';

  it('a student enrolled while an assignment commits gets the deck', async () => {
    const owner = await person();
    const student = await person('standard');
    await befriend(owner, student);
    const group = await makeGroup(owner, kind);
    const { deck } = await deckOf(owner, 2);
    let enrolling: Promise<TestResponse> | undefined;
    await t.database.sql.begin(async (tx) => {
      // An assignment under way: its group locked, its row written, its shares not yet.
      await tx`select id from ${tx(table)} where id = ${group.id} for no key update`;
      await tx`
        insert into ${tx(assignments)} (${tx(key)}, desk_id, created_by)
        values (${group.id}, ${deck.id}, ${owner.user.id})`;
      enrolling = t.request('POST', `${A}/${kind}/${group.id}/enroll/`, {
        token: owner.access,
        body: { user_id: student.user.id },
      });
      await waitsOrAnswers(enrolling);
    });
    expect((await enrolling)?.status).toBe(200);
    expect(await sharesOf(student.user.id, deck.id)).toEqual([true]);
  });

  it('a deck assigned while a student’s enrolment commits reaches them', async () => {
    const owner = await person();
    const student = await person('standard');
    await befriend(owner, student);
    const group = await makeGroup(owner, kind);
    const { deck } = await deckOf(owner, 2);
    let assigning: Promise<TestResponse> | undefined;
    await t.database.sql.begin(async (tx) => {
      await tx`select id from ${tx(table)} where id = ${group.id} for no key update`;
      await tx`
        insert into ${tx(enrollments)} (${tx(key)}, user_id, role)
        values (${group.id}, ${student.user.id}, 'student')`;
      assigning = t.request('POST', `${A}/${kind}/${group.id}/assignments/`, {
        token: owner.access,
        body: { desk_id: deck.id },
      });
      await waitsOrAnswers(assigning);
    });
    expect((await assigning)?.status).toBe(201);
    expect(await sharesOf(student.user.id, deck.id)).toEqual([true]);
  });
});
