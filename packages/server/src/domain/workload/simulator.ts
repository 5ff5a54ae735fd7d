/**
 * The workload simulator: the learner's cards (and the new ones waiting) reviewed day by day on
 * FSRS's schedule, whether each review is recalled drawn from its retrievability, as fsrs-rs's
 * `simulate` (the one behind Anki's simulator and "compute minimum recommended retention") does:
 * ratings drawn from the learner's own shares (first ratings and, when recalled, hard/good/easy),
 * each costing the learner's own seconds, new cards capped a day, reviews over the daily cap
 * carried to the next day. Seeded, so one input always gives one answer. Pure.
 */

import { examCap } from './exam.ts';
import { fuzzRange } from './fuzz.ts';
import { balancedInterval, type EasyDays, MAX_BALANCED_INTERVAL } from './load-balancer.ts';
import {
  type Curve,
  curveOf,
  firstMemory,
  intervalFor,
  type Memory,
  nextMemory,
  retrievability,
  shortTermMemory,
} from './memory.ts';
import { seededRandom } from './random.ts';

/** Seconds a review costs by rating (again, hard, good, easy). */
export type RatingCosts = readonly [number, number, number, number];

export interface ReviewCosts {
  /** A new card's first rating, learning steps not included. */
  learn: RatingCosts;
  /** A review on a later day. */
  review: RatingCosts;
  /** One relearning or learning step (rated good). */
  step: number;
}

/** fsrs-rs's defaults (`SimulatorConfig::state_rating_costs`): median seconds across Anki users. */
export const DEFAULT_COSTS: ReviewCosts = {
  learn: [19.58, 18.79, 13.78, 10.71],
  review: [19.38, 17.59, 12.38, 8.94],
  step: 12.32,
};

/** fsrs-rs's defaults: the shares of first ratings, and of hard/good/easy among recalls. */
export const DEFAULT_FIRST_RATING_SHARES = [0.24, 0.094, 0.495, 0.171] as const;
export const DEFAULT_RECALL_RATING_SHARES = [0.224, 0.631, 0.145] as const;

/** A card the learner has already studied, in days relative to the simulation's first day. */
export interface StudiedCard {
  stability: number;
  difficulty: number;
  /** Day of the last review (0 or before). */
  lastReview: number;
  /** Day it is due (before 0: overdue, reviewed on day 0). */
  due: number;
}

export interface SimulationInput {
  weights: readonly number[];
  desiredRetention: number;
  days: number;
  cards: readonly StudiedCard[];
  /** New cards waiting to be introduced. */
  newCards: number;
  newPerDay: number;
  maxReviewsPerDay?: number;
  costs?: ReviewCosts;
  firstRatingShares?: readonly number[];
  recallRatingShares?: readonly number[];
  /** Steps of a new card rated again/hard/good (each one a short-term review rated good). */
  learningSteps?: number;
  relearningSteps?: number;
  maxInterval?: number;
  seed?: number;
  /** Spread due days within FSRS's fuzz range: at random, or by load balancing. */
  spread?: 'none' | 'fuzz' | 'balance';
  easyDays?: EasyDays;
  /** 0 Monday … 6 Sunday of day 0 (for easy days). */
  firstWeekday?: number;
  /** Day of an exam (from day 0): intervals capped so retrievability then ≥ desired retention. */
  examDay?: number;
  /** Also answer every introduced card's last memory (for tests of the exam guarantee). */
  withCards?: boolean;
}

export interface SimulatedDay {
  reviews: number;
  newCards: number;
  /** Reviews recalled (not rated again), of `reviews`. */
  recalled: number;
  seconds: number;
}

export interface SimulationResult {
  days: SimulatedDay[];
  totalSeconds: number;
  totalReviews: number;
  /** Expected cards remembered on the last day: the sum of every introduced card's retrievability. */
  memorized: number;
  /** Introduced cards (studied before plus new ones introduced). */
  introduced: number;
  /** Share of reviews recalled. */
  recallRate: number;
  cards?: { stability: number; lastReview: number }[];
}

function pick(shares: readonly number[], u: number): number {
  const total = shares.reduce((a, b) => a + b, 0);
  let target = u * total;
  for (let i = 0; i < shares.length; i++) {
    target -= shares[i] ?? 0;
    if (target < 0) return i;
  }
  return shares.length - 1;
}

export function simulate(input: SimulationInput): SimulationResult {
  const w = input.weights;
  const curve: Curve = curveOf(w);
  const costs = input.costs ?? DEFAULT_COSTS;
  const firstShares = input.firstRatingShares ?? DEFAULT_FIRST_RATING_SHARES;
  const recallShares = input.recallRatingShares ?? DEFAULT_RECALL_RATING_SHARES;
  const learningSteps = input.learningSteps ?? 2;
  const relearningSteps = input.relearningSteps ?? 1;
  const maxInterval = input.maxInterval ?? 36_500;
  const maxReviews = input.maxReviewsPerDay ?? Number.POSITIVE_INFINITY;
  const spread = input.spread ?? 'none';
  const random = seededRandom(input.seed ?? 1);
  const { days, desiredRetention: retention } = input;

  const capacity = input.cards.length + Math.max(0, input.newCards);
  const stability = new Float64Array(capacity);
  const difficulty = new Float64Array(capacity);
  const lastReview = new Int32Array(capacity);
  // Cards due each day of the horizon; cards due later than the horizon are not kept.
  const dueOn: number[][] = Array.from({ length: days }, () => []);
  let introduced = 0;
  for (const card of input.cards) {
    const i = introduced++;
    stability[i] = Math.max(card.stability, 0.001);
    difficulty[i] = card.difficulty;
    lastReview[i] = card.lastReview;
    const due = Math.max(0, card.due);
    if (due < days) dueOn[due]?.push(i);
  }

  const countOn = (day: number) => (day < days ? (dueOn[day]?.length ?? 0) : 0);
  const schedule = (i: number, today: number, m: Memory, elapsed: number) => {
    stability[i] = m.stability;
    difficulty[i] = m.difficulty;
    lastReview[i] = today;
    const exact = intervalFor(curve, m.stability, retention);
    let interval = Math.min(Math.max(1, Math.round(exact)), maxInterval);
    let [lo, hi] =
      spread === 'none' ? [interval, interval] : fuzzRange(interval, elapsed, maxInterval);
    if (input.examDay !== undefined && today <= input.examDay) {
      const cap = examCap({
        curve,
        stability: m.stability,
        daysToExam: input.examDay - today,
        retention,
      });
      if (cap !== null) {
        hi = Math.min(hi, cap);
        lo = Math.min(lo, hi);
      }
    }
    if (spread === 'balance' && hi <= MAX_BALANCED_INTERVAL) {
      const firstWeekday = input.firstWeekday ?? 0;
      interval = balancedInterval({
        minInterval: lo,
        maxInterval: hi,
        dueOn: (n) => countOn(today + n),
        weekdayOf: (n) => (firstWeekday + today + n) % 7,
        easyDays: input.easyDays,
        random: random(),
      });
    } else if (spread !== 'none') {
      interval = Math.floor(random() * (hi - lo + 1)) + lo;
    } else {
      interval = Math.min(interval, hi);
    }
    const due = today + interval;
    if (due < days) dueOn[due]?.push(i);
  };

  const result: SimulatedDay[] = [];
  let totalSeconds = 0;
  let totalReviews = 0;
  let totalRecalled = 0;
  for (let today = 0; today < days; today++) {
    const day: SimulatedDay = { reviews: 0, newCards: 0, recalled: 0, seconds: 0 };
    const due = dueOn[today] ?? [];
    dueOn[today] = [];
    const now = Math.min(due.length, maxReviews);
    // Reviews over the day's cap wait for the next day, as an unfinished queue does.
    if (now < due.length && today + 1 < days) dueOn[today + 1]?.push(...due.slice(now));
    for (let k = 0; k < now; k++) {
      const i = due[k] ?? 0;
      const elapsed = today - (lastReview[i] ?? 0);
      const m: Memory = { stability: stability[i] ?? 1, difficulty: difficulty[i] ?? 5 };
      const r = retrievability(curve, elapsed, m.stability);
      const recalled = random() < r;
      const grade = recalled ? 2 + pick(recallShares, random()) : 1;
      let next = nextMemory(w, m, r, grade);
      let seconds = costs.review[grade - 1] ?? 0;
      if (!recalled) {
        for (let s = 0; s < relearningSteps; s++) next = shortTermMemory(w, next, 3);
        seconds += relearningSteps * costs.step;
      } else {
        day.recalled++;
      }
      day.reviews++;
      day.seconds += seconds;
      schedule(i, today, next, elapsed);
    }
    const fresh = Math.min(input.newPerDay, capacity - introduced);
    for (let k = 0; k < fresh; k++) {
      const i = introduced++;
      const grade = 1 + pick(firstShares, random());
      let m = firstMemory(w, grade);
      let seconds = costs.learn[grade - 1] ?? 0;
      if (grade < 4) {
        for (let s = 0; s < learningSteps; s++) m = shortTermMemory(w, m, 3);
        seconds += learningSteps * costs.step;
      }
      day.newCards++;
      day.seconds += seconds;
      schedule(i, today, m, 0);
    }
    totalSeconds += day.seconds;
    totalReviews += day.reviews;
    totalRecalled += day.recalled;
    result.push(day);
  }
  let memorized = 0;
  const last = days - 1;
  for (let i = 0; i < introduced; i++) {
    memorized += retrievability(curve, last - (lastReview[i] ?? 0), stability[i] ?? 1);
  }
  const cards = input.withCards
    ? Array.from({ length: introduced }, (_, i) => ({
        stability: stability[i] ?? 1,
        lastReview: lastReview[i] ?? 0,
      }))
    : undefined;
  return {
    ...(cards ? { cards } : {}),
    days: result,
    totalSeconds,
    totalReviews,
    memorized,
    introduced,
    recallRate: totalReviews === 0 ? 1 : totalRecalled / totalReviews,
  };
}

/** The desired retentions the curve is drawn at, and the bounds a suggestion stays within. */
export const RETENTION_RANGE = { min: 0.7, max: 0.97, step: 0.03 } as const;

export function retentionGrid(): number[] {
  const grid: number[] = [];
  for (let r = RETENTION_RANGE.min; r <= RETENTION_RANGE.max + 1e-9; r += RETENTION_RANGE.step) {
    grid.push(Math.round(r * 100) / 100);
  }
  return grid;
}

export interface RetentionPoint {
  retention: number;
  /** Average minutes a day over the simulation. */
  minutesPerDay: number;
  memorized: number;
  /** Seconds of study per card remembered at the end: what the suggestion minimises. */
  secondsPerMemorized: number;
}

/**
 * The retention curve and the suggested retention: fsrs-rs's CMRR target (total cost over cards
 * memorized at the end), each retention simulated with the same seed so the curve is smooth. The
 * grid's best point is refined by golden-section search between its neighbours, as fsrs-rs runs
 * Brent's method within 0.70–0.95.
 */
export function retentionCurve(input: Omit<SimulationInput, 'desiredRetention'>): {
  curve: RetentionPoint[];
  suggested: number;
} {
  const at = (retention: number): RetentionPoint => {
    const run = simulate({ ...input, desiredRetention: retention });
    return {
      retention,
      minutesPerDay: run.totalSeconds / 60 / Math.max(1, input.days),
      memorized: run.memorized,
      secondsPerMemorized: run.memorized > 0 ? run.totalSeconds / run.memorized : Infinity,
    };
  };
  const curve = retentionGrid().map(at);
  let best = 0;
  for (let i = 1; i < curve.length; i++) {
    if (
      (curve[i]?.secondsPerMemorized ?? Infinity) < (curve[best]?.secondsPerMemorized ?? Infinity)
    ) {
      best = i;
    }
  }
  let lo = curve[Math.max(0, best - 1)]?.retention ?? RETENTION_RANGE.min;
  let hi = curve[Math.min(curve.length - 1, best + 1)]?.retention ?? RETENTION_RANGE.max;
  const phi = (Math.sqrt(5) - 1) / 2;
  for (let k = 0; k < 6; k++) {
    const a = hi - phi * (hi - lo);
    const b = lo + phi * (hi - lo);
    if (at(a).secondsPerMemorized <= at(b).secondsPerMemorized) hi = b;
    else lo = a;
  }
  const suggested = Math.round(((lo + hi) / 2) * 100) / 100;
  return {
    curve,
    suggested: Math.min(RETENTION_RANGE.max, Math.max(RETENTION_RANGE.min, suggested)),
  };
}
