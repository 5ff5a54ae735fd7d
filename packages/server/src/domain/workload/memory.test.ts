import { createEmptyCard, fsrs, type Grade, generatorParameters, Rating } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_WEIGHTS } from '../review/memory-model.ts';
import { curveOf, firstMemory, intervalFor, nextMemory, retrievability } from './memory.ts';

const DAY = 86_400_000;

describe('memory formulas', () => {
  it('match ts-fsrs on a card reviewed on later days', () => {
    const f = fsrs(generatorParameters({ enable_fuzz: false, enable_short_term: false }));
    const w = DEFAULT_WEIGHTS;
    const start = new Date(Date.UTC(2026, 0, 1));
    let card = f.next(createEmptyCard(start), start, Rating.Good).card;
    let m = firstMemory(w, 3);
    expect(m.stability).toBeCloseTo(card.stability, 6);
    expect(m.difficulty).toBeCloseTo(card.difficulty, 6);
    let day = 0;
    for (const grade of [
      Rating.Good,
      Rating.Again,
      Rating.Good,
      Rating.Hard,
      Rating.Easy,
    ] as Grade[]) {
      day += 5;
      const at = new Date(start.getTime() + day * DAY);
      const r = retrievability(curveOf(w), 5, m.stability);
      card = f.next(card, at, grade).card;
      m = nextMemory(w, m, r, grade);
      expect(m.stability).toBeCloseTo(card.stability, 4);
      expect(m.difficulty).toBeCloseTo(card.difficulty, 4);
    }
  });

  it('puts retrievability at the desired retention after the interval', () => {
    const curve = curveOf(DEFAULT_WEIGHTS);
    for (const retention of [0.7, 0.9, 0.97]) {
      const t = intervalFor(curve, 12.5, retention);
      expect(retrievability(curve, t, 12.5)).toBeCloseTo(retention, 9);
    }
    expect(intervalFor(curve, 12.5, 0.9)).toBeCloseTo(12.5, 9);
  });
});
