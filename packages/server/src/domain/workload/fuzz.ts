/**
 * FSRS's fuzz range (ts-fsrs `get_fuzz_range`, the same as Anki's): the whole days a review may
 * be moved to around its interval without overruling the memory model — ±15 % of the part of the
 * interval between 2.5 and 7 days, ±10 % between 7 and 20, ±5 % beyond, plus a day.
 */
import { get_fuzz_range } from 'ts-fsrs';

export function fuzzRange(
  interval: number,
  elapsedDays: number,
  maxInterval: number,
): [number, number] {
  if (interval < 2.5) {
    const whole = Math.min(Math.max(1, Math.round(interval)), maxInterval);
    return [whole, whole];
  }
  const { min_ivl, max_ivl } = get_fuzz_range(interval, elapsedDays, maxInterval);
  return [min_ivl, max_ivl];
}
