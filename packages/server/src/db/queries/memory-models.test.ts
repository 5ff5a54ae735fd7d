/**
 * The fit's claim, result and release on both kinds of model: a learner's (`memory_models`) and a
 * course's pooled one (`course_memory_models`). One statement stores either; each kind must keep
 * its own row and no other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FitResult, failedFit } from '../../memory-model/fit-result.ts';
import { createTestBackend, type TestBackend } from '../../test/harness.ts';
import { helpers, type Person } from '../../test/schools.ts';
import {
  claimFit,
  claimPoolFit,
  finishFit,
  finishPoolFit,
  releaseFit,
  releasePoolFit,
} from './memory-models.ts';

let t: TestBackend;
const { person, makeSchool, makeGroup } = helpers(() => t);

const WEIGHTS = Array.from({ length: 21 }, (_, i) => 0.1 + i / 100);
const fitted: FitResult = {
  outcome: 'fitted',
  parameters: WEIGHTS,
  reviews: 900,
  evaluatedReviews: 180,
  logLoss: 0.41,
  defaultLogLoss: 0.47,
};
const failed = failedFit('the fit ran out of memory');

/** The fit columns of both kinds of row, each as its table holds them. */
async function rows(learner: Person, courseId: number) {
  const [model] = await t.database.sql`
    select fitting_since is not null as fitting, new_reviews, parameters, fit_outcome, fit_error,
      fitted_reviews, log_loss
    from memory_models where user_id = ${learner.user.id}`;
  const [pool] = await t.database.sql`
    select fitting_since is not null as fitting, new_reviews, parameters, fit_outcome, fit_error,
      fitted_reviews, log_loss
    from course_memory_models where course_id = ${courseId}`;
  return { model, pool };
}

let learner: Person;
let courseId: number;
beforeAll(async () => {
  t = await createTestBackend();
  const owner = await person('enterprise');
  const school = await makeSchool(owner);
  courseId = (await makeGroup(owner, 'courses', { school_id: school.id })).id;
  learner = await person('free');
  await t.database.sql`
    insert into memory_models (user_id, new_reviews) values (${learner.user.id}, 500)
    on conflict (user_id) do update set new_reviews = 500`;
  await t.database.sql`
    insert into course_memory_models (course_id, new_reviews) values (${courseId}, 700)`;
});
afterAll(async () => {
  await t?.close();
});

describe('a fit on either kind of model', () => {
  it('a failed fit keeps the model, says why and takes the claimed reviews off its own row', async () => {
    const sql = t.database.sql;
    const claim = await claimFit(sql, 400);
    const poolClaim = await claimPoolFit(sql, 400);
    expect(claim?.userId).toBe(learner.user.id);
    expect(poolClaim?.courseId).toBe(courseId);
    expect(await rows(learner, courseId)).toMatchObject({
      model: { fitting: true },
      pool: { fitting: true },
    });

    await finishFit(sql, claim as NonNullable<typeof claim>, failed);
    expect(await rows(learner, courseId)).toMatchObject({
      model: {
        fitting: false,
        new_reviews: 0,
        parameters: null,
        fit_outcome: 'failed',
        fit_error: 'the fit ran out of memory',
      },
      pool: { fitting: true, new_reviews: 700, fit_outcome: null },
    });
    await finishPoolFit(sql, poolClaim as NonNullable<typeof poolClaim>, failed);
    expect((await rows(learner, courseId)).pool).toMatchObject({
      fitting: false,
      new_reviews: 0,
      fit_outcome: 'failed',
      fit_error: 'the fit ran out of memory',
    });
  });

  it('a fit that ran stores its weights and figures; a released claim is fitted later', async () => {
    const sql = t.database.sql;
    await sql`update memory_models set new_reviews = 450 where user_id = ${learner.user.id}`;
    await sql`update course_memory_models set new_reviews = 450 where course_id = ${courseId}`;

    const claim = await claimFit(sql, 400);
    const poolClaim = await claimPoolFit(sql, 400);
    await releaseFit(sql, claim as NonNullable<typeof claim>);
    await releasePoolFit(sql, poolClaim as NonNullable<typeof poolClaim>);
    expect(await rows(learner, courseId)).toMatchObject({
      model: { fitting: false, new_reviews: 450 },
      pool: { fitting: false, new_reviews: 450 },
    });

    const again = await claimPoolFit(sql, 400);
    expect(again?.courseId).toBe(courseId);
    await finishPoolFit(sql, again as NonNullable<typeof again>, fitted);
    const learnerAgain = await claimFit(sql, 400);
    await finishFit(sql, learnerAgain as NonNullable<typeof learnerAgain>, fitted);
    expect(await rows(learner, courseId)).toEqual({
      model: expect.objectContaining({
        fitting: false,
        new_reviews: 0,
        parameters: WEIGHTS,
        fit_outcome: 'fitted',
        fit_error: null,
        fitted_reviews: 900,
        log_loss: 0.41,
      }),
      pool: expect.objectContaining({
        fitting: false,
        new_reviews: 0,
        parameters: WEIGHTS,
        fit_outcome: 'fitted',
        fitted_reviews: 900,
      }),
    });
  });
});
