import { describe, expect, it } from 'vitest';
import { deadlinesOf, memorizeMsOf, submittedLate } from './attempt.ts';

const RULES = { memorizeSeconds: 60, recallSeconds: 240 };
const START = new Date('2026-01-01T10:00:00Z');
const at = (ms: number) => new Date(START.getTime() + ms);

describe('training clock', () => {
  it('memorises for the limit, then recalls for the recall limit', () => {
    expect(deadlinesOf(RULES, START)).toEqual({
      memorizeEndsAt: at(60_000),
      recallEndsAt: at(300_000),
    });
  });

  it('marks late only past the recall deadline plus 2 s', () => {
    expect(submittedLate(at(300_000), at(302_000))).toBe(false);
    expect(submittedLate(at(300_000), at(302_001))).toBe(true);
  });

  it('counts the memorisation the client measured, capped by the limit and the server clock', () => {
    expect(memorizeMsOf(25_000, RULES, START, at(90_000))).toBe(25_000);
    expect(memorizeMsOf(undefined, RULES, START, at(90_000))).toBe(60_000);
    expect(memorizeMsOf(3_000_000, RULES, START, at(90_000))).toBe(60_000);
    expect(memorizeMsOf(50_000, RULES, START, at(10_000))).toBe(10_000);
  });
});
