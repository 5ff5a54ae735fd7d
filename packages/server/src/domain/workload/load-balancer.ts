/**
 * Load balancing, as Anki 24.11 does it: when a rating schedules a review, the due day is picked
 * within FSRS's fuzz range (so the memory model is not overruled) by a weighted draw that favours
 * days with fewer reviews already due and shorter intervals, with easy days weighted down.
 * Weight of a day: (1 / reviews due)² × (1 / interval) × easy-day modifier; an empty day weighs 1.
 */

/** Anki's cap: longer intervals are fuzzed but not balanced (their range is spread thin anyway). */
export const MAX_BALANCED_INTERVAL = 90;

/** A near-zero weight instead of zero, as Anki, so a range made only of easy days still picks. */
const EASY_DAY_MINIMUM = 0.0001;

/**
 * Each weekday's share of a normal day's reviews (Monday first): 1 normal, 0 a day off, 0.5 half.
 * Presets carry the learner's choice (`easyWeekOf`); every day normal without one.
 */
export type EasyDays = readonly [number, number, number, number, number, number, number];
export const NORMAL_WEEK: EasyDays = [1, 1, 1, 1, 1, 1, 1];

/**
 * The week of a preset's easy days (`easyDays`: weekday numbers, 0 Monday; `easyDayLoad`: the
 * share of a normal day each of them gets, 0 a day off): what a rating balances with.
 */
export function easyWeekOf(easyDays: readonly number[], easyDayLoad: number): EasyDays {
  const share = Math.min(1, Math.max(0, easyDayLoad));
  const day = (weekday: number) => (easyDays.includes(weekday) ? share : 1);
  return [day(0), day(1), day(2), day(3), day(4), day(5), day(6)];
}

export interface BalanceRequest {
  /** FSRS's fuzz range, in whole days from today (`get_fuzz_range`). */
  minInterval: number;
  maxInterval: number;
  /** Reviews already due on the day `interval` days from today. */
  dueOn: (interval: number) => number;
  /** 0 Monday … 6 Sunday of the day `interval` days from today. */
  weekdayOf: (interval: number) => number;
  easyDays?: EasyDays;
  /** A uniform number in [0, 1): seeded per card and review, so a rating is reproducible. */
  random: number;
  /**
   * FSRS's own fuzzed day, kept when every day of the range has the same load (nothing to balance):
   * then a rating schedules exactly as ts-fsrs does, and its preview stays true.
   */
  preferred?: number;
}

/**
 * The modifier of each day of the range for easy days, Anki's rule: a day off is (almost) never
 * picked; a reduced day is picked only while its count, scaled up by its share, stays under the
 * other days' average per share.
 */
export function easyDayModifiers(
  easyDays: EasyDays,
  weekdays: readonly number[],
  counts: readonly number[],
): number[] {
  const total = counts.reduce((a, b) => a + b, 0);
  const shares = weekdays.map((w) => easyDays[w] ?? 1);
  const totalShare = shares.reduce((a, b) => a + b, 0);
  return shares.map((share, i) => {
    if (share >= 1) return 1;
    if (share <= 0) return EASY_DAY_MINIMUM;
    const count = counts[i] ?? 0;
    const othersShare = totalShare - share;
    if (othersShare <= 0) return 1;
    const threshold = (total - count) / othersShare;
    return count / share > threshold ? EASY_DAY_MINIMUM : 1;
  });
}

/** The interval (days from today) the review is due after: one day of the fuzz range. */
export function balancedInterval(request: BalanceRequest): number {
  const { minInterval, maxInterval } = request;
  if (maxInterval <= minInterval) return maxInterval;
  const intervals: number[] = [];
  for (let i = minInterval; i <= maxInterval; i++) intervals.push(i);
  const counts = intervals.map(request.dueOn);
  const modifiers = easyDayModifiers(
    request.easyDays ?? NORMAL_WEEK,
    intervals.map(request.weekdayOf),
    counts,
  );
  // Unlike Anki (an empty day weighs 1 whatever its weekday), an empty easy day is weighted down
  // too: otherwise a day off, being empty, would draw every card whose range reaches it.
  const weights = intervals.map((interval, i) => {
    const count = counts[i] ?? 0;
    const base = count === 0 ? 1 : (1 / count) ** 2 * (1 / interval);
    return base * (modifiers[i] ?? 1);
  });
  const { preferred } = request;
  if (
    preferred !== undefined &&
    preferred >= minInterval &&
    preferred <= maxInterval &&
    counts.every((count) => count === counts[0]) &&
    modifiers.every((modifier) => modifier === modifiers[0])
  ) {
    return preferred;
  }
  const sum = weights.reduce((a, b) => a + b, 0);
  let target = request.random * sum;
  for (let i = 0; i < intervals.length; i++) {
    target -= weights[i] ?? 0;
    if (target < 0) return intervals[i] ?? maxInterval;
  }
  return maxInterval;
}
