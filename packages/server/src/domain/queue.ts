/**
 * Which rated cards the review queue holds at a moment. The storage layer's queue and due counts
 * (db/queries/queue.ts) filter by this window, so the rule has one implementation.
 */
import type { LearnerDay } from './scheduling.ts';

export interface DueWindow {
  /** Review cards due before this instant are due: the whole learner's day, as in Anki. */
  reviewBefore: Date;
  /** Learning and relearning steps due at or before this instant are due. */
  learningBy: Date;
}

/**
 * The due window at `now`: a review card scheduled for 21:00 is shown from the start of the
 * learner's day; a learning step only once its time has come. New cards are never "due"; they come
 * by each desk's daily allowance.
 */
export function dueWindow(now: Date, today: LearnerDay): DueWindow {
  return { reviewBefore: today.end, learningBy: now };
}

/** New cards still allowed today: the daily limit less those introduced today, never negative. */
export function newCardsAllowance(limit: number, introducedToday: number): number {
  return Math.max(0, limit - introducedToday);
}
