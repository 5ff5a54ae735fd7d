/**
 * Enrollments racing their own removal and their group's deletion (issue 38, item 3): the answers
 * are 200, 204 or 404, never 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, type TestBackend, type TestResponse } from '../../test/harness.ts';
import { A, helpers } from '../../test/schools.ts';

let t: TestBackend;

beforeAll(async () => {
  t = await createTestBackend();
  // Every connection of the pool open, as in a server that has been running: a fresh pool hands
  // the first caller its one open connection while the others wait, and calls would not overlap.
  await Promise.all(Array.from({ length: 5 }, () => t.database.sql`select pg_sleep(0.05)`));
});

afterAll(async () => {
  await t?.close();
});

const { person, makeGroup, befriend } = helpers(() => t);

/** Resolves once a statement of this database waits for a lock (the one a test holds). */
async function someoneWaitsForALock(): Promise<void> {
  for (;;) {
    const [row] = await t.database.sql<{ waiting: number }[]>`
      select count(*)::int as waiting from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`;
    if ((row?.waiting ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe.each(['courses', 'subjects'] as const)('%s', (kind) => {
  const key = kind === 'courses' ? 'course_id' : 'subject_id';
  const table = kind === 'courses' ? 'courses' : 'subjects';
  const assign = kind === 'courses' ? 'assign_course' : 'assign_subject';
  const removeFrom = kind === 'courses' ? 'remove_course' : 'remove_subject';

  it('answers enroll, assign, unenroll and remove of one student at once with 200 or 204', async () => {
    const owner = await person();
    const student = await person('free');
    await befriend(owner, student);
    const group = await makeGroup(owner, kind);
    const statuses = new Set<number>();
    for (let round = 0; round < 40; round += 1) {
      const answers = await Promise.all([
        t.request('POST', `${A}/${kind}/${group.id}/enroll/`, {
          token: owner.access,
          body: { user_id: student.user.id },
        }),
        t.request('DELETE', `${A}/${kind}/${group.id}/unenroll/`, {
          token: owner.access,
          body: { user_id: student.user.id },
        }),
        t.request('POST', `${A}/users/${student.user.id}/${assign}/`, {
          token: owner.access,
          body: { [key]: group.id },
        }),
        t.request('DELETE', `${A}/users/${student.user.id}/${removeFrom}/`, {
          token: owner.access,
          body: { [key]: group.id },
        }),
      ]);
      for (const answer of answers) statuses.add(answer.status);
      const [enrolled, , assigned] = answers;
      expect(enrolled?.body).toMatchObject({ [key]: group.id, role: 'student' });
      expect(assigned?.body).toMatchObject({ [key]: group.id, role: 'student' });
    }
    expect([...statuses].sort()).toEqual([200, 204]);
  });

  it('answers 404 to an enroll while its group is being deleted', async () => {
    const owner = await person();
    const student = await person('free');
    await befriend(owner, student);
    const group = await makeGroup(owner, kind);
    let enrolling: Promise<TestResponse> | undefined;
    // The delete holds its row lock until this transaction commits; the enroll, which read the
    // group before, must wait for it and then find the group gone.
    await t.database.sql.begin(async (tx) => {
      await tx`delete from ${tx(table)} where id = ${group.id}`;
      enrolling = t.request('POST', `${A}/${kind}/${group.id}/enroll/`, {
        token: owner.access,
        body: { user_id: student.user.id },
      });
      await someoneWaitsForALock();
    });
    const res = await enrolling;
    expect(res?.status).toBe(404);
    expect(res?.body.code).toBe('not_found');
  });

  it('answers 404 to an enroll while the student deletes their account', async () => {
    const owner = await person();
    const student = await person('free');
    await befriend(owner, student);
    const group = await makeGroup(owner, kind);
    let enrolling: Promise<TestResponse> | undefined;
    await t.database.sql.begin(async (tx) => {
      await tx`delete from users where id = ${student.user.id}`;
      enrolling = t.request('POST', `${A}/${kind}/${group.id}/enroll/`, {
        token: owner.access,
        body: { user_id: student.user.id },
      });
      await someoneWaitsForALock();
    });
    const res = await enrolling;
    expect(res?.status).toBe(404);
    expect(res?.body.detail).toBe('No user with this id.');
  });
});
