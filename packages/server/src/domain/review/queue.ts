/**
 * Which rated cards the review queue holds at a moment. The storage layer's queue and due counts
 * (db/queries/queue.ts) filter by this window, so the rule has one implementation.
 */
import type { LearnerDay } from './scheduling.ts';

/**
 * How far ahead learning and relearning steps join the queue (Anki's "learn ahead limit", 20
 * minutes by default): a card rated Again comes back in the same session instead of ending it.
 */
export const LEARN_AHEAD_MS = 20 * 60 * 1000;

export interface DueWindow {
  /** Review cards due before this instant are due: the whole learner's day, as in Anki. */
  reviewBefore: Date;
  /** Learning and relearning steps due at or before this instant are due now. */
  learningBy: Date;
  /**
   * Learning and relearning steps due at or before this instant are in the queue too (learned
   * ahead), after every other card, and counted as due.
   */
  learnAheadBy: Date;
}

/**
 * The due window at `now`: a review card scheduled for 21:00 is shown from the start of the
 * learner's day; a learning step once its time has come, or ahead of it within the learn-ahead
 * limit. New cards are never "due"; they come by each deck's daily allowance.
 */
export function dueWindow(now: Date, today: LearnerDay): DueWindow {
  return {
    reviewBefore: today.end,
    learningBy: now,
    learnAheadBy: new Date(now.getTime() + LEARN_AHEAD_MS),
  };
}

/**
 * Whether a rated card is in the window (counted as due): a review card due before the end of the
 * learner's day, a learning or relearning step due by the learn-ahead limit. The SQL form of this
 * rule is `dueIn` in db/queries/queue.ts; a rating answer adjusts the counts it read with this one.
 */
export function isInDueWindow(card: { state: number; due: Date }, window: DueWindow): boolean {
  if (card.state === 0) return false;
  const at = card.due.getTime();
  return card.state === 2
    ? at < window.reviewBefore.getTime()
    : at <= window.learnAheadBy.getTime();
}

/** A learning step in the window but not due yet: it waits behind the other cards. */
export function isLearnedAhead(
  card: { state: number; due: Date },
  window: Pick<DueWindow, 'learningBy'>,
): boolean {
  return card.state !== 0 && card.state !== 2 && card.due.getTime() > window.learningBy.getTime();
}

/** New cards still allowed today: the daily limit less those introduced today, never negative. */
export function newCardsAllowance(limit: number, introducedToday: number): number {
  return Math.max(0, limit - introducedToday);
}
