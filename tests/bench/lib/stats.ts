// Percentiles of measured samples. Two definitions are in use and kept apart, so that each
// printed figure keeps the meaning it has had in docs/performance.

/**
 * The sample at index ⌊p/100 · n⌋ of `sorted` (ascending): the load, event and stream rows.
 * For 30 samples, p50 is the 16th.
 */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/**
 * The nearest-rank percentile, the sample at index ⌈p/100 · n⌉ − 1 of `sorted` (ascending): the
 * browser rows (key to paint, navigation). For 30 samples, p50 is the 15th.
 */
export function nearestRank(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

/** `values` sorted ascending, without changing them. */
export const ascending = (values: number[]) => [...values].sort((a, b) => a - b);
