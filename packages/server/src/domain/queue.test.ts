import { describe, expect, it } from 'vitest';
import { dueWindow, newCardsAllowance } from './queue.ts';
import { learnerDay } from './scheduling.ts';

describe('the due window', () => {
  const tz = 'America/Argentina/Buenos_Aires'; // UTC−3
  const now = new Date('2025-01-15T02:30:00Z'); // 23:30 on the 14th there

  it('holds review cards until the learner’s midnight and learning steps until now', () => {
    const w = dueWindow(now, learnerDay(now, tz));
    expect(w.reviewBefore.toISOString()).toBe('2025-01-15T03:00:00.000Z');
    expect(w.learningBy).toEqual(now);
  });
});

describe('the new-card allowance', () => {
  it('is the daily limit less the cards introduced today, never negative', () => {
    expect(newCardsAllowance(10, 0)).toBe(10);
    expect(newCardsAllowance(10, 9)).toBe(1);
    expect(newCardsAllowance(5, 7)).toBe(0);
  });
});
