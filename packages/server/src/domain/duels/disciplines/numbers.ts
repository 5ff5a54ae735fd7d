/**
 * Numbers: random digits shown in rows, typed back into a grid of the same rows.
 *
 * Scored by default as the World Memory Championships score Speed Numbers (rows of 40 digits):
 * a row fully right scores its digits, a row with one mistake (a blank included) half of them, a
 * row with two or more nothing. The last row the learner wrote in, if left incomplete, scores
 * the digits written when all are right, half of them rounded up with one mistake, else nothing.
 * Rows after it score nothing. With `scoring: 'digits'`, one point per digit in its place.
 */
import { markAll } from './marks.ts';
import { randomFor } from './seeded.ts';
import type { Discipline, Mark, ResolvedOptions, Scored } from './types.ts';

/** WMC's row length for Speed Numbers. */
export const ROW_LENGTH = 40;

const rules = {
  id: 'numbers',
  memorizeSeconds: 60,
  recallSeconds: 240,
  defaultCount: 80,
  minCount: 10,
  maxCount: 400,
  countStep: 1,
  unit: 'digits',
  languages: false,
  scoring:
    'Rows of 40 digits as the World Memory Championships score them: a row fully right scores ' +
    'its digits, one mistake half, more nothing; the last row written, if incomplete, scores the ' +
    'digits written (half, rounded up, with one mistake). Option scoring=digits: a point per digit.',
} as const;

/** Points of one row: `n` digits judged, `mistakes` of them wrong or blank. */
function rowScore(n: number, mistakes: number): number {
  if (mistakes === 0) return n;
  if (mistakes === 1) return Math.ceil(n / 2);
  return 0;
}

/** The WMC row points of `marks` cut into rows of `rowLength` (see the module's comment). */
export function wmcRowPoints(marks: readonly Mark[], rowLength = ROW_LENGTH): number[] {
  const lastWritten = marks.findLastIndex((m) => m.given !== '');
  const rows: number[] = [];
  for (let start = 0; start < marks.length; start += rowLength) {
    const row = marks.slice(start, start + rowLength);
    if (lastWritten < start) {
      rows.push(0);
      continue;
    }
    // The last row written counts up to its last written digit; earlier rows count whole.
    const judged = lastWritten < start + row.length ? row.slice(0, lastWritten - start + 1) : row;
    rows.push(rowScore(judged.length, judged.filter((m) => !m.correct).length));
  }
  return rows;
}

export function scoreNumbers(
  truth: readonly string[],
  given: readonly string[],
  options: Pick<ResolvedOptions, 'scoring'>,
): Scored {
  const marks = markAll(
    truth,
    given.map((d) => d.trim()),
    (a, b) => a === b,
  );
  if (options.scoring === 'digits') {
    return { score: marks.filter((m) => m.correct).length, maxScore: truth.length, marks };
  }
  const rowPoints = wmcRowPoints(marks);
  return { score: rowPoints.reduce((a, b) => a + b, 0), maxScore: truth.length, marks, rowPoints };
}

export const numbers: Discipline = {
  rules,
  generate(seed, options) {
    const random = randomFor(seed, 'numbers');
    const truth = Array.from({ length: options.count }, () => String(Math.floor(random() * 10)));
    return { view: { digits: truth.join(''), row_length: ROW_LENGTH }, truth };
  },
  score: scoreNumbers,
};
