/**
 * The FSRS optimiser (fsrs-rs through `@open-spaced-repetition/binding`) on one learner's log:
 * a fit on the earlier reviews evaluated on the later ones against the defaults, then, when the
 * fit predicts better, a fit on the whole log. Run it in the worker (`fit-worker.ts`), not on
 * the server's event loop: building items and evaluating are synchronous.
 */
import {
  computeParameters,
  FSRSBinding,
  FSRSBindingItem,
  FSRSBindingReview,
} from '@open-spaced-repetition/binding';
import {
  DEFAULT_WEIGHTS,
  type LoggedReview,
  MIN_REVIEWS_TO_FIT,
  type TrainingItem,
  timeOrderedSplit,
  trainingItems,
} from '../domain/memory-model.ts';

/**
 * `fitted`: the learner's parameters predicted their later reviews better than the defaults;
 * `kept_defaults`: they did not, so the defaults stay; `too_few_reviews`: fewer than
 * MIN_REVIEWS_TO_FIT; `failed`: the optimiser threw (logged).
 */
export type FitOutcome = 'fitted' | 'kept_defaults' | 'too_few_reviews' | 'failed';

export interface FitResult {
  outcome: FitOutcome;
  /** The weights to schedule with; null keeps the defaults. */
  parameters: number[] | null;
  /** Reviews in the log the fit read. */
  reviews: number;
  /** Held-out reviews the two log losses are measured on. */
  evaluatedReviews: number;
  /** Held-out log loss of the weights fitted on the earlier reviews, and of the defaults. */
  logLoss: number | null;
  defaultLogLoss: number | null;
}

function toBindingItems(items: readonly TrainingItem[]): FSRSBindingItem[] {
  return items.map(
    (item) =>
      new FSRSBindingItem(item.reviews.map((r) => new FSRSBindingReview(r.rating, r.deltaT))),
  );
}

/** Fits FSRS-6 weights to the items (short-term reviews included, one relearning step). */
export function fitWeights(items: readonly TrainingItem[]): Promise<number[]> {
  return computeParameters(toBindingItems(items), {
    enableShortTerm: true,
    numRelearningSteps: 1,
  });
}

/** Mean log loss of `weights` predicting each item's last review (recalled unless again). */
export function logLoss(weights: readonly number[], items: readonly TrainingItem[]): number {
  return new FSRSBinding([...weights]).evaluate(toBindingItems(items)).logLoss;
}

export async function fitLearner(
  log: readonly LoggedReview[],
  timeZone: string,
): Promise<FitResult> {
  const none = { parameters: null, evaluatedReviews: 0, logLoss: null, defaultLogLoss: null };
  if (log.length < MIN_REVIEWS_TO_FIT) {
    return { outcome: 'too_few_reviews', reviews: log.length, ...none };
  }
  const items = trainingItems(log, timeZone);
  const { train, test } = timeOrderedSplit(items);
  if (train.length === 0 || test.length === 0) {
    return { outcome: 'too_few_reviews', reviews: log.length, ...none };
  }
  const earlier = await fitWeights(train);
  const evaluated = {
    reviews: log.length,
    evaluatedReviews: test.length,
    logLoss: logLoss(earlier, test),
    defaultLogLoss: logLoss(DEFAULT_WEIGHTS, test),
  };
  if (!(evaluated.logLoss < evaluated.defaultLogLoss)) {
    return { outcome: 'kept_defaults', parameters: null, ...evaluated };
  }
  return { outcome: 'fitted', parameters: await fitWeights(items), ...evaluated };
}
