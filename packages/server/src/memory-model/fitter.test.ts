import { Rating } from 'ts-fsrs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInChild } from '../child/child-process.ts';
import { claimFit, memoryModel, releaseFit } from '../db/queries/memory-models.ts';
import {
  DEFAULT_WEIGHTS,
  type LoggedReview,
  MIN_REVIEWS_TO_FIT,
  REFIT_AFTER_NEW_REVIEWS,
  schedulerFor,
} from '../domain/review/memory-model.ts';
import { newSchedule, review } from '../domain/review/scheduling.ts';
import { createLogger } from '../log.ts';
import { createTestBackend, type TestBackend } from '../test/harness.ts';
import { helpers, type Learner, SR } from '../test/space-repetition.ts';
import { DEFAULT_FIT_LIMITS } from './fit-limits.ts';
import { type RunningFit, runFit } from './fit-process.ts';
import { createFitter } from './fitter.ts';
import { learnerWeights, simulateLearner } from './simulate.ts';

let t: TestBackend;
beforeAll(async () => {
  t = await createTestBackend();
});
afterAll(async () => {
  await t?.close();
});

const { makeDeck, makeCard, rate } = helpers(() => t);

/** Writes a simulated learner's log into the review log, on cards of a deck of theirs. */
async function storeLog(who: Learner, log: readonly LoggedReview[]): Promise<void> {
  const deck = await makeDeck(who, { name: 'Simulated' });
  const cardCount = Math.max(...log.map((r) => r.cardId));
  const ids = await t.database.sql<{ id: number }[]>`
    insert into cards (desk_id, front, back, created_by)
    select ${deck.id}, 'front ' || n, 'back ' || n, ${who.user.id}
    from generate_series(1, ${cardCount}) n order by n returning id`;
  const rows = log.map((r) => ({
    card_id: ids[r.cardId - 1]?.id,
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

const quiet = createLogger('silent');

/** `fitter_runs_total` of the test backend's metrics, by outcome. */
async function fitterRuns(): Promise<Record<string, number>> {
  const runs: Record<string, number> = {};
  for (const m of (await t.deps.metrics.scrape()).matchAll(
    /^fitter_runs_total\{outcome="(\w+)"\} (\d+)$/gm,
  )) {
    runs[m[1] as string] = Number(m[2]);
  }
  return runs;
}
const abortingChild = new URL('../child/fixtures/aborting-child.ts', import.meta.url);
const hangingChild = new URL('../child/fixtures/hanging-child.ts', import.meta.url);

describe('the background fitter', () => {
  it('fits a learner past the threshold in a child process, and their next rating uses the new weights', async () => {
    const ana = await t.signUp();
    const log = simulateLearner({
      trueWeights: learnerWeights(0.3, 0.3),
      seed: 21,
      newPerDay: 10,
      days: 60,
    });
    await storeLog(ana, log);
    const fitter = createFitter(t.database.sql, quiet, { pollMs: 3_600_000 });
    try {
      expect(await fitter.drain()).toBe(1);
      const model = await memoryModel(t.database.sql, ana.user.id);
      expect(model).toMatchObject({
        fitOutcome: 'fitted',
        fittedReviews: log.length,
        newReviews: 0,
        fitting: false,
        desiredRetention: 0.9,
      });
      expect(model.parameters).toHaveLength(DEFAULT_WEIGHTS.length);
      expect(model.logLoss).toBeLessThan(model.defaultLogLoss ?? 0);
      // Nothing new since: the next round fits nobody.
      expect(await fitter.drain()).toBe(0);

      // A rating now schedules with the learner's weights, not the defaults.
      const deck = await makeDeck(ana);
      const card = await makeCard(ana, deck.id);
      const day = 86_400_000;
      const first = new Date(Math.floor((Date.now() - 20 * day) / day) * day + 10 * 3_600_000);
      const second = new Date(first.getTime() + 3 * day);
      const own = schedulerFor(model);
      const afterFirst = review(newSchedule(first), Rating.Good, first, { scheduler: own });
      const expected = review(afterFirst.schedule, Rating.Good, second, { scheduler: own });
      const byDefaults = review(
        review(newSchedule(first), Rating.Good, first).schedule,
        Rating.Good,
        second,
      );
      expect(expected.schedule.due.getTime()).not.toBe(byDefaults.schedule.due.getTime());
      await rate(ana, card.id, { difficulty: 'good', reviewed_at: first.toISOString() });
      const res = await rate(ana, card.id, {
        difficulty: 'good',
        reviewed_at: second.toISOString(),
      });
      expect(res.status).toBe(200);
      expect(res.body.next_due).toBe(expected.schedule.due.toISOString());
    } finally {
      await fitter.stop();
    }
  }, 300_000);

  it('leaves a learner below the threshold alone, and keeps the defaults with too few reviews', async () => {
    const ben = await t.signUp();
    const log = simulateLearner({
      trueWeights: learnerWeights(2, 0.4),
      seed: 22,
      newPerDay: 10,
      days: 40,
    });
    expect(log.length).toBeGreaterThan(MIN_REVIEWS_TO_FIT);
    // The fits started, with the logs they were given (each still runs in a real child).
    const started: number[] = [];
    const fitter = createFitter(t.database.sql, quiet, {
      pollMs: 3_600_000,
      fit: (given, timeZone) => {
        started.push(given.length);
        return runFit(given, timeZone, DEFAULT_FIT_LIMITS);
      },
    });
    try {
      await storeLog(ben, log.slice(0, REFIT_AFTER_NEW_REVIEWS - 1));
      expect(await fitter.drain()).toBe(0);
      expect(await memoryModel(t.database.sql, ben.user.id)).toMatchObject({
        newReviews: REFIT_AFTER_NEW_REVIEWS - 1,
        fitOutcome: null,
        parameters: null,
      });
      // Past the refit threshold, one review short of the fitting minimum: the profile's "too few
      // reviews", answered from the learner's count, with no log read and no child started.
      await storeLog(ben, log.slice(0, MIN_REVIEWS_TO_FIT - REFIT_AFTER_NEW_REVIEWS));
      expect(await fitter.drain()).toBe(1);
      expect(await memoryModel(t.database.sql, ben.user.id)).toMatchObject({
        newReviews: 0,
        fitOutcome: 'too_few_reviews',
        parameters: null,
        fittedAt: null,
      });
      expect(started).toEqual([]);
      // At the minimum, the fit runs on the whole log.
      const dee = await t.signUp();
      await storeLog(dee, log.slice(0, MIN_REVIEWS_TO_FIT));
      expect(await fitter.drain()).toBe(1);
      expect(started).toEqual([MIN_REVIEWS_TO_FIT]);
    } finally {
      await fitter.stop();
    }
  }, 300_000);

  it('survives the issue’s first day: 30 new cards rated 15 times each, all on one day', async () => {
    // Issue 38: 450 same-day ratings made the real optimiser panic (dataset.rs: "at least one
    // review with delta_t > 0 is required") and abort the whole server, on every instance.
    const eve = await t.signUp();
    const deck = await makeDeck(eve, { name: 'First day', new_cards_per_day: 9999 });
    const difficulties = ['again', 'hard', 'good', 'easy'];
    for (let c = 0; c < 30; c++) {
      const card = await makeCard(eve, deck.id, `Q${c}`, `A${c}`);
      for (let n = 0; n < 15; n++) {
        const res = await t.request('POST', `${SR}/cards/${card.id}/repeat_same_day/`, {
          token: eve.access,
          body: { difficulty: difficulties[(c + n) % 4] },
        });
        expect(res.status).toBe(200);
      }
    }
    const fitter = createFitter(t.database.sql, quiet, { pollMs: 3_600_000 });
    try {
      expect(await fitter.drain()).toBe(1);
      // No item has a review on a later day, so there is nothing to fit: the defaults stay.
      expect(await memoryModel(t.database.sql, eve.user.id)).toMatchObject({
        fitOutcome: 'too_few_reviews',
        fitError: null,
        parameters: null,
        newReviews: 0,
        fitting: false,
      });
      const me = await t.request('GET', `${SR}/memory-model/`, { token: eve.access });
      expect(me.status).toBe(200);
    } finally {
      await fitter.stop();
    }
  }, 300_000);

  it('records a fit whose child aborts as failed, answers requests, and fits the next learner', async () => {
    const log = simulateLearner({
      trueWeights: learnerWeights(0.3, 0.3),
      seed: 23,
      newPerDay: 10,
      days: 60,
    });
    const fay = await t.signUp();
    const gus = await t.signUp();
    // Fay has more new reviews, so she is claimed first; her fit's child aborts (as a panic in
    // the native optimiser makes it), every later fit runs for real.
    await storeLog(fay, log);
    await storeLog(gus, log.slice(0, MIN_REVIEWS_TO_FIT));
    let fits = 0;
    const fitter = createFitter(t.database.sql, quiet, {
      pollMs: 3_600_000,
      metrics: t.deps.metrics,
      fit: (given, timeZone) =>
        fits++ === 0
          ? runInChild(abortingChild, { log: given, timeZone }, DEFAULT_FIT_LIMITS)
          : runFit(given, timeZone, DEFAULT_FIT_LIMITS),
    });
    try {
      expect(await fitter.drain()).toBe(2);
      const failed = await memoryModel(t.database.sql, fay.user.id);
      expect(failed).toMatchObject({
        fitOutcome: 'failed',
        parameters: null,
        newReviews: 0,
        fitting: false,
      });
      expect(failed.fitError).toMatch(/^crashed: was killed by SIGABRT without a result/);
      expect((await memoryModel(t.database.sql, gus.user.id)).fitOutcome).not.toBe('failed');
      // Counted for Prometheus by outcome (docs/operations/metrics.md).
      const runs = await fitterRuns();
      expect(runs.failed).toBe(1);
      expect(Object.values(runs).reduce((a, b) => a + b, 0)).toBe(2);
      const profile = await t.request('GET', `${SR}/memory-model/`, { token: fay.access });
      expect(profile.status).toBe(200);
      expect(profile.body.fit_outcome).toBe('failed');

      // Not retried until REFIT_AFTER_NEW_REVIEWS more reviews arrive; then fitted.
      await storeLog(fay, log.slice(0, REFIT_AFTER_NEW_REVIEWS - 1));
      expect(await fitter.drain()).toBe(0);
      await storeLog(fay, log.slice(0, 1));
      expect(await fitter.drain()).toBe(1);
      expect(await memoryModel(t.database.sql, fay.user.id)).toMatchObject({
        fitOutcome: 'fitted',
        fitError: null,
      });
    } finally {
      await fitter.stop();
    }
  }, 300_000);

  it('kills the running fit’s child on stop and releases its learner', async () => {
    const hal = await t.signUp();
    await storeLog(
      hal,
      simulateLearner({ trueWeights: learnerWeights(1, 0.5), seed: 24, newPerDay: 10, days: 60 }),
    );
    let job: RunningFit | undefined;
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const fitter = createFitter(t.database.sql, quiet, {
      pollMs: 3_600_000,
      fit: (given, timeZone) => {
        job = runInChild(hangingChild, { log: given, timeZone }, DEFAULT_FIT_LIMITS);
        started();
        return job;
      },
    });
    const round = fitter.drain();
    await running;
    expect((await memoryModel(t.database.sql, hal.user.id)).fitting).toBe(true);
    await fitter.stop();
    expect(await round).toBe(1);
    expect(() => process.kill(job?.pid as number, 0)).toThrow();
    // Released, not failed: another instance (or the next start) fits the learner.
    expect(await memoryModel(t.database.sql, hal.user.id)).toMatchObject({
      fitting: false,
      fitOutcome: null,
      fitError: null,
    });
    await t.database.sql`delete from memory_models where user_id = ${hal.user.id}`;
  }, 300_000);

  it('claims one fit per learner at a time', async () => {
    const cy = await t.signUp();
    await t.database.sql`
      insert into memory_models (user_id, new_reviews) values (${cy.user.id}, 1000000)`;
    const claims = await Promise.all([
      claimFit(t.database.sql, 999_999),
      claimFit(t.database.sql, 999_999),
      claimFit(t.database.sql, 999_999),
    ]);
    const won = claims.filter((c) => c !== undefined);
    expect(won).toEqual([
      { userId: cy.user.id, timeZone: 'UTC', newReviews: 1_000_000, reviews: 0 },
    ]);
    expect(await claimFit(t.database.sql, 999_999)).toBeUndefined();
    expect((await memoryModel(t.database.sql, cy.user.id)).fitting).toBe(true);
    await releaseFit(t.database.sql, won[0] as NonNullable<(typeof won)[0]>);
    expect((await memoryModel(t.database.sql, cy.user.id)).fitting).toBe(false);
    await t.database.sql`delete from memory_models where user_id = ${cy.user.id}`;
  });
});
