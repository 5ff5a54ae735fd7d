/**
 * A learner's memory model: the FSRS parameters fitted from their own review log (or the
 * defaults), their desired retention, the scheduler both make, and how a review log becomes the
 * optimiser's training items with a time-ordered split for evaluation. Pure: the optimiser itself
 * runs in `memory-model/optimiser.ts`, in a child process (`fit-process.ts`).
 */
import { type FSRS, fsrs, generatorParameters, type StepUnit } from 'ts-fsrs';
import { FSRS_PARAMETERS, localDate } from './scheduling.ts';

export const DESIRED_RETENTION = { min: 0.7, max: 0.97, default: 0.9 } as const;

/**
 * A learner's log needs this many reviews before their parameters are fitted; with fewer, FSRS's
 * defaults schedule them (the optimiser's own floor is lower, but a fit on a few hundred reviews
 * barely moves from the defaults and its held-out evaluation would be noise).
 */
export const MIN_REVIEWS_TO_FIT = 400;
/** A learner is fitted again once this many reviews were added since the last fit. */
export const REFIT_AFTER_NEW_REVIEWS = 200;
/** The later share of the reviews (by time) the fit is evaluated on, never trained on. */
export const HELD_OUT_SHARE = 0.2;

/** The weights the scheduler uses for a learner without fitted parameters. */
export const DEFAULT_WEIGHTS: readonly number[] = [...FSRS_PARAMETERS.w];

export interface LearnerModel {
  /** Fitted FSRS-6 weights, or null for the defaults. */
  parameters: readonly number[] | null;
  desiredRetention: number;
}

export const DEFAULT_MODEL: LearnerModel = {
  parameters: null,
  desiredRetention: DESIRED_RETENTION.default,
};

const schedulers = new Map<string, FSRS>();
const MAX_CACHED_SCHEDULERS = 1000;

/** A deck preset's part of the scheduler (domain/review/presets.ts): its steps. */
export interface SchedulerSteps {
  learningSteps: readonly StepUnit[];
  relearningSteps: readonly StepUnit[];
}

/**
 * The scheduler of a learner's model: the project's settings (fuzz, short-term steps) with their
 * weights and retention, and a deck preset's learning and relearning steps when given (ts-fsrs's
 * defaults, 1m 10m and 10m, otherwise). Cached by value: most learners share the defaults.
 */
export function schedulerFor(model: LearnerModel, steps?: SchedulerSteps): FSRS {
  const stepsKey = steps
    ? `${steps.learningSteps.join(' ')}|${steps.relearningSteps.join(' ')}`
    : '';
  const key = `${model.desiredRetention}|${model.parameters?.join(',') ?? ''}|${stepsKey}`;
  let s = schedulers.get(key);
  if (!s) {
    if (schedulers.size >= MAX_CACHED_SCHEDULERS) schedulers.clear();
    s = fsrs(
      generatorParameters({
        ...FSRS_PARAMETERS,
        w: model.parameters ? [...model.parameters] : [...DEFAULT_WEIGHTS],
        request_retention: model.desiredRetention,
        ...(steps && {
          learning_steps: [...steps.learningSteps],
          relearning_steps: [...steps.relearningSteps],
        }),
      }),
    );
    schedulers.set(key, s);
  }
  return s;
}

/**
 * The scheduler of a learner's reviews of one deck: their model, with the deck preset's desired
 * retention when it sets one (null: the learner's) and its learning and relearning steps.
 */
export function schedulerForDeck(
  model: LearnerModel,
  preset: SchedulerSteps & { desiredRetention: number | null },
): FSRS {
  return schedulerFor(
    { ...model, desiredRetention: preset.desiredRetention ?? model.desiredRetention },
    preset,
  );
}

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
