/**
 * The teacher's view of a course (docs/features/teacher-view.md): the figures made from the sums
 * the database returns. Retrievability is FSRS-6's forgetting curve with each student's own decay
 * (w[20] of their fitted parameters, the defaults' without), the formula of
 * `domain/workload/memory.ts`; `db/queries/course-progress.ts` evaluates the same curve inside
 * PostgreSQL, so that the sums over a class's cards never leave the database row by row.
 */
import { DEFAULT_WEIGHTS } from '../review/memory-model.ts';
import { curveOf, retrievability } from '../workload/memory.ts';

/** Days of the reviews-per-day sparkline, today last. */
export const PROGRESS_DAYS = 14;
/** Days counted as "this week" (rolling, from now). */
export const WEEK_DAYS = 7;
/** A card's question is cut to this many characters in the list of cards. */
export const FRONT_CHARS = 80;

/** The forgetting curve's exponent for a student: negative w[20]. */
export function studentDecay(parameters: readonly number[] | null): number {
  return curveOf(parameters ?? DEFAULT_WEIGHTS).decay;
}

/** The probability of recall `days` after the last review of a card of this stability. */
export function recallAt(decay: number, days: number, stability: number): number {
  return retrievability(curveOf([...Array(20).fill(0), -decay]), days, stability);
}

/**
 * Mean predicted recall over every card of the deck: the sum of the started cards'
 * retrievability over the deck's size, so a card never studied counts 0 (it will not be
 * remembered at the exam). Null for an empty deck.
 */
export function predictedRetention(recallSum: number, cards: number): number | null {
  return cards === 0 ? null : recallSum / cards;
}

/**
 * Expected share of the class that will not recall a card: the mean of 1 - retrievability over
 * the students, a student who never studied it counting 1. Null without students.
 */
export function forgetShare(recallSum: number, students: number): number | null {
  return students === 0 ? null : 1 - recallSum / students;
}

/** Lapses (Again on a card in review) per review of the card; null before any review. */
export function lapseRate(lapses: number, reviews: number): number | null {
  return reviews === 0 ? null : Math.min(lapses / reviews, 1);
}

/** Milliseconds of answer time as minutes with one decimal. */
export function minutesOf(ms: number): number {
  return Math.round(ms / 6_000) / 10;
}

/** Reviews on each of the last PROGRESS_DAYS days, oldest first; `daysAgo` 0 is today. */
export function dayCounts(rows: readonly { daysAgo: number; reviews: number }[]): number[] {
  const days = new Array<number>(PROGRESS_DAYS).fill(0);
  for (const r of rows) {
    const at = PROGRESS_DAYS - 1 - r.daysAgo;
    if (r.daysAgo >= 0 && at >= 0) days[at] = (days[at] ?? 0) + r.reviews;
  }
  return days;
}
