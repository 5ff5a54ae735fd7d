import { describe, expect, it } from 'vitest';
import { numbers, scoreNumbers } from './numbers.ts';

const OPTIONS = { count: 80, scoring: 'rows' as const, language: null };
const digitsOf = (text: string) => [...text];

/** A row of 40 digits and a copy of it with `wrong` positions changed (or blanked). */
const ROW = '3141592653589793238462643383279502884197';
function withMistakes(row: string, wrong: number[], blank = false): string[] {
  return digitsOf(row).map((d, i) =>
    wrong.includes(i) ? (blank ? '' : d === '0' ? '1' : '0') : d,
  );
}

describe('Numbers, scored as the World Memory Championships score Speed Numbers', () => {
  // worldmemorychampionships.com/speed_number.asp, "Scoring" rules 1-6.
  it('gives a complete row of 40 recalled in order 40 points', () => {
    expect(scoreNumbers(digitsOf(ROW), digitsOf(ROW), OPTIONS).score).toBe(40);
  });

  it('gives a complete row with a single mistake 20, a missing digit counting as one', () => {
    const truth = digitsOf(ROW + ROW);
    const given = [...withMistakes(ROW, [7]), ...digitsOf(ROW)];
    expect(scoreNumbers(truth, given, OPTIONS).rowPoints).toEqual([20, 40]);
    const blank = [...withMistakes(ROW, [7], true), ...digitsOf(ROW)];
    expect(scoreNumbers(truth, blank, OPTIONS).rowPoints).toEqual([20, 40]);
  });

  it('gives a complete row with two or more mistakes nothing', () => {
    const given = [...withMistakes(ROW, [1, 30]), ...digitsOf(ROW)];
    expect(scoreNumbers(digitsOf(ROW + ROW), given, OPTIONS).rowPoints).toEqual([0, 40]);
  });

  it('gives an incomplete last row of 29 right digits 29, with one mistake 15, with two 0', () => {
    const truth = digitsOf(ROW + ROW);
    const first29 = digitsOf(ROW).slice(0, 29);
    expect(scoreNumbers(truth, [...digitsOf(ROW), ...first29], OPTIONS).rowPoints).toEqual([
      40, 29,
    ]);
    const oneWrong = withMistakes(ROW.slice(0, 29), [3]);
    expect(scoreNumbers(truth, [...digitsOf(ROW), ...oneWrong], OPTIONS).rowPoints).toEqual([
      40, 15,
    ]);
    const twoWrong = withMistakes(ROW.slice(0, 29), [3, 4]);
    expect(scoreNumbers(truth, [...digitsOf(ROW), ...twoWrong], OPTIONS).rowPoints).toEqual([
      40, 0,
    ]);
  });

  it('scores rows after the last one written as nothing, and an empty recall as 0', () => {
    const truth = digitsOf(ROW + ROW);
    expect(scoreNumbers(truth, digitsOf(ROW), OPTIONS).rowPoints).toEqual([40, 0]);
    expect(scoreNumbers(truth, [], OPTIONS).score).toBe(0);
  });

  it('scores one point per digit in its place with scoring=digits', () => {
    const given = withMistakes(ROW, [1, 30]);
    const scored = scoreNumbers(digitsOf(ROW), given, { scoring: 'digits' });
    expect(scored.score).toBe(38);
    expect(scored.rowPoints).toBeUndefined();
    expect(scored.marks[1]).toMatchObject({ truth: ROW[1], correct: false });
  });
});

describe('Numbers content', () => {
  it('is the same for the same seed and differs for another', () => {
    const a = numbers.generate(7, OPTIONS);
    expect(numbers.generate(7, OPTIONS)).toEqual(a);
    expect(numbers.generate(8, OPTIONS).view.digits).not.toBe(a.view.digits);
    expect(a.view.digits).toMatch(/^\d{80}$/);
    expect(a.truth.join('')).toBe(a.view.digits);
  });
});
