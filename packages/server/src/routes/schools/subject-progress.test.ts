/**
 * `GET auth/subjects/{id}/progress/`: the teacher's view of a subject, as of a course
 * (docs/features/teacher-view.md). Who may read it, cell by cell (owner, teacher of the subject, a
 * teacher of another school, a student of the subject, another student, anonymous), and that its
 * lines are the subject's students on the subject's assignments.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, type TestBackend } from '../../test/harness.ts';
import { A, type GroupWho, helpers, type Person } from '../../test/schools.ts';
import { helpers as srHelpers } from '../../test/space-repetition.ts';

let t: TestBackend;
const { assignedGroup } = helpers(() => t);
const { rate } = srHelpers(() => t);

type Who = GroupWho;
const people = {} as Record<Who, Person>;
let subject: { id: number };
let cardIds: number[];

interface Progress {
  subject_id: number;
  assignments: {
    id: number;
    students: { user_id: number; cards_started: number; parameters_source: string }[];
    cards: { card_id: number }[];
  }[];
}

const progress = (who: Who | 'anonymous', id = subject.id) =>
  t.request('GET', `${A}/subjects/${id}/progress/`, {
    token: who === 'anonymous' ? undefined : people[who].access,
  });

beforeAll(async () => {
  t = await createTestBackend();
  const made = await assignedGroup('subjects', { cards: 3 });
  Object.assign(people, made.people);
  subject = made.group;
  cardIds = made.cardIds;
  const res = await rate(people.student, cardIds[0] ?? 0, { difficulty: 'good' });
  expect(res.status).toBe(200);
});

afterAll(async () => {
  await t?.close();
});

describe('who may read a subject’s progress', () => {
  it.each([
    ['owner', 200, 2],
    ['teacher', 200, 2],
    ['student', 200, 1],
    ['idleStudent', 200, 1],
    ['otherTeacher', 404, 0],
    ['otherStudent', 404, 0],
    ['anonymous', 401, 0],
  ] as const)('%s gets %i with %i student lines', async (who, status, lines) => {
    const res = await progress(who);
    expect(res.status).toBe(status);
    if (status !== 200) return;
    const body = res.body as Progress;
    expect(body.subject_id).toBe(subject.id);
    const [assignment] = body.assignments;
    expect(assignment?.students).toHaveLength(lines);
    if (lines === 1) {
      expect(assignment?.students[0]?.user_id).toBe(people[who].user.id);
      expect(assignment?.cards).toEqual([]);
    } else {
      expect(assignment?.cards).toHaveLength(3);
    }
  });

  it('a subject id nobody sees is 404', async () => {
    expect((await progress('owner', 2147483000)).status).toBe(404);
  });
});

describe('the figures', () => {
  it('are the subject’s students on its assignments', async () => {
    const [assignment] = ((await progress('teacher')).body as Progress).assignments;
    const line = (who: Who) => assignment?.students.find((s) => s.user_id === people[who].user.id);
    expect(line('student')).toMatchObject({ cards_started: 1, parameters_source: 'defaults' });
    expect(line('idleStudent')).toMatchObject({ cards_started: 0 });
  });
});
