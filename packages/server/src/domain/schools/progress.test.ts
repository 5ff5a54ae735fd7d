import { describe, expect, it } from 'vitest';
import { DEFAULT_WEIGHTS } from '../review/memory-model.ts';
import { curveOf, retrievability } from '../workload/memory.ts';
import {
  dayCounts,
  forgetShare,
  lapseRate,
  minutesOf,
  PROGRESS_DAYS,
  predictedRetention,
  recallAt,
  studentDecay,
} from './progress.ts';

describe('the teacher view’s figures', () => {
  it('recall is FSRS retrievability with the student’s own decay, the defaults without one', () => {
    expect(studentDecay(null)).toBe(-(DEFAULT_WEIGHTS[20] as number));
    const own = [...DEFAULT_WEIGHTS];
    own[20] = 0.3;
    expect(studentDecay(own)).toBe(-0.3);
    expect(recallAt(-0.3, 10, 5)).toBeCloseTo(retrievability(curveOf(own), 10, 5), 12);
    // At stability days after the last review FSRS says 0.9, whatever the decay.
    expect(recallAt(studentDecay(null), 7, 7)).toBeCloseTo(0.9, 12);
    expect(recallAt(-0.3, 0, 7)).toBe(1);
  });

  it('averages over every card of the deck: a card never studied counts 0', () => {
    expect(predictedRetention(1.8, 4)).toBeCloseTo(0.45, 12);
    expect(predictedRetention(0, 4)).toBe(0);
    expect(predictedRetention(0, 0)).toBeNull();
  });

  it('a card’s forget share is the mean of 1 - recall over the class, unstudied counting 1', () => {
    expect(forgetShare(1.5, 3)).toBeCloseTo(0.5, 12);
    expect(forgetShare(0, 3)).toBe(1);
    expect(forgetShare(0, 0)).toBeNull();
  });

  it('lapse rate is lapses per review, none before any review', () => {
    expect(lapseRate(1, 4)).toBe(0.25);
    expect(lapseRate(0, 0)).toBeNull();
  });

  it('minutes keep one decimal', () => {
    expect(minutesOf(90_000)).toBe(1.5);
    expect(minutesOf(0)).toBe(0);
    expect(minutesOf(100)).toBe(0);
  });

  it('reviews per day run over the last 14 days, today last, older days dropped', () => {
    const days = dayCounts([
      { daysAgo: 0, reviews: 3 },
      { daysAgo: 13, reviews: 2 },
      { daysAgo: 14, reviews: 9 },
      { daysAgo: 1, reviews: 1 },
    ]);
    expect(days).toHaveLength(PROGRESS_DAYS);
    expect(days[13]).toBe(3);
    expect(days[12]).toBe(1);
    expect(days[0]).toBe(2);
    expect(days.reduce((a, b) => a + b)).toBe(6);
  });
});
