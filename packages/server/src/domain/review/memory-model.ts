/**
 * A learner's memory model: the FSRS parameters fitted from their own review log (or the
 * defaults), their desired retention, the scheduler both make, and how a review log becomes the
 * optimiser's training items with a time-ordered split for evaluation. Pure: the optimiser itself
 * runs in `memory-model/optimiser.ts`, in a child process (`fit-process.ts`).
 */
import { DESIRED_RETENTION, localDate } from './scheduling.ts';

// The scheduler of a learner's model runs in the browser too (offline review).
export {
  DEFAULT_MODEL,
  DEFAULT_WEIGHTS,
  DESIRED_RETENTION,
  type LearnerModel,
  type SchedulerSteps,
  schedulerFor,
  schedulerForDeck,
} from './scheduling.ts';

/**
 * A learner's log needs this many reviews before their parameters are fitted; with fewer, FSRS's
 * defaults schedule them (the optimiser's own floor is lower, but a fit on a few hundred reviews
 * barely moves from the defaults and its held-out evaluation would be noise). Below it, a student
 * of a course with class-pooled parameters is scheduled with them: the `learner_models` view
 * (migration 0045) repeats this number.
 */
export const MIN_REVIEWS_TO_FIT = 400;
/** A learner is fitted again once this many reviews were added since the last fit. */
export const REFIT_AFTER_NEW_REVIEWS = 200;
/** The later share of the reviews (by time) the fit is evaluated on, never trained on. */
export const HELD_OUT_SHARE = 0.2;

/** One rating in a card's history, as read from the log. */
export interface LoggedReview {
  cardId: number;
  /** 1 again … 4 easy. */
  rating: number;
  reviewedAt: Date;
  /** The card was new before this rating (its history starts here). */
  fromNew: boolean;
}

/** One review the optimiser learns from: the card's history up to it, and when it happened. */
export interface TrainingItem {
  /** Ratings with the whole days since the previous one (0 for the first). */
  reviews: { rating: number; deltaT: number }[];
  /** Time of the item's last review, the one it predicts (epoch ms). */
  at: number;
}

/** Whole days between two instants, counted on the learner's calendar (as Anki counts them). */
function daysBetween(from: Date, to: Date, timeZone: string): number {
  // Calendar dates parse as UTC midnights, so their difference is whole days.
  return Math.round(
    (Date.parse(localDate(to, timeZone)) - Date.parse(localDate(from, timeZone))) / 86_400_000,
  );
}

/**
 * The optimiser's items from a review log: one per review after a card's first, carrying the
 * card's history up to it. A card's history is used only from a rating of it as new (a history
 * whose start is missing would teach the model a wrong first stability), and ratings are taken in
 * time order. An item is made only once the card has a review on a later day than the one before
 * it (a `deltaT` above 0): fsrs-rs needs one in every item, and panics on an item without
 * (`FSRSItem::first_long_term_review`, "at least one review with delta_t > 0 is required"), which
 * a first day of same-day repeats used to give it.
 */
export function trainingItems(log: readonly LoggedReview[], timeZone: string): TrainingItem[] {
  const byCard = new Map<number, LoggedReview[]>();
  for (const r of log) {
    const list = byCard.get(r.cardId);
    if (list) list.push(r);
    else byCard.set(r.cardId, [r]);
  }
  const items: TrainingItem[] = [];
  for (const reviews of byCard.values()) {
    reviews.sort((a, b) => a.reviewedAt.getTime() - b.reviewedAt.getTime());
    // The last time the card was rated as new starts its history (a reset card starts again).
    let start = -1;
    for (let i = reviews.length - 1; i >= 0; i--) {
      if (reviews[i]?.fromNew) {
        start = i;
        break;
      }
    }
    if (start < 0) continue;
    const history: TrainingItem['reviews'] = [];
    let previous: Date | null = null;
    let onLaterDay = false;
    for (const r of reviews.slice(start)) {
      const deltaT = previous ? daysBetween(previous, r.reviewedAt, timeZone) : 0;
      history.push({ rating: r.rating, deltaT });
      previous = r.reviewedAt;
      onLaterDay ||= deltaT > 0;
      if (history.length > 1 && onLaterDay) {
        items.push({ reviews: [...history], at: r.reviewedAt.getTime() });
      }
    }
  }
  return items;
}

/**
 * A time-ordered split: the items whose predicted review is among the latest `heldOutShare` of
 * the log are held out; the model is fitted on the earlier ones only, so the evaluation cannot see
 * the future it predicts.
 */
export function timeOrderedSplit(
  items: readonly TrainingItem[],
  heldOutShare = HELD_OUT_SHARE,
): { train: TrainingItem[]; test: TrainingItem[] } {
  const sorted = [...items].sort((a, b) => a.at - b.at);
  const cut = Math.floor(sorted.length * (1 - heldOutShare));
  const cutoff = sorted[cut]?.at ?? Number.POSITIVE_INFINITY;
  // Reviews at the same instant as the cut stay on one side.
  return {
    train: sorted.filter((i) => i.at < cutoff),
    test: sorted.filter((i) => i.at >= cutoff),
  };
}

export function isValidRetention(value: number): boolean {
  return value >= DESIRED_RETENTION.min && value <= DESIRED_RETENTION.max;
}
