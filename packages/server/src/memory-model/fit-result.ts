/**
 * What one learner's fit answers (`fitLearner` in its child process, or the fitter itself when the
 * learner has too few reviews to start one). No optimiser here: the fitter imports this in the
 * server's process, and the optimiser's native binding loads in the fit's child process only.
 */

/**
 * `fitted`: the learner's parameters predicted their later reviews better than the defaults;
 * `kept_defaults`: they did not, so the defaults stay; `too_few_reviews`: fewer than
 * MIN_REVIEWS_TO_FIT, or no valid items to train or evaluate on; `failed`: the fit's child
 * crashed, timed out, ran out of memory or threw (the reason is in `failure`, and logged).
 */
export const FIT_OUTCOMES = ['fitted', 'kept_defaults', 'too_few_reviews', 'failed'] as const;
export type FitOutcome = (typeof FIT_OUTCOMES)[number];

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
  /** Why a `failed` fit gave no result (stored as `memory_models.fit_error`). */
  failure?: string;
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

/** The answer for a fit that gave no result: the model stays, and `reason` says why. */
export const failedFit = (reason: string): FitResult => ({
  outcome: 'failed',
  parameters: null,
  reviews: 0,
  evaluatedReviews: 0,
  logLoss: null,
  defaultLogLoss: null,
  failure: reason,
});
