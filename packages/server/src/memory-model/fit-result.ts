/**
 * What one learner's fit answers (`fitLearner` in the worker, or the fitter itself when the
 * learner has too few reviews to start one). No optimiser here: the fitter imports this on the
 * server's thread, and the optimiser's native binding loads in the worker only.
 */

/**
 * `fitted`: the learner's parameters predicted their later reviews better than the defaults;
 * `kept_defaults`: they did not, so the defaults stay; `too_few_reviews`: fewer than
 * MIN_REVIEWS_TO_FIT, or no later reviews to evaluate on; `failed`: the optimiser threw (logged).
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

/** The answer for a learner whose `reviews` are too few to fit: the defaults stay. */
export const tooFewReviews = (reviews: number): FitResult => ({
  outcome: 'too_few_reviews',
  reviews,
  parameters: null,
  evaluatedReviews: 0,
  logLoss: null,
  defaultLogLoss: null,
});
