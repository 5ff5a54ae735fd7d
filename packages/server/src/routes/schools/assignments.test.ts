/**
 * Decks assigned to courses and subjects (docs/features/assignments.md): the authorization matrix
 * cell by cell for every operation (owner of the course, its teacher, a teacher of another
 * school, its student, another student, anonymous), the students' deck lists, and the exam date
 * of an assignment capping a simulated student's intervals.
 */
import { Rating } from 'ts-fsrs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_WEIGHTS } from '../../domain/review/memory-model.ts';
import { addDays, localDate, review, scheduleFromJson } from '../../domain/review/scheduling.ts';
import { fuzzRange } from '../../domain/workload/fuzz.ts';
import { curveOf, intervalFor, retrievability } from '../../domain/workload/memory.ts';
import { createTestBackend, type TestBackend } from '../../test/harness.ts';
import { A, helpers, type Person } from '../../test/schools.ts';
import { SR, helpers as srHelpers } from '../../test/space-repetition.ts';

let t: TestBackend;
const { person, makeSchool, makeGroup, befriend } = helpers(() => t);
const { deckOf, makeDeck, rate } = srHelpers(() => t);

type Who = 'owner' | 'teacher' | 'otherTeacher' | 'student' | 'otherStudent';
const people = {} as Record<Who, Person>;
const groups = {} as Record<'courses' | 'subjects', { id: number; name: string }>;
/** A deck of each person, with 2 cards. */
const decks = {} as Record<Who, { id: number }>;
const today = () => localDate(new Date(), 'UTC');

async function enroll(kind: 'courses' | 'subjects', who: Person) {
  const res = await t.request('POST', `${A}/${kind}/${groups[kind].id}/enroll/`, {
    token: people.owner.access,
    body: { user_id: who.user.id },
  });
  expect(res.status).toBe(200);
}

async function unenroll(kind: 'courses' | 'subjects', who: Person) {
  const res = await t.request('DELETE', `${A}/${kind}/${groups[kind].id}/unenroll/`, {
    token: people.owner.access,
    body: { user_id: who.user.id },
  });
  expect(res.status).toBe(204);
}

beforeAll(async () => {
  t = await createTestBackend();
  people.owner = await person('enterprise');
  people.teacher = await person('enterprise');
  people.otherTeacher = await person('enterprise');
  people.student = await person('standard');
  people.otherStudent = await person('standard');
  const school = await makeSchool(people.owner);
  await makeSchool(people.otherTeacher, { name: 'Other school' });
  groups.courses = await makeGroup(people.owner, 'courses', { school_id: school.id });
  groups.subjects = await makeGroup(people.owner, 'subjects', { school_id: school.id });
  await befriend(people.owner, people.otherStudent);
  for (const who of [people.teacher, people.student]) {
    await befriend(people.owner, who);
    await enroll('courses', who);
    await enroll('subjects', who);
  }
  for (const who of Object.keys(people) as Who[]) {
    decks[who] = (await deckOf(people[who], 2)).deck;
  }
});

afterAll(async () => {
  await t?.close();
});

function call(who: Who | 'anonymous', method: string, path: string, body?: unknown) {
  const token = who === 'anonymous' ? undefined : people[who].access;
  return t.request(method, `${A}${path}`, { token, body });
}

const deckList = async (who: Who) =>
  (await t.request('GET', `${SR}/desks/`, { token: people[who].access })).body as {
    id: number;
    can_edit: boolean;
    is_owner: boolean;
    shared_with: string[];
    assignments: { kind: string; group_id: number; group_name: string; due_date: string | null }[];
  }[];

describe.each(['courses', 'subjects'] as const)('who may do what with %s assignments', (kind) => {
  const base = () => `/${kind}/${groups[kind].id}/assignments/`;
  let assignment: { id: number };

  beforeAll(async () => {
    const res = await call('owner', 'POST', base(), { desk_id: decks.owner.id });
    expect(res.status).toBe(201);
    assignment = res.body;
  });

  it.each([
    ['owner', 200],
    ['teacher', 200],
    ['student', 200],
    ['otherTeacher', 404],
    ['otherStudent', 404],
    ['anonymous', 401],
  ] as const)('list: %s gets %i', async (who, status) => {
    const res = await call(who, 'GET', base());
    expect(res.status).toBe(status);
    if (status === 200) expect(res.body.map((a: { id: number }) => a.id)).toContain(assignment.id);
  });

  it.each([
    ['owner', 201],
    ['teacher', 201],
    ['student', 403],
    ['otherTeacher', 404],
    ['otherStudent', 404],
    ['anonymous', 401],
  ] as const)('create with their own deck: %s gets %i', async (who, status) => {
    // The owner's first deck is assigned already: a fresh one.
    const deck =
      who === 'anonymous'
        ? decks.owner
        : who === 'owner'
          ? await makeDeck(people.owner)
          : decks[who];
    const res = await call(who, 'POST', base(), { desk_id: deck.id });
    expect(res.status).toBe(status);
    if (status === 201) {
      const cards = who === 'owner' ? 0 : 2;
      expect(res.body).toMatchObject({ desk_id: deck.id, cards_count: cards, due_date: null });
      expect((await call(who, 'DELETE', `${base()}${res.body.id}/`)).status).toBe(204);
    }
  });

  it.each([
    ['owner', 200],
    ['teacher', 200],
    ['student', 403],
    ['otherTeacher', 404],
    ['otherStudent', 404],
    ['anonymous', 401],
  ] as const)('update: %s gets %i', async (who, status) => {
    const due = addDays(today(), 30);
    const res = await call(who, 'PUT', `${base()}${assignment.id}/`, { due_date: due });
    expect(res.status).toBe(status);
    if (status === 200) expect(res.body.due_date).toBe(due);
  });

  it.each([
    ['student', 403],
    ['otherTeacher', 404],
    ['otherStudent', 404],
    ['anonymous', 401],
    ['teacher', 204],
  ] as const)('delete: %s gets %i', async (who, status) => {
    const made = await call('owner', 'POST', base(), { desk_id: decks.owner.id });
    const id = made.status === 201 ? made.body.id : assignment.id;
    expect((await call(who, 'DELETE', `${base()}${id}/`)).status).toBe(status);
    if (status === 204)
      assignment = (await call('owner', 'POST', base(), { desk_id: decks.owner.id })).body;
  });

  it('the owner deletes, and a second delete or an unknown id is 404', async () => {
    const path = `${base()}${assignment.id}/`;
    expect((await call('owner', 'DELETE', path)).status).toBe(204);
    expect((await call('owner', 'DELETE', path)).status).toBe(404);
    expect((await call('owner', 'PUT', path, { due_date: null })).status).toBe(404);
  });

  it('assigns only a deck of the caller’s own: 404 unseen, 403 shared; twice is 409', async () => {
    const theirs = await makeDeck(people.otherStudent);
    expect((await call('teacher', 'POST', base(), { desk_id: theirs.id })).status).toBe(404);
    const share = await t.request('POST', `${SR}/desks/${theirs.id}/share_multiple/`, {
      token: people.otherStudent.access,
      body: { emails: [people.teacher.user.email] },
    });
    expect(share.status).toBe(200);
    expect((await call('teacher', 'POST', base(), { desk_id: theirs.id })).status).toBe(403);
    const first = await call('teacher', 'POST', base(), { desk_id: decks.teacher.id });
    expect(first.status).toBe(201);
    const again = await call('teacher', 'POST', base(), { desk_id: decks.teacher.id });
    expect(again.status).toBe(409);
    expect((await call('teacher', 'DELETE', `${base()}${first.body.id}/`)).status).toBe(204);
  });

  it('refuses a due date in the past', async () => {
    const res = await call('owner', 'POST', base(), {
      desk_id: decks.owner.id,
      due_date: addDays(today(), -2),
    });
    expect(res.status).toBe(400);
    expect(res.body.field_codes).toEqual({ due_date: ['exam_date_in_past'] });
  });
});

describe('the students’ deck lists', () => {
  it('an assigned deck reaches its students read-only, marked, and leaves with them', async () => {
    const due = addDays(today(), 20);
    const made = await call('teacher', 'POST', `/courses/${groups.courses.id}/assignments/`, {
      desk_id: decks.teacher.id,
      due_date: due,
    });
    expect(made.status).toBe(201);
    // Editing allowed on the deck does not make it editable for the class.
    const allow = await t.request('PUT', `${SR}/desks/${decks.teacher.id}/`, {
      token: people.teacher.access,
      body: { name: 'Capitals', allow_editing: true },
    });
    expect(allow.status).toBe(200);
    const seen = (await deckList('student')).find((d) => d.id === decks.teacher.id);
    expect(seen).toMatchObject({
      is_owner: false,
      can_edit: false,
      assignments: [
        { kind: 'course', group_id: groups.courses.id, group_name: 'First year', due_date: due },
      ],
    });
    expect((await deckList('otherStudent')).some((d) => d.id === decks.teacher.id)).toBe(false);
    // The teacher's own list says nothing of the class.
    const own = (await deckList('teacher')).find((d) => d.id === decks.teacher.id);
    expect(own).toMatchObject({ is_owner: true, shared_with: [], assignments: [] });

    // The student studies a card; leaving the course takes the deck, not the history.
    const cards = await t.request('GET', `${SR}/desks/${decks.teacher.id}/cards/`, {
      token: people.student.access,
    });
    expect(cards.status).toBe(200);
    const cardId = cards.body.results[0].id;
    expect((await rate(people.student, cardId, { difficulty: 'good' })).status).toBe(200);
    await unenroll('courses', people.student);
    expect((await deckList('student')).some((d) => d.id === decks.teacher.id)).toBe(false);
    expect((await rate(people.student, cardId, { difficulty: 'good' })).status).toBe(404);
    await enroll('courses', people.student);
    const back = await t.request('GET', `${SR}/desks/${decks.teacher.id}/cards/`, {
      token: people.student.access,
    });
    expect(back.body.results.find((c: { id: number }) => c.id === cardId).reps).toBe(1);

    // A student enrolled later gets it too; deleting the assignment takes it from both.
    await enroll('courses', people.otherStudent);
    expect((await deckList('otherStudent')).some((d) => d.id === decks.teacher.id)).toBe(true);
    const path = `/courses/${groups.courses.id}/assignments/${made.body.id}/`;
    expect((await call('teacher', 'DELETE', path)).status).toBe(204);
    for (const who of ['student', 'otherStudent'] as const) {
      expect((await deckList(who)).some((d) => d.id === decks.teacher.id)).toBe(false);
    }
    await unenroll('courses', people.otherStudent);
  });

  it('a deck also shared with the student stays when the assignment goes', async () => {
    const share = await t.request('POST', `${SR}/desks/${decks.owner.id}/share_multiple/`, {
      token: people.owner.access,
      body: { emails: [people.student.user.email] },
    });
    expect(share.status).toBe(200);
    const made = await call('owner', 'POST', `/subjects/${groups.subjects.id}/assignments/`, {
      desk_id: decks.owner.id,
    });
    expect(made.status).toBe(201);
    await unenroll('subjects', people.student);
    const still = (await deckList('student')).find((d) => d.id === decks.owner.id);
    expect(still).toMatchObject({ assignments: [] });
    await enroll('subjects', people.student);
  });

  it('deleting the course takes its decks from its students', async () => {
    const course = await makeGroup(people.owner, 'courses', { name: 'Short course' });
    await t.request('POST', `${A}/courses/${course.id}/enroll/`, {
      token: people.owner.access,
      body: { user_id: people.otherStudent.user.id },
    });
    const deck = await makeDeck(people.owner, { name: 'Short deck' });
    await call('owner', 'POST', `/courses/${course.id}/assignments/`, { desk_id: deck.id });
    expect((await deckList('otherStudent')).some((d) => d.id === deck.id)).toBe(true);
    expect((await call('owner', 'DELETE', `/courses/${course.id}/`)).status).toBe(204);
    expect((await deckList('otherStudent')).some((d) => d.id === deck.id)).toBe(false);
  });
});

describe('an assignment’s due date caps the student’s intervals', () => {
  it('every card of a simulated student is due by the exam or remembered on it', async () => {
    const DAY = 86_400_000;
    const { deck, ids } = await deckOf(people.owner, 24);
    const made = await call('owner', 'POST', `/courses/${groups.courses.id}/assignments/`, {
      desk_id: deck.id,
    });
    expect(made.status).toBe(201);
    // The student's first answers, 8 days ago: the same memory for every card.
    for (const id of ids) {
      const res = await rate(people.student, id, {
        difficulty: 'easy',
        reviewed_at: new Date(Date.now() - 8 * DAY).toISOString(),
      });
      expect(res.status).toBe(200);
    }
    const [row] = await t.deps.sql<{ state_after: Parameters<typeof scheduleFromJson>[0] }[]>`
      select state_after from review_logs where user_id = ${people.student.user.id}
        and card_id = ${ids[0] ?? 0} order by id desc limit 1`;
    const outcome = review(
      scheduleFromJson(row?.state_after ?? ({} as never)).schedule,
      Rating.Good,
      new Date(),
    );
    const curve = curveOf(DEFAULT_WEIGHTS);
    const center = Math.round(intervalFor(curve, outcome.schedule.stability, 0.9));
    const [, hi] = fuzzRange(center, outcome.elapsedDays, 36_500);
    // An exam one day past FSRS's interval: a card due after it would be under 0.9 on the day.
    const examIn = center + 1;
    expect(hi).toBeGreaterThan(examIn);
    expect(retrievability(curve, examIn, outcome.schedule.stability)).toBeLessThan(0.9);
    const exam = addDays(today(), examIn);
    const put = await call(
      'owner',
      'PUT',
      `/courses/${groups.courses.id}/assignments/${made.body.id}/`,
      {
        due_date: exam,
      },
    );
    expect(put.status).toBe(200);
    const late: string[] = [];
    for (const id of ids) {
      const res = await rate(people.student, id, { difficulty: 'good' });
      expect(res.status).toBe(200);
      const dueDay = localDate(new Date(res.body.next_due), 'UTC');
      if (dueDay > exam) late.push(dueDay);
    }
    expect(late).toEqual([]);
  });
});
