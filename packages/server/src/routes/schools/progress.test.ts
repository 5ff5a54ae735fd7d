/**
 * The teacher's view of a course (docs/features/teacher-view.md): who may read it, cell by cell
 * (owner, teacher of the course, a teacher of another school, a student of the course, another
 * student, anonymous), and its figures on a small class whose one studying student's predicted
 * retention is recomputed here from their schedule rows with the domain's formula.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_WEIGHTS } from '../../domain/review/memory-model.ts';
import { addDays, localDate } from '../../domain/review/scheduling.ts';
import { recallAt, studentDecay } from '../../domain/schools/progress.ts';
import { createTestBackend, type TestBackend } from '../../test/harness.ts';
import { A, type GroupWho, helpers, type Person } from '../../test/schools.ts';
import { helpers as srHelpers } from '../../test/space-repetition.ts';

let t: TestBackend;
const { assignedGroup } = helpers(() => t);
const { rate } = srHelpers(() => t);

type Who = GroupWho;
const people = {} as Record<Who, Person>;
let course: { id: number };
let cardIds: number[];
const due = () => addDays(localDate(new Date(), 'UTC'), 10);

interface StudentLine {
  user_id: number;
  name: string;
  cards_started: number;
  reviews_week: number;
  minutes_week: number;
  reviews_per_day: number[];
  predicted_retention: number | null;
  own_parameters: boolean;
  last_active: string | null;
}
interface CardLine {
  card_id: number;
  front: string;
  reviews: number;
  lapse_rate: number | null;
  forget_share: number | null;
}
interface Progress {
  course_id: number;
  assignments: {
    id: number;
    due_date: string | null;
    students: StudentLine[];
    cards: CardLine[];
  }[];
}

const progress = (who: Who | 'anonymous') =>
  t.request('GET', `${A}/courses/${course.id}/progress/`, {
    token: who === 'anonymous' ? undefined : people[who].access,
  });

/** The student's predicted recall of each rated card at the start of the due day (UTC). */
async function expectedRecalls(who: Person, decay: number) {
  const rows = await t.database.sql<{ stability: number; last_review: Date }[]>`
    select stability, last_review from card_schedules
    where user_id = ${who.user.id} and card_id = any(${cardIds}::int[]) and state <> 0`;
  const exam = Date.parse(`${due()}T00:00:00Z`);
  return rows.map((r) =>
    recallAt(decay, (exam - new Date(r.last_review).getTime()) / 86_400_000, r.stability),
  );
}

beforeAll(async () => {
  t = await createTestBackend();
  const made = await assignedGroup('courses', { cards: 4, due_date: due() });
  Object.assign(people, made.people);
  course = made.group;
  cardIds = made.cardIds;
  for (const id of cardIds.slice(0, 2)) {
    const res = await rate(people.student, id, { difficulty: 'good', answer_time_ms: 30_000 });
    expect(res.status).toBe(200);
  }
});

afterAll(async () => {
  await t?.close();
});

describe('who may read a course’s progress', () => {
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
    const [assignment] = (res.body as Progress).assignments;
    expect(assignment?.students).toHaveLength(lines);
    if (lines === 1) {
      // A student reads their own line only, and no class figures per card.
      expect(assignment?.students[0]?.user_id).toBe(people[who].user.id);
      expect(assignment?.cards).toEqual([]);
    } else {
      expect(assignment?.cards).toHaveLength(4);
    }
  });

  it('a course id nobody sees is 404', async () => {
    const res = await t.request('GET', `${A}/courses/2147483000/progress/`, {
      token: people.owner.access,
    });
    expect(res.status).toBe(404);
  });
});

describe('the figures', () => {
  it('per student: cards started, the week, the days, retention on the due date', async () => {
    const body = (await progress('teacher')).body as Progress;
    const [assignment] = body.assignments;
    expect(assignment?.due_date).toBe(due());
    const line = (who: Who) => assignment?.students.find((s) => s.user_id === people[who].user.id);
    const studying = line('student');
    expect(studying).toMatchObject({
      cards_started: 2,
      reviews_week: 2,
      minutes_week: 1,
      own_parameters: false,
    });
    expect(studying?.reviews_per_day).toHaveLength(14);
    expect(studying?.reviews_per_day[13]).toBe(2);
    expect(studying?.last_active).not.toBeNull();
    const recalls = await expectedRecalls(people.student, studentDecay(null));
    expect(recalls).toHaveLength(2);
    // Two cards never studied count 0 in the mean over the deck's four.
    const expected = recalls.reduce((a, b) => a + b) / 4;
    expect(studying?.predicted_retention).toBeCloseTo(expected, 9);
    expect(line('idleStudent')).toMatchObject({
      cards_started: 0,
      reviews_week: 0,
      minutes_week: 0,
      predicted_retention: 0,
      last_active: null,
    });
  });

  it('per card: lapses per review and the share of the class predicted to forget it', async () => {
    const [assignment] = ((await progress('owner')).body as Progress).assignments;
    const cards = assignment?.cards ?? [];
    const recalls = await expectedRecalls(people.student, studentDecay(null));
    const rated = cards.filter((c) => cardIds.slice(0, 2).includes(c.card_id));
    const unrated = cards.filter((c) => cardIds.slice(2).includes(c.card_id));
    // Never studied by anyone: the whole class forgets them; they come first.
    expect(
      cards
        .slice(0, 2)
        .map((c) => c.card_id)
        .sort(),
    ).toEqual(cardIds.slice(2).sort());
    for (const c of unrated)
      expect(c).toMatchObject({ reviews: 0, lapse_rate: null, forget_share: 1 });
    for (const c of rated) {
      expect(c).toMatchObject({ reviews: 1, lapse_rate: 0 });
      // The idle student counts 1, the studying one 1 - recall.
      expect(c.forget_share).toBeCloseTo(1 - (recalls[0] ?? 0) / 2, 2);
    }
    expect(cards[0]?.front).toMatch(/^Q\d$/);
  });

  it('a student with fitted parameters is predicted with their own decay', async () => {
    const own = [...DEFAULT_WEIGHTS];
    own[20] = 0.5;
    await t.database.sql`
      insert into memory_models (user_id, parameters) values (${people.student.user.id}, ${own})
      on conflict (user_id) do update set parameters = excluded.parameters`;
    const [assignment] = ((await progress('student')).body as Progress).assignments;
    const [mine] = assignment?.students ?? [];
    expect(mine?.own_parameters).toBe(true);
    const recalls = await expectedRecalls(people.student, -0.5);
    expect(mine?.predicted_retention).toBeCloseTo(recalls.reduce((a, b) => a + b) / 4, 9);
    await t.database.sql`delete from memory_models where user_id = ${people.student.user.id}`;
  });
});
