import { describe, expect, it } from 'vitest';
import { drawQuestions, joinCode } from './questions.ts';

/** A seeded generator (mulberry32), so each run draws the same quiz. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const cards = Array.from({ length: 6 }, (_, i) => ({ id: i + 1, front: `Q${i}`, back: `A${i}` }));

describe('drawQuestions', () => {
  it('asks up to count cards, each with its back right among up to 4 distinct options', () => {
    const drawn = drawQuestions(cards, 4, seeded(1)) ?? [];
    expect(drawn).toHaveLength(4);
    expect(new Set(drawn.map((q) => q.cardId)).size).toBe(4);
    for (const q of drawn) {
      expect(q.options).toHaveLength(4);
      expect(new Set(q.options).size).toBe(4);
      expect(q.options[q.correctOption]).toBe(`A${q.cardId - 1}`);
      expect(q.prompt).toBe(`Q${q.cardId - 1}`);
    }
  });
  it('needs 2 distinct text backs, and leaves out image-only cards', () => {
    expect(
      drawQuestions([...cards.slice(0, 1), { id: 9, front: 'x', back: ' ' }], 5, seeded(2)),
    ).toBeUndefined();
    const two = drawQuestions(cards.slice(0, 2), 5, seeded(3)) ?? [];
    expect(two.map((q) => q.options.length)).toEqual([2, 2]);
  });
});

describe('joinCode', () => {
  it('is six digits at both ends of the range', () => {
    expect(joinCode(() => 0)).toBe('100000');
    expect(joinCode(() => 0.9999999)).toBe('999999');
  });
});
