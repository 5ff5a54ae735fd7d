/** Marking helpers shared by the disciplines. */
import { normalizeAnswer } from '../duel-scoring.ts';
import type { Mark } from './types.ts';

/** Each position's answer beside its truth, judged by `same`. */
export function markAll(
  truth: readonly string[],
  given: readonly string[],
  same: (given: string, truth: string) => boolean,
): Mark[] {
  return truth.map((expected, i) => {
    const answer = given[i] ?? '';
    return { given: answer, truth: expected, correct: answer !== '' && same(answer, expected) };
  });
}

/** Whether two texts are equal once case, accents and surrounding punctuation are set aside. */
export const sameText = (given: string, truth: string) =>
  normalizeAnswer(given) !== '' && normalizeAnswer(given) === normalizeAnswer(truth);

/** Whether `a` becomes `b` by at most one insertion, deletion or substitution. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  let i = 0;
  while (i < short.length && short[i] === long[i]) i += 1;
  // Past the first difference, the rest must match after skipping one letter of the longer
  // (insertion/deletion) or one letter of both (substitution).
  return (
    short.slice(i) === long.slice(i + 1) ||
    (short.length === long.length && short.slice(i + 1) === long.slice(i + 1))
  );
}

export const correctCount = (marks: readonly Mark[]) => marks.filter((m) => m.correct).length;
