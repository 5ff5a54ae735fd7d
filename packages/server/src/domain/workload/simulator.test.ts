import { describe, expect, it } from 'vitest';
import { DEFAULT_WEIGHTS } from '../review/memory-model.ts';
import { curveOf, retrievability } from './memory.ts';
import { retentionCurve, type SimulationInput, simulate } from './simulator.ts';

const base: SimulationInput = {
  weights: DEFAULT_WEIGHTS,
  desiredRetention: 0.9,
  days: 120,
  cards: [],
  newCards: 1000,
  newPerDay: 20,
  seed: 7,
};

describe('simulate', () => {
  it('gives the same days for the same seed, and other days for another', () => {
    const a = simulate(base);
    expect(simulate(base)).toEqual(a);
    expect(simulate({ ...base, seed: 8 }).days).not.toEqual(a.days);
  });

  it('introduces new cards at the daily limit until none are left', () => {
    const run = simulate({ ...base, newCards: 50 });
    expect(run.days.slice(0, 3).map((d) => d.newCards)).toEqual([20, 20, 10]);
    expect(run.introduced).toBe(50);
  });

  it('asks more reviews and more time for a higher retention', () => {
    const low = simulate({ ...base, desiredRetention: 0.8 });
    const high = simulate({ ...base, desiredRetention: 0.95 });
    expect(high.totalReviews).toBeGreaterThan(low.totalReviews);
    expect(high.totalSeconds).toBeGreaterThan(low.totalSeconds);
    expect(high.recallRate).toBeGreaterThan(low.recallRate);
  });

  it('recalls about as often as the desired retention once cards are old enough', () => {
    const run = simulate({ ...base, days: 365, newCards: 300 });
    expect(run.recallRate).toBeGreaterThan(0.85);
    expect(run.recallRate).toBeLessThan(0.95);
  });

  it('carries reviews over the daily cap to the next day', () => {
    const cards = Array.from({ length: 30 }, () => ({
      stability: 10_000,
      difficulty: 5,
      lastReview: -10,
      due: 0,
    }));
    const run = simulate({ ...base, cards, newCards: 0, maxReviewsPerDay: 12, days: 3 });
    expect(run.days.map((d) => d.reviews)).toEqual([12, 12, 6]);
  });

  it('keeps every card at the desired retention on the exam day when it caps intervals', () => {
    const examDay = 60;
    const input: SimulationInput = { ...base, days: examDay + 1, spread: 'fuzz', newCards: 600 };
    const curve = curveOf(DEFAULT_WEIGHTS);
    const lowest = (examDayInput?: number) => {
      // The last day's memory: retrievability of every introduced card on the exam day.
      const run = simulateWithCards({ ...input, examDay: examDayInput });
      return Math.min(
        ...run.map((c) => retrievability(curve, examDay - c.lastReview, c.stability)),
      );
    };
    expect(lowest()).toBeLessThan(0.9);
    expect(lowest(examDay)).toBeGreaterThanOrEqual(0.9);
  });
});

/** The cards' memories at the end of a simulation, by running it with a probe. */
function simulateWithCards(input: SimulationInput) {
  return simulate({ ...input, withCards: true }).cards ?? [];
}

describe('retentionCurve', () => {
  it('draws minutes rising with retention and suggests a retention inside the range', () => {
    const { curve, suggested } = retentionCurve({ ...base, days: 180, newCards: 400 });
    expect(curve[0]?.retention).toBe(0.7);
    expect(curve.at(-1)?.retention).toBe(0.97);
    expect(curve.at(-1)?.minutesPerDay).toBeGreaterThan(curve[0]?.minutesPerDay ?? Infinity);
    expect(suggested).toBeGreaterThanOrEqual(0.7);
    expect(suggested).toBeLessThanOrEqual(0.97);
    const bestOnGrid = Math.min(...curve.map((p) => p.secondsPerMemorized));
    const nearest = curve.reduce((a, p) =>
      Math.abs(p.retention - suggested) < Math.abs(a.retention - suggested) ? p : a,
    );
    expect(nearest.secondsPerMemorized).toBeLessThan(bestOnGrid * 1.05);
  });
});
