/**
 * The statements behind `auth/courses/{id}/progress/` on a course of STUDENTS students and a deck
 * of CARDS cards, among another class of six times as many students on 50 decks as large and another
 * learner's two years of reviews: each statement is run again under EXPLAIN (ANALYZE, BUFFERS)
 * and its plan printed with its time (figures, never asserted). The test fails when the view
 * sends more than one statement per part (it would then grow with the class), when a statement
 * reads the whole review log or every schedule, or when it reads more of the log than the
 * class's last days.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROGRESS_DAYS, studentDecay, WEEK_DAYS } from '../../domain/schools/progress.ts';
import { createTestBackend, type TestBackend } from '../../test/harness.ts';
import {
  describePlans,
  fixStatistics,
  type PlanSpy,
  planSpy,
  seqScansOf,
} from '../../test/plans.ts';
import {
  assignedCards,
  type ProgressScope,
  progressStudents,
  reviewDays,
  scheduleProgress,
} from './course-progress.ts';

const STUDENTS = Number(process.env.TEACHER_VIEW_PLAN_STUDENTS ?? 60);
const CARDS = Number(process.env.TEACHER_VIEW_PLAN_CARDS ?? 1_000);
const NOISE_REVIEWS = 200_000;
/** The other class: the schedules are mostly not this class's, as in any real database. */
const NOISE_STUDENTS = STUDENTS * Number(process.env.TEACHER_VIEW_PLAN_NOISE ?? 6);
/** …spread over many decks, as a database of many teachers has them. */
const NOISE_DECKS = 50;

let t: TestBackend;
let spy: PlanSpy;
let scope: ProgressScope;
let classRecentReviews = 0;

/**
 * A course whose students study `decks` assigned decks of CARDS cards in all: schedules for
 * every card, 20 reviews a day for 30 days.
 */
async function seedClass(ownerId: number, name: string, students: number, decks: number) {
  const { sql } = t.deps;
  const [course] = await sql<{ id: number }[]>`
    insert into courses (owner_id, name) values (${ownerId}, ${name}) returning id`;
  const courseId = course?.id as number;
  const made = await sql<{ id: number }[]>`
    insert into desks (owner_id, name)
    select ${ownerId}, ${name} || g from generate_series(1, ${decks}) g returning id`;
  const deckIds = made.map((d) => d.id);
  await sql`
    insert into cards (desk_id, front, back, created_by)
    select (${deckIds}::int[])[1 + g % ${decks}], 'Q' || g, 'A' || g, ${ownerId}
    from generate_series(1, ${CARDS}) g`;
  await sql`
    with made as (
      insert into users (email, username, password_hash)
      select ${name} || g || '@example.com', ${name} || g, 'x' from generate_series(1, ${students}) g
      returning id
    )
    insert into course_enrollments (course_id, user_id, role)
    select ${courseId}, id, 'student' from made`;
  await sql`
    insert into course_assignments (course_id, desk_id)
    select ${courseId}, unnest(${deckIds}::int[])`;
  await sql`
    insert into card_schedules (user_id, card_id, desk_id, state, stability, last_review, reps,
      lapses)
    select e.user_id, c.id, c.desk_id,
      case when (c.id + e.user_id) % 3 = 0 then 0 else 2 end,
      1 + (c.id * 7 + e.user_id) % 50, now() - ((c.id + e.user_id) % 20) * interval '1 day',
      1 + c.id % 5, c.id % 2
    from course_enrollments e cross join cards c
    where e.course_id = ${courseId} and c.desk_id = any(${deckIds}::int[])`;
  await sql`
    insert into review_logs (user_id, card_id, desk_id, rating, state_before, state_after,
      answer_time_ms, reviewed_at)
    select e.user_id, c.id, c.desk_id, 3, '{}', '{}', 5000, now() - (g / 20) * interval '1 day'
    from course_enrollments e
    cross join (select min(id) as first from cards where desk_id = any(${deckIds}::int[])) f
    cross join generate_series(0, 20 * 30 - 1) g
    join cards c on c.id = f.first + (e.user_id + g) % ${CARDS}
    where e.course_id = ${courseId}`;
  return courseId;
}

beforeAll(async () => {
  t = await createTestBackend();
  const owner = (await t.signUp()).user.id;
  const reader = (await t.signUp()).user.id;
  const { sql } = t.deps;
  const courseId = await seedClass(owner, 'mine', STUDENTS, 1);
  await seedClass(owner, 'other', NOISE_STUDENTS, NOISE_DECKS);
  // Another learner's two years of reviews: the log is mostly not this class's.
  const [deck] = await sql<{ id: number }[]>`
    insert into desks (owner_id, name) values (${reader}, 'Theirs') returning id`;
  const [card] = await sql<{ id: number }[]>`
    insert into cards (desk_id, front, back, created_by)
    values (${deck?.id as number}, 'Q', 'A', ${reader}) returning id`;
  await sql`
    insert into review_logs (user_id, card_id, desk_id, rating, state_before, state_after,
      reviewed_at)
    select ${reader}, ${card?.id as number}, ${deck?.id as number}, 3, '{}', '{}',
      now() - (g % 730) * interval '1 day'
    from generate_series(1, ${NOISE_REVIEWS}) g`;
  await fixStatistics(sql, [
    'review_logs',
    'card_schedules',
    'cards',
    'course_enrollments',
    'users',
  ]);
  const [recent] = await sql<{ n: number }[]>`
    select count(*)::int as n from review_logs l
    join course_enrollments e on e.user_id = l.user_id and e.course_id = ${courseId}
    where l.reviewed_at > now() - make_interval(days => ${PROGRESS_DAYS + 1})`;
  classRecentReviews = recent?.n ?? 0;
  const decks = await sql<{ desk_id: number }[]>`
    select desk_id from course_assignments where course_id = ${courseId}`;
  scope = {
    kind: 'course',
    groupId: courseId,
    defaultDecay: studentDecay(null),
    deckIds: decks.map((d) => d.desk_id),
  };
  spy = planSpy(t.url);
}, 300_000);

afterAll(async () => {
  await spy?.end();
  await t?.close();
});

const progressView = () =>
  Promise.all([
    progressStudents(spy.sql, scope),
    scheduleProgress(spy.sql, scope),
    assignedCards(spy.sql, scope, 80),
    reviewDays(spy.sql, scope, PROGRESS_DAYS, WEEK_DAYS),
  ]);

describe(`the teacher view’s plans: ${STUDENTS} students × ${CARDS} cards among six times as many`, () => {
  it('sends one statement per part, whatever the class’s size', async () => {
    const statements = await spy.statementsOf(progressView);
    // postgres.js asks for the array types once per connection: not the view's.
    expect(statements.filter((q) => !q.includes('pg_catalog.pg_type'))).toHaveLength(4);
    const [students, schedules, cards] = await progressView();
    expect(students).toHaveLength(STUDENTS);
    expect(schedules.students).toHaveLength(STUDENTS);
    expect(schedules.cards).toHaveLength(CARDS);
    expect(cards).toHaveLength(CARDS);
  });

  it('reads the class’s rows through indexes, and no more of the log than its last days', async () => {
    const plans = await spy.plansOf(progressView);
    console.log(`teacher view: ${describePlans(plans)}`);
    // `cards` holds 2,001 rows here: reading them all is the planner's right choice.
    expect(seqScansOf(plans, ['review_logs', 'card_schedules'])).toEqual([]);
    const logRows = plans.flatMap((p) =>
      p.nodes
        .filter(
          (n) =>
            n['Relation Name'] === 'review_logs' || n['Index Name']?.startsWith('review_logs_'),
        )
        .map((n) => (n['Actual Rows'] ?? 0) * (n['Actual Loops'] ?? 1)),
    );
    expect(Math.max(0, ...logRows)).toBeLessThanOrEqual(classRecentReviews);
  }, 180_000);
});
