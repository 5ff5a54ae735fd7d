/**
 * Points for an answer, Kahoot's rule (support.kahoot.com, "How points work"): a right answer
 * scores the full 1000 under half a second, else 1000 × (1 − (time / limit) / 2) rounded, so
 * never less than 500 within the time; a wrong one scores 0.
 */
export const MAX_POINTS = 1000;
const INSTANT_MS = 500;

export function pointsFor(correct: boolean, answerMs: number, limitMs: number): number {
  if (!correct) return 0;
  if (answerMs < INSTANT_MS) return MAX_POINTS;
  const share = Math.min(1, Math.max(0, answerMs / limitMs));
  return Math.round(MAX_POINTS * (1 - share / 2));
}

/** Standard competition ranks ("1224"): equal scores share a rank. Input sorted by score desc. */
export function ranked<T extends { score: number }>(
  sorted: readonly T[],
): (T & { rank: number })[] {
  let rank = 0;
  let previous: number | undefined;
  return sorted.map((row, i) => {
    if (row.score !== previous) rank = i + 1;
    previous = row.score;
    return { ...row, rank };
  });
}
