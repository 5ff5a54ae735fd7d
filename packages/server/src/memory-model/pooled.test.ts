/**
 * Class-pooled starting parameters (docs/features/assignments.md): the background fitter fits a
 * course's pool (its students' reviews of the decks it assigns) in the fit's child process, and a
 * student with fewer than MIN_REVIEWS_TO_FIT reviews is scheduled with them — when the pool is
 * large enough and beat the defaults on held-out reviews. A pool too small keeps the defaults; a
 * student with enough reviews of their own keeps their own model. The teacher's view says which.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learnerModel, pooledModel } from '../db/queries/memory-models.ts';
import {
  DEFAULT_WEIGHTS,
  type LoggedReview,
  MIN_REVIEWS_TO_FIT,
} from '../domain/review/memory-model.ts';
import { createLogger } from '../log.ts';
import { createTestBackend, type TestBackend } from '../test/harness.ts';
import { A, helpers, type Person } from '../test/schools.ts';
import { helpers as srHelpers } from '../test/space-repetition.ts';
import { createFitter } from './fitter.ts';
import { learnerWeights, simulateLearner } from './simulate.ts';

let t: TestBackend;
const { person, makeSchool, makeGroup, befriend } = helpers(() => t);
const { makeDeck } = srHelpers(() => t);
const quiet = createLogger('silent');

/** A teacher's deck of `count` cards, made in one statement. */
async function bigDeck(teacher: Person, count: number): Promise<{ id: number; cards: number[] }> {
  const deck = await makeDeck(teacher, { name: 'Pooled' });
  const rows = await t.database.sql<{ id: number }[]>`
    insert into cards (desk_id, front, back, created_by)
    select ${deck.id}, 'front ' || n, 'back ' || n, ${teacher.user.id}
    from generate_series(1, ${count}) n order by n returning id`;
  return { id: deck.id, cards: rows.map((r) => r.id) };
}

/** Writes a simulated student's log as their reviews of the deck's cards. */
async function storeLog(
  who: Person,
  deck: { id: number; cards: number[] },
  log: readonly LoggedReview[],
): Promise<void> {
  const rows = log.map((r) => ({
    card_id: deck.cards[r.cardId - 1],
    rating: r.rating,
    from_new: r.fromNew,
    reviewed_at: r.reviewedAt.toISOString(),
  }));
  await t.database.sql`
    insert into review_logs (user_id, card_id, desk_id, rating, state_before, state_after, reviewed_at)
    select ${who.user.id}, card_id, ${deck.id}, rating,
      jsonb_build_object('state', case when from_new then 0 else 2 end), '{}'::jsonb, reviewed_at
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as l(card_id int, rating int, from_new bool, reviewed_at timestamptz)`;
}

/** A class: a course of the owner's school, a teacher's deck assigned to it, `students` enrolled. */
async function classOf(owner: Person, school: { id: number }, students: Person[]) {
  const teacher = await person('enterprise');
  const course = await makeGroup(owner, 'courses', { school_id: school.id });
  const deck = await bigDeck(teacher, 600);
  for (const who of [teacher, ...students]) await enroll(owner, course.id, who);
  const assigned = await t.request('POST', `${A}/courses/${course.id}/assignments/`, {
    token: teacher.access,
    body: { desk_id: deck.id },
  });
  expect(assigned.status).toBe(201);
  return { teacher, course, deck };
}

async function enroll(owner: Person, courseId: number, who: Person): Promise<void> {
  await befriend(owner, who);
  const res = await t.request('POST', `${A}/courses/${courseId}/enroll/`, {
    token: owner.access,
    body: { user_id: who.user.id },
  });
  expect(res.status).toBe(200);
}

/** A simulated student whose memory is unlike the defaults, stopping at `reviews`. */
const simulated = (seed: number, reviews: number) =>
  simulateLearner({
    trueWeights: learnerWeights(0.3, 0.3),
    seed,
    newPerDay: 10,
    days: 60,
    maxReviews: reviews,
  });

let owner: Person;
let school: { id: number };
beforeAll(async () => {
  t = await createTestBackend();
  owner = await person('enterprise');
  school = await makeSchool(owner);
});
afterAll(async () => {
  await t?.close();
});

describe('class-pooled starting parameters', () => {
  it('a course whose pool is big enough gives a new student the pooled parameters, and a student with enough reviews keeps their own', async () => {
    const students = [await person('standard'), await person('standard'), await person('standard')];
    const veteran = await person('standard');
    const { teacher, course, deck } = await classOf(owner, school, [...students, veteran]);
    // Three students with fewer reviews than a fit of their own needs: 900 pooled reviews.
    for (const [i, who] of students.entries()) {
      await storeLog(who, deck, simulated(40 + i, MIN_REVIEWS_TO_FIT - 100));
    }
    // A student past the minimum, fitted on their own log (60 days of it).
    const veteranLog = simulated(50, Number.POSITIVE_INFINITY);
    expect(veteranLog.length).toBeGreaterThan(MIN_REVIEWS_TO_FIT);
    await storeLog(veteran, deck, veteranLog);

    const fitter = createFitter(t.database.sql, quiet, { pollMs: 3_600_000 });
    try {
      await fitter.drain();
    } finally {
      await fitter.stop();
    }
    const pooled = await pooledModel(t.database.sql, course.id);
    expect(pooled).toMatchObject({ fitOutcome: 'fitted', newReviews: 0 });
    expect(pooled?.fittedReviews).toBeGreaterThan(3 * (MIN_REVIEWS_TO_FIT - 100));
    expect(pooled?.logLoss).toBeLessThan(pooled?.defaultLogLoss ?? 0);
    expect(pooled?.parameters).toHaveLength(DEFAULT_WEIGHTS.length);

    // A student enrolled now, with no reviews, is scheduled with the pool's parameters.
    const newcomer = await person('standard');
    expect((await learnerModel(t.database.sql, newcomer.user.id)).parameters).toBeNull();
    await enroll(owner, course.id, newcomer);
    expect((await learnerModel(t.database.sql, newcomer.user.id)).parameters).toEqual(
      pooled?.parameters,
    );
    // So are the students below the minimum; the veteran keeps their own fitted parameters.
    expect((await learnerModel(t.database.sql, students[0]?.user.id ?? 0)).parameters).toEqual(
      pooled?.parameters,
    );
    const own = await t.database.sql<{ parameters: number[] | null }[]>`
      select parameters from memory_models where user_id = ${veteran.user.id}`;
    expect(own[0]?.parameters).toHaveLength(DEFAULT_WEIGHTS.length);
    expect((await learnerModel(t.database.sql, veteran.user.id)).parameters).toEqual(
      own[0]?.parameters,
    );

    // The teacher's view says who uses which.
    const res = await t.request('GET', `${A}/courses/${course.id}/progress/`, {
      token: teacher.access,
    });
    expect(res.status).toBe(200);
    const lines = (
      res.body as {
        assignments: { students: { user_id: number; parameters_source: string }[] }[];
      }
    ).assignments[0]?.students;
    const sourceOf = (who: Person) =>
      lines?.find((l) => l.user_id === who.user.id)?.parameters_source;
    expect(sourceOf(newcomer)).toBe('pooled');
    expect(sourceOf(students[1] as Person)).toBe('pooled');
    expect(sourceOf(veteran)).toBe('own');
  }, 300_000);

  it('a pool too small keeps the defaults', async () => {
    const student = await person('standard');
    const { course, deck } = await classOf(owner, school, [student]);
    // 300 pooled reviews: due for a look (200 new), too few to fit.
    await storeLog(student, deck, simulated(60, MIN_REVIEWS_TO_FIT - 100));
    const fitter = createFitter(t.database.sql, quiet, { pollMs: 3_600_000 });
    try {
      await fitter.drain();
    } finally {
      await fitter.stop();
    }
    expect(await pooledModel(t.database.sql, course.id)).toMatchObject({
      fitOutcome: 'too_few_reviews',
      parameters: null,
    });
    const newcomer = await person('standard');
    await enroll(owner, course.id, newcomer);
    expect((await learnerModel(t.database.sql, newcomer.user.id)).parameters).toBeNull();
    expect((await learnerModel(t.database.sql, student.user.id)).parameters).toBeNull();
  }, 300_000);
});
