/**
 * The simulator's costs and rating shares from the learner's own log: the median answer time of
 * each rating (first ratings apart), and how often they rate each button, wherever their log has
 * enough answers to say; fsrs-rs's defaults fill the rest.
 */
import {
  DEFAULT_COSTS,
  DEFAULT_FIRST_RATING_SHARES,
  DEFAULT_RECALL_RATING_SHARES,
  type RatingCosts,
  type ReviewCosts,
} from './simulator.ts';

/** A rating's median needs this many answers to replace the default. */
export const MIN_ANSWERS_PER_RATING = 10;
/** Rating shares need this many ratings of the kind (first ratings, or recalls). */
export const MIN_RATINGS_FOR_SHARES = 50;

export interface AnswerTimeCell {
  first: boolean;
  rating: number;
  count: number;
  medianMs: number;
}

export interface LearnerCosts {
  costs: ReviewCosts;
  firstRatingShares: readonly number[];
  recallRatingShares: readonly number[];
  /** At least one rating's cost is the learner's own. */
  ownTimes: boolean;
}

export function learnerCosts(cells: readonly AnswerTimeCell[]): LearnerCosts {
  let ownTimes = false;
  const costsOf = (first: boolean, defaults: RatingCosts): RatingCosts => {
    const one = (rating: number) => {
      const cell = cells.find((c) => c.first === first && c.rating === rating);
      if (cell && cell.count >= MIN_ANSWERS_PER_RATING) {
        ownTimes = true;
        return cell.medianMs / 1000;
      }
      return defaults[rating - 1] ?? 0;
    };
    return [one(1), one(2), one(3), one(4)];
  };
  const learn = costsOf(true, DEFAULT_COSTS.learn);
  const review = costsOf(false, DEFAULT_COSTS.review);
  const counts = (first: boolean, ratings: number[]) =>
    ratings.map((r) => cells.find((c) => c.first === first && c.rating === r)?.count ?? 0);
  const firstCounts = counts(true, [1, 2, 3, 4]);
  const recallCounts = counts(false, [2, 3, 4]);
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  return {
    // A step is a same-day review rated good: as long as a later-day good, scaled as fsrs-rs's.
    costs: { learn, review, step: (review[2] * DEFAULT_COSTS.step) / DEFAULT_COSTS.review[2] },
    firstRatingShares:
      sum(firstCounts) >= MIN_RATINGS_FOR_SHARES ? firstCounts : DEFAULT_FIRST_RATING_SHARES,
    recallRatingShares:
      sum(recallCounts) >= MIN_RATINGS_FOR_SHARES ? recallCounts : DEFAULT_RECALL_RATING_SHARES,
    ownTimes,
  };
}
