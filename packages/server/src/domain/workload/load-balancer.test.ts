import { describe, expect, it } from 'vitest';
import { DEFAULT_WEIGHTS } from '../review/memory-model.ts';
import { fuzzRange } from './fuzz.ts';
import { balancedInterval, type EasyDays, easyDayModifiers, easyWeekOf } from './load-balancer.ts';
import { seededRandom } from './random.ts';
import { simulate } from './simulator.ts';

const random = seededRandom(3);

describe('balancedInterval', () => {
  it('keeps every due day inside the fuzz range', () => {
    for (let k = 0; k < 2000; k++) {
      const interval = 3 + Math.floor(random() * 85);
      const [lo, hi] = fuzzRange(interval, interval, 36_500);
      const picked = balancedInterval({
        minInterval: lo,
        maxInterval: hi,
        dueOn: () => Math.floor(random() * 50),
        weekdayOf: (n) => n % 7,
        easyDays: [1, 1, 1, 1, 1, 0.5, 0],
        random: random(),
      });
      expect(picked).toBeGreaterThanOrEqual(lo);
      expect(picked).toBeLessThanOrEqual(hi);
    }
  });

  it("keeps FSRS's own day when every day weighs the same", () => {
    const picked = balancedInterval({
      minInterval: 10,
      maxInterval: 14,
      dueOn: () => 7,
      weekdayOf: (n) => n % 7,
      random: 0.01,
      preferred: 13,
    });
    expect(picked).toBe(13);
  });

  it('prefers the emptiest day of the range', () => {
    const counts = [40, 40, 3, 40, 40];
    const picks = Array.from({ length: 200 }, () =>
      balancedInterval({
        minInterval: 10,
        maxInterval: 14,
        dueOn: (n) => counts[n - 10] ?? 0,
        weekdayOf: () => 0,
        random: random(),
      }),
    );
    expect(picks.filter((p) => p === 12).length).toBeGreaterThan(190);
  });

  it('avoids a day off even when it is empty', () => {
    const picks = Array.from({ length: 200 }, () =>
      balancedInterval({
        minInterval: 10,
        maxInterval: 14,
        dueOn: (n) => (n === 13 ? 0 : 20),
        weekdayOf: (n) => n - 10 + 2, // day 14 is a Sunday
        easyDays: [1, 1, 1, 1, 1, 1, 0],
        random: random(),
      }),
    );
    expect(picks).not.toContain(14);
    expect(picks.filter((p) => p === 13).length).toBeGreaterThan(150);
  });

  it('lets a reduced day take cards only under its share of the load', () => {
    const week: EasyDays = [1, 1, 1, 1, 1, 0.5, 1];
    expect(easyDayModifiers(week, [4, 5, 6], [20, 5, 20])).toEqual([1, 1, 1]);
    expect(easyDayModifiers(week, [4, 5, 6], [20, 15, 20])[1]).toBeLessThan(0.001);
  });
});

describe('easyWeekOf', () => {
  it('gives a preset’s easy days its load and every other weekday a normal one', () => {
    expect(easyWeekOf([5, 6], 0.5)).toEqual([1, 1, 1, 1, 1, 0.5, 0.5]);
    expect(easyWeekOf([0], 0)).toEqual([0, 1, 1, 1, 1, 1, 1]);
    expect(easyWeekOf([], 0.5)).toEqual([1, 1, 1, 1, 1, 1, 1]);
  });
});

describe('load balancing on a simulated year', () => {
  const deck = {
    weights: DEFAULT_WEIGHTS,
    desiredRetention: 0.9,
    days: 240,
    cards: [],
    newCards: 4000,
    newPerDay: 25,
  };
  const spikes = (counts: number[]) => {
    let sum = 0;
    let n = 0;
    for (let i = 67; i < counts.length - 7; i++) {
      const window = counts.slice(i - 7, i + 8);
      sum += ((counts[i] ?? 0) - window.reduce((a, b) => a + b, 0) / 15) ** 2;
      n++;
    }
    return Math.sqrt(sum / n);
  };

  it('lowers the spread of daily reviews without lowering retention', () => {
    for (const seed of [1, 2]) {
      const fuzz = simulate({ ...deck, seed, spread: 'fuzz' });
      const balanced = simulate({ ...deck, seed, spread: 'balance' });
      const before = spikes(fuzz.days.map((d) => d.reviews));
      const after = spikes(balanced.days.map((d) => d.reviews));
      expect(after).toBeLessThan(before * 0.85);
      expect(balanced.recallRate).toBeGreaterThan(fuzz.recallRate - 0.005);
    }
  });
});
