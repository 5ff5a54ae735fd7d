import { describe, expect, it } from 'vitest';
import { dueWindow, isInDueWindow, isLearnedAhead, newCardsAllowance } from './queue.ts';
import { learnerDay } from './scheduling.ts';

describe('the due window', () => {
  const tz = 'America/Argentina/Buenos_Aires'; // UTC−3
  const now = new Date('2025-01-15T02:30:00Z'); // 23:30 on the 14th there

  it('holds review cards until the learner’s midnight, learning steps until now and 20 minutes ahead', () => {
    const w = dueWindow(now, learnerDay(now, tz));
    expect(w.reviewBefore.toISOString()).toBe('2025-01-15T03:00:00.000Z');
    expect(w.learningBy).toEqual(now);
    expect(w.learnAheadBy.toISOString()).toBe('2025-01-15T02:50:00.000Z');
  });

  it('puts learning and relearning steps not due yet behind the others', () => {
    const w = dueWindow(now, learnerDay(now, tz));
    const later = new Date('2025-01-15T02:31:00Z');
    expect(isLearnedAhead({ state: 1, due: later }, w)).toBe(true);
    expect(isLearnedAhead({ state: 3, due: later }, w)).toBe(true);
    expect(isLearnedAhead({ state: 1, due: now }, w)).toBe(false);
    expect(isLearnedAhead({ state: 2, due: later }, w)).toBe(false);
  });

  it('counts review cards due before the learner’s midnight and steps due by the learn-ahead limit', () => {
    const w = dueWindow(now, learnerDay(now, tz));
    const at = (iso: string) => new Date(iso);
    expect(isInDueWindow({ state: 2, due: at('2025-01-15T02:59:00Z') }, w)).toBe(true);
    expect(isInDueWindow({ state: 2, due: at('2025-01-15T03:00:00Z') }, w)).toBe(false);
    expect(isInDueWindow({ state: 1, due: at('2025-01-15T02:50:00Z') }, w)).toBe(true);
    expect(isInDueWindow({ state: 3, due: at('2025-01-15T02:50:01Z') }, w)).toBe(false);
    expect(isInDueWindow({ state: 0, due: at('2025-01-01T00:00:00Z') }, w)).toBe(false);
  });
});

describe('the new-card allowance', () => {
  it('is the daily limit less the cards introduced today, never negative', () => {
    expect(newCardsAllowance(10, 0)).toBe(10);
    expect(newCardsAllowance(10, 9)).toBe(1);
    expect(newCardsAllowance(5, 7)).toBe(0);
  });
});
