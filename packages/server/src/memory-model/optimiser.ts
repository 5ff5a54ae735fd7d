/**
 * The FSRS optimiser (fsrs-rs through `@open-spaced-repetition/binding`) on one learner's log:
 * a fit on the earlier reviews evaluated on the later ones against the defaults, then, when the
 * fit predicts better, a fit on the whole log. Run it in the fit's child process (`fit-child.ts`),
 * never in the server: building items and evaluating are synchronous, and a panic in fsrs-rs
 * aborts the process it runs in.
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
} from '../domain/review/memory-model.ts';
import { type FitResult, tooFewReviews } from './fit-result.ts';

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
  if (log.length < MIN_REVIEWS_TO_FIT) return tooFewReviews(log.length);
  const items = trainingItems(log, timeZone);
  const { train, test } = timeOrderedSplit(items);
  if (train.length === 0 || test.length === 0) return tooFewReviews(log.length);
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
