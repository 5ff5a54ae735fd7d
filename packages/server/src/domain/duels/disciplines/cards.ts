/**
 * Cards: one shuffled 52-card deck, rebuilt in order at recall. Scored as the World Memory
 * Championships score Speed Cards: the cards are compared in order and only those before the first
 * difference count; a deck fully right is ranked by its memorisation time (faster is better).
 *
 * A card is its rank (A 2-9 T J Q K; "10" is read as T) and suit (S H D C): "AS", "TD", "QH".
 */
import { randomFor, shuffle } from './seeded.ts';
import type { Discipline, Mark } from './types.ts';

export const RANKS = 'A23456789TJQK';
export const SUITS = 'SHDC';
export const DECK: readonly string[] = [...SUITS].flatMap((s) => [...RANKS].map((r) => `${r}${s}`));

/** A typed card as a code ("10h" → "TH"), or the text as typed when it is none. */
export function cardCode(text: string): string {
  const code = text.trim().toUpperCase().replace(/^10/, 'T');
  return DECK.includes(code) ? code : text.trim();
}

export const cards: Discipline = {
  rules: {
    id: 'cards',
    memorizeSeconds: 60,
    recallSeconds: 240,
    defaultCount: 52,
    minCount: 52,
    maxCount: 52,
    countStep: 1,
    unit: 'cards',
    languages: false,
    scoring:
      'Speed cards: the cards right up to the first error count; a deck fully right is ranked by ' +
      'its memorisation time.',
  },
  generate(seed) {
    const deck = shuffle(DECK, randomFor(seed, 'cards'));
    return { view: { cards: deck }, truth: deck };
  },
  score(truth, given) {
    const marks: Mark[] = truth.map((card, i) => {
      const answer = given[i] ?? '';
      return { given: answer, truth: card, correct: cardCode(answer) === card };
    });
    const firstError = marks.findIndex((m) => !m.correct);
    return { score: firstError === -1 ? marks.length : firstError, maxScore: truth.length, marks };
  },
};
