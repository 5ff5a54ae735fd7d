import { describe, expect, it } from 'vitest';
import { pointsFor, ranked } from './scoring.ts';

describe('pointsFor (Kahoot rule)', () => {
  it('gives Kahoot’s example: 2 s of a 30 s question is 967', () => {
    expect(pointsFor(true, 2000, 30000)).toBe(967);
  });
  it('gives the full 1000 under half a second and 500 at the limit', () => {
    expect(pointsFor(true, 499, 20000)).toBe(1000);
    expect(pointsFor(true, 20000, 20000)).toBe(500);
    expect(pointsFor(true, 25000, 20000)).toBe(500);
  });
  it('gives 0 for a wrong answer however fast', () => {
    expect(pointsFor(false, 100, 20000)).toBe(0);
  });
});

describe('ranked', () => {
  it('shares a rank between equal scores', () => {
    const rows = ranked([{ score: 900 }, { score: 900 }, { score: 500 }, { score: 0 }]);
    expect(rows.map((r) => r.rank)).toEqual([1, 1, 3, 4]);
  });
});
