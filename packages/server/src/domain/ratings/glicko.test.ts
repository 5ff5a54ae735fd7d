import { describe, expect, it } from 'vitest';
import { conservativeRating, INITIAL_RATING, rankByConservative, rateGame } from './glicko.ts';

describe('Glicko-2 ratings of one game', () => {
  it('starts everyone at 1500, deviation 350, volatility 0.06', () => {
    expect(INITIAL_RATING).toEqual({ rating: 1500, deviation: 350, volatility: 0.06 });
  });

  it("moves two new players' ratings apart by the same amount and shrinks both deviations", () => {
    const { a, b } = rateGame(INITIAL_RATING, INITIAL_RATING, 1);
    expect(a.rating).toBeGreaterThan(1500);
    expect(b.rating).toBeLessThan(1500);
    expect(a.rating - 1500).toBeCloseTo(1500 - b.rating, 6);
    expect(a.deviation).toBeLessThan(350);
    expect(b.deviation).toBeCloseTo(a.deviation, 6);
  });

  it("rates both sides from the other's rating before the game, not the updated one", () => {
    const strong = { rating: 2000, deviation: 70, volatility: 0.06 };
    const { a } = rateGame(INITIAL_RATING, strong, 0);
    // Glickman's example in glicko2-lite's docs: a new player losing to 2000 ± 70.
    expect(a.rating).toBeCloseTo(1467.5878, 3);
    expect(a.deviation).toBeCloseTo(318.6618, 3);
  });

  it('leaves equal players level after a draw', () => {
    const { a, b } = rateGame(INITIAL_RATING, INITIAL_RATING, 0.5);
    expect(a.rating).toBeCloseTo(1500, 6);
    expect(b.rating).toBeCloseTo(1500, 6);
  });

  it('ranks by rating minus twice the deviation, then rating, then name', () => {
    const rows = [
      { name: 'new', rating: 1700, deviation: 300 }, // 1100
      { name: 'steady', rating: 1600, deviation: 50 }, // 1500
      { name: 'bea', rating: 1550, deviation: 25 }, // 1500
      { name: 'ana', rating: 1550, deviation: 25 }, // 1500
    ];
    expect(conservativeRating(rows[0] as (typeof rows)[0])).toBe(1100);
    const ranked = rankByConservative(rows, (r) => r.name);
    expect(ranked.map((r) => [r.name, r.rank])).toEqual([
      ['steady', 1],
      ['ana', 2],
      ['bea', 3],
      ['new', 4],
    ]);
  });
});
