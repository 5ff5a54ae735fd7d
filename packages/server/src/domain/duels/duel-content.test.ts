import { describe, expect, it } from 'vitest';
import {
  customQuestions,
  type DeckCard,
  deckQuestions,
  digitSequence,
  duelCards,
  pickIndexes,
  shuffle,
} from './duel-content.ts';
import { pictures } from './duel-pictures.ts';

/** A repeatable sequence in [0, 1) (a linear congruential generator). */
function seeded(seed = 7) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

const card = (n: number, back = `back ${n}`): DeckCard => ({
  front: `front ${n}`,
  back,
  frontImage: null,
});

describe('deck questions', () => {
  it('ask the requested number of distinct cards, front as prompt and back as answer', () => {
    const cards = Array.from({ length: 10 }, (_, i) => card(i));
    const questions = deckQuestions(cards, 6, seeded());
    expect(questions).toHaveLength(6);
    expect(new Set(questions.map((q) => q.prompt)).size).toBe(6);
    for (const q of questions) expect(q.answer).toBe(q.prompt.replace('front', 'back'));
  });

  it('offer the answer and three other backs when the deck has four cards or more', () => {
    const cards = Array.from({ length: 4 }, (_, i) => card(i));
    for (const q of deckQuestions(cards, 4, seeded(3))) {
      expect(q.options).toHaveLength(4);
      expect(q.options).toContain(q.answer);
      expect(new Set(q.options).size).toBe(4);
    }
  });

  it('ask for a typed answer with fewer than four cards or three distinct other backs', () => {
    expect(deckQuestions([card(1), card(2), card(3)], 3).every((q) => q.options === null)).toBe(
      true,
    );
    const alike = [card(1, 'Same'), card(2, 'same!'), card(3, 'SAME'), card(4, 'other')];
    expect(deckQuestions(alike, 4).every((q) => q.options === null)).toBe(true);
  });
});

describe('custom questions', () => {
  it('keep typed questions typed, and add the answer to choices that lack it', () => {
    const [typed, chosen] = customQuestions(
      [
        { question: ' Capital of Peru? ', answer: ' Lima ' },
        { question: '2 + 2', answer: '4', options: ['3', '5'] },
      ],
      seeded(),
    );
    expect(typed).toEqual({
      prompt: 'Capital of Peru?',
      image: null,
      options: null,
      answer: 'Lima',
    });
    expect(chosen?.options?.sort()).toEqual(['3', '4', '5']);
  });
});

describe('recall content', () => {
  it('makes numbers of the asked length, leading zeros kept', () => {
    const numbers = digitSequence(50, 3, seeded());
    expect(numbers).toHaveLength(50);
    for (const n of numbers) expect(n).toMatch(/^[0-9]{3}$/);
  });

  it('picks distinct pictures', () => {
    const picked = pickIndexes(600, 100, seeded());
    expect(new Set(picked).size).toBe(100);
    expect(picked.every((i) => i >= 0 && i < 600)).toBe(true);
  });

  it('has at least 500 pictures, each with an English and a Spanish name', () => {
    const all = pictures();
    expect(all.length).toBeGreaterThanOrEqual(500);
    for (const p of all) {
      expect(p.emoji).not.toBe('');
      expect(p.en.trim()).not.toBe('');
      expect(p.es.trim()).not.toBe('');
    }
  });

  it('shuffles without losing or adding items', () => {
    expect(shuffle([1, 2, 3, 4, 5], seeded()).sort()).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('duelCards', () => {
  const card = { frontImage: null, ordinal: 1, noteType: 'basic', clozeText: null };
  it('asks a cloze card by its deletion, keeps basic cards and leaves out occlusion', () => {
    const text = '{{c1::Lima}} and {{c1::Cusco}} are in {{c2::<i>Peru</i>}}.';
    expect(
      duelCards([
        { ...card, front: 'Peru', back: 'Lima' },
        {
          ...card,
          noteType: 'cloze',
          clozeText: text,
          front: '[…] and […] are in Peru.',
          back: 'x',
        },
        { ...card, noteType: 'cloze', clozeText: text, ordinal: 2, front: 'Lima… […].', back: 'x' },
        { ...card, noteType: 'image_occlusion', front: 'Heart (1)', back: 'Heart (1)' },
        { ...card, noteType: null, front: 'Own type', back: 'kept' },
      ]),
    ).toEqual([
      { front: 'Peru', back: 'Lima', frontImage: null },
      { front: '[…] and […] are in Peru.', back: 'Lima, Cusco', frontImage: null },
      { front: 'Lima… […].', back: 'Peru', frontImage: null },
      { front: 'Own type', back: 'kept', frontImage: null },
    ]);
  });
});
