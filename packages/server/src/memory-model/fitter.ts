/**
 * The background fitter: every `pollMs` it counts the reviews added since its last count, then
 * fits, one learner after another, those with at least REFIT_AFTER_NEW_REVIEWS new reviews. Each
 * fit runs in a child process under time and memory limits (never inside a request, never in the
 * server's process: the optimiser is native code, and its panics abort the process they run in);
 * a learner with fewer than MIN_REVIEWS_TO_FIT reviews in all keeps the defaults without one. A
 * learner is claimed in the database before it is fitted, so no two fits of one learner run at
 * once, even across instances. The new parameters are stored with the learner's model and
 * schedule their next rating. A fit that crashes, times out, runs out of memory or throws is
 * stored as `failed` with its reason, and the learner waits for REFIT_AFTER_NEW_REVIEWS more
 * reviews like any other.
 *
 * After the learners, the same round fits the class pools (docs/features/assignments.md): a course
 * whose pooled reviews (its students' reviews of the decks it assigns) grew by
 * REFIT_AFTER_NEW_REVIEWS since its last fit is claimed the same way, its pool read and fitted in
 * the same child process with the same held-out rule; a pool under MIN_REVIEWS_TO_FIT reviews
 * keeps the defaults without a child.
 */

import { startBackgroundRounds } from '../background-rounds.ts';
import type { ChildLimits } from '../child/child-process.ts';
import { ChildJobError } from '../child/child-process.ts';
import type { Sql } from '../db/client.ts';
import {
  type ClaimedFit,
  type ClaimedPoolFit,
  claimFit,
  claimPoolFit,
  countNewReviews,
  finishFit,
  finishPoolFit,
  pooledReviewLog,
  releaseFit,
  releasePoolFit,
  reviewLogForFit,
} from '../db/queries/memory-models.ts';
import type { LoggedReview } from '../domain/review/memory-model.ts';
import { MIN_REVIEWS_TO_FIT, REFIT_AFTER_NEW_REVIEWS } from '../domain/review/memory-model.ts';
import { errorFields, type Logger } from '../log.ts';
import type { Metrics } from '../metrics.ts';
import { DEFAULT_FIT_LIMITS } from './fit-limits.ts';
import { type RunningFit, runFit } from './fit-process.ts';
import { type FitResult, failedFit, tooFewReviews } from './fit-result.ts';

export interface FitterOptions {
  /** Time between rounds (default one minute). */
  pollMs?: number;
  /** New reviews since the last fit that make a learner due for one. */
  refitAfter?: number;
  /** Time and memory limits of each fit's child process (default DEFAULT_FIT_LIMITS). */
  limits?: ChildLimits;
  /** Starts one fit (default: `runFit`, a child process under `limits`). */
  fit?: (log: readonly LoggedReview[], timeZone: string) => RunningFit;
  /** Counts each fit's outcome (`fitter_runs_total`); a fit cut short by `stop` is not one. */
  metrics?: Pick<Metrics, 'observeFit'>;
}

export interface Fitter {
  /** One round: count new reviews, then fit every learner due; resolves to the fits done. */
  drain(): Promise<number>;
  /** Stops the timer and kills a running fit's child (its learner is fitted later). */
  stop(): Promise<void>;
}

export function createFitter(sql: Sql, logger: Logger, options: FitterOptions = {}): Fitter {
  const refitAfter = options.refitAfter ?? REFIT_AFTER_NEW_REVIEWS;
  const limits = options.limits ?? DEFAULT_FIT_LIMITS;
  const fit = options.fit ?? ((log, timeZone) => runFit(log, timeZone, limits));
  let running: RunningFit | undefined;

  /** The learner's fit in a child, or undefined when the server is stopping (claim released). */
  async function runOne(claim: ClaimedFit): Promise<FitResult | undefined> {
    // Too few reviews: the optimiser's answer is known from the count alone. Every learner's
    // first few hundred ratings used to read their whole log and start a fit for it.
    if (claim.reviews < MIN_REVIEWS_TO_FIT) return tooFewReviews(claim.reviews);
    try {
      const log = await reviewLogForFit(sql, claim.userId);
      running = fit(log, claim.timeZone);
      return await running.result;
    } catch (error) {
      if (rounds.stopped) {
        await releaseFit(sql, claim);
        return undefined;
      }
      const reason = failureReason(error);
      logger.error('memory model fit failed', {
        user_id: claim.userId,
        reviews: claim.reviews,
        reason,
      });
      return failedFit(reason);
    } finally {
      running = undefined;
    }
  }

  /** The pool's fit in a child, or undefined when the server is stopping (claim released). */
  async function runPool(claim: ClaimedPoolFit): Promise<FitResult | undefined> {
    try {
      const log = await pooledReviewLog(sql, claim.courseId);
      if (log.length < MIN_REVIEWS_TO_FIT) return tooFewReviews(log.length);
      running = fit(log, claim.timeZone);
      return await running.result;
    } catch (error) {
      if (rounds.stopped) {
        await releasePoolFit(sql, claim);
        return undefined;
      }
      const reason = failureReason(error);
      logger.error('class pool fit failed', { course_id: claim.courseId, reason });
      return failedFit(reason);
    } finally {
      running = undefined;
    }
  }

  async function fitPool(claim: ClaimedPoolFit): Promise<void> {
    const result = await runPool(claim);
    if (!result) return;
    options.metrics?.observeFit(result.outcome);
    await finishPoolFit(sql, claim, result);
    logger.info('class pool fitted', {
      course_id: claim.courseId,
      outcome: result.outcome,
      reviews: result.reviews,
      log_loss: result.logLoss,
      default_log_loss: result.defaultLogLoss,
    });
  }

  async function fitOne(claim: ClaimedFit): Promise<void> {
    const result = await runOne(claim);
    if (!result) return;
    options.metrics?.observeFit(result.outcome);
    await finishFit(sql, claim, result);
    logger.info('memory model fitted', {
      user_id: claim.userId,
      outcome: result.outcome,
      reviews: result.reviews,
      log_loss: result.logLoss,
      default_log_loss: result.defaultLogLoss,
    });
  }

  async function drainOnce(): Promise<number> {
    await countNewReviews(sql);
    let fits = 0;
    for (;;) {
      if (rounds.stopped) return fits;
      const claim = await claimFit(sql, refitAfter);
      if (!claim) break;
      await fitOne(claim);
      fits++;
    }
    for (;;) {
      if (rounds.stopped) return fits;
      const claim = await claimPoolFit(sql, refitAfter);
      if (!claim) return fits;
      await fitPool(claim);
      fits++;
    }
  }

  const rounds = startBackgroundRounds(drainOnce, {
    pollMs: options.pollMs ?? 60_000,
    onError: (error) => logger.error('memory model round failed', errorFields(error)),
  });

  return {
    drain: rounds.drain,
    stop: () => rounds.stop(async () => running?.cancel()),
  };
}

function failureReason(error: unknown): string {
  return error instanceof ChildJobError
    ? `${error.failure}: ${error.message}`
    : error instanceof Error
      ? error.message
      : String(error);
}
