import { describe, expect, it } from 'vitest';
import { DEFAULT_WEIGHTS } from '../review/memory-model.ts';
import { curveOf } from './memory.ts';
import { planReschedule, type RescheduleCandidate } from './reschedule.ts';

const DAY = 86_400_000;
const now = new Date(Date.UTC(2026, 5, 1, 12));
const curve = curveOf(DEFAULT_WEIGHTS);
const ago = (days: number) => new Date(now.getTime() - days * DAY);

/** A card of stability S (its interval at 90 %) reviewed `since` days ago, due after S days. */
const card = (cardId: number, stability: number, since: number): RescheduleCandidate => ({
  cardId,
  stability,
  lastReview: ago(since),
  due: new Date(ago(since).getTime() + stability * DAY),
});

describe('postpone', () => {
  it('moves the least overdue cards first, long intervals before short, and only safe ones', () => {
    const candidates = [
      card(1, 10, 10), // due now: 1 day later is 10 % past its interval
      card(2, 100, 100), // due now: 1 day later is 1 % past
      card(3, 10, 14), // 4 days overdue already
      card(4, 3, 3), // 1 day later is 33 % past
    ];
    const plan = planReschedule({
      kind: 'postpone',
      days: 1,
      candidates,
      now,
      curve,
      desiredRetention: 0.9,
    });
    expect(plan.moves.map((m) => m.cardId)).toEqual([2, 1]);
    expect(plan.safeCount).toBe(2);
    expect(plan.moves[0]?.dueAfter.getTime()).toBe(now.getTime() + DAY);
    expect(plan.retentionAfter).toBeLessThan(plan.retentionBefore ?? 0);
  });

  it('moves past the safe ones when a limit asks for more', () => {
    const candidates = [card(1, 10, 14), card(2, 3, 3), card(3, 100, 100)];
    const plan = planReschedule({
      kind: 'postpone',
      days: 1,
      candidates,
      now,
      curve,
      desiredRetention: 0.9,
      limit: 2,
    });
    expect(plan.moves.map((m) => m.cardId)).toEqual([3, 2]);
  });
});

describe('advance', () => {
  it('brings the cards closest to due first, to now, and only safe ones', () => {
    const candidates = [card(1, 10, 9.5), card(2, 100, 60), card(3, 50, 48)];
    const plan = planReschedule({
      kind: 'advance',
      days: 7,
      candidates,
      now,
      curve,
      desiredRetention: 0.9,
    });
    expect(plan.moves.map((m) => m.cardId)).toEqual([3, 1]);
    expect(plan.moves.every((m) => m.dueAfter.getTime() === now.getTime())).toBe(true);
    expect(plan.retentionAfter).toBeGreaterThan(plan.retentionBefore ?? 1);
  });
});
