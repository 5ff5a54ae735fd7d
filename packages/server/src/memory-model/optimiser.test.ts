import { describe, expect, it } from 'vitest';
import { DEFAULT_WEIGHTS, MIN_REVIEWS_TO_FIT } from '../domain/review/memory-model.ts';
import { fitLearner } from './optimiser.ts';
import { learnerWeights, simulateLearner } from './simulate.ts';

/** Learners whose true memory differs from the defaults: weak, strong, and a flatter curve. */
const LEARNERS = [
  { name: 'forgetful', memory: 0.3, decay: 0.3, seed: 11 },
  { name: 'strong memory', memory: 3, decay: 0.6, seed: 12 },
  { name: 'flat forgetting curve', memory: 1.5, decay: 0.2, seed: 13 },
];

describe('fitLearner on simulated learners', () => {
  it.each(LEARNERS)(
    'fits weights that predict the $name learner’s later reviews better than the defaults',
    async ({ memory, decay, seed }) => {
      const log = simulateLearner({
        trueWeights: learnerWeights(memory, decay),
        seed,
        newPerDay: 10,
        days: 60,
      });
      const result = await fitLearner(log, 'UTC');
      expect(result.outcome).toBe('fitted');
      expect(result.evaluatedReviews).toBeGreaterThan(100);
      expect(result.logLoss).toBeLessThan(result.defaultLogLoss ?? 0);
      expect(result.parameters).toHaveLength(DEFAULT_WEIGHTS.length);
      expect(result.parameters).not.toEqual(DEFAULT_WEIGHTS);
    },
    120_000,
  );

  it('fits a learner whose first day was same-day repeats (no item without a later day)', async () => {
    // Issue 38's first day (30 new cards rated 15 times each on one day), then ordinary days on
    // other cards: the same-day items would make fsrs-rs panic and abort this process.
    const later = simulateLearner({
      trueWeights: learnerWeights(0.3, 0.3),
      seed: 14,
      newPerDay: 10,
      days: 60,
    });
    const firstDay = later[0]?.reviewedAt.getTime() ?? 0;
    const repeats = Array.from({ length: 450 }, (_, i) => ({
      cardId: 100_000 + (i % 30),
      rating: 1 + (i % 4),
      reviewedAt: new Date(firstDay - 86_400_000 + i * 60_000),
      fromNew: i < 30,
    }));
    const result = await fitLearner([...repeats, ...later], 'UTC');
    expect(result.outcome).toBe('fitted');
    expect(result.reviews).toBe(repeats.length + later.length);
  }, 120_000);

  it('keeps the defaults below the minimum number of reviews', async () => {
    const log = simulateLearner({
      trueWeights: learnerWeights(0.3, 0.3),
      seed: 5,
      newPerDay: 10,
      days: 30,
    }).slice(0, MIN_REVIEWS_TO_FIT - 1);
    expect(await fitLearner(log, 'UTC')).toMatchObject({
      outcome: 'too_few_reviews',
      parameters: null,
      reviews: MIN_REVIEWS_TO_FIT - 1,
    });
  });
});
