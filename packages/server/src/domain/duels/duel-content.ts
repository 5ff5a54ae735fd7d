/**
 * What a duel plays, made once on the server when it is created and stored with it, so both
 * players get the same questions, pictures or digits. `random` is injectable for tests.
 */
import { clozeAnswers } from '../notes/cloze.ts';
import { htmlToText } from '../notes/html-text.ts';
import { normalizeAnswer } from './duel-scoring.ts';

export type Random = () => number;

/** A question as stored: the answer never leaves the server before it may be revealed. */
export interface StoredQuestion {
  prompt: string;
  image: string | null;
  /** Choices including the answer, or null for a typed answer. */
  options: string[] | null;
  answer: string;
  /**
   * A deck question's card: an answer of a player who counts duels as study is logged as a
   * review of it. Absent in custom duels (and in deck duels created before it was stored).
   */
  cardId?: number;
}

/** Multiple choice needs an answer and three distractors. */
export const CHOICES = 4;

/** A copy of `items` in random order (Fisher–Yates). */
export function shuffle<T>(items: readonly T[], random: Random = Math.random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

export interface DeckCard {
  /** The card's id (absent in tests' hand-made cards). */
  cardId?: number;
  front: string;
  back: string;
  frontImage: string | null;
}

/** A deck card as stored, with what its note says about how to ask it. */
export interface StoredDeckCard extends DeckCard {
  /** Which card of its note (a cloze card's deletion number). */
  ordinal: number;
  /** The note's stock type (`basic`, `cloze`, `image_occlusion`…), null for an own type. */
  noteType: string | null;
  /** A cloze note's `text` field (HTML with `{{cN::…}}` deletions), else null. */
  clozeText: string | null;
}

/** Stock note types whose cards a timed question cannot show (masks over an image). */
const NOT_PLAYABLE = new Set(['image_occlusion']);

/**
 * The cards a timed duel asks, as prompt (front) and answer (back): a cloze card asks its front,
 * the sentence with `[…]` (or its hint) where its deletion was, and is answered by the deletion
 * alone (several of one number joined with ", "), not by the whole sentence of its back side; an
 * image-occlusion card is left out, as its plain sides only name the mask.
 */
export function duelCards(cards: readonly StoredDeckCard[]): DeckCard[] {
  return cards.flatMap((card): DeckCard[] => {
    if (card.noteType && NOT_PLAYABLE.has(card.noteType)) return [];
    const plain = {
      cardId: card.cardId,
      front: card.front,
      back: card.back,
      frontImage: card.frontImage,
    };
    if (card.noteType !== 'cloze' || card.clozeText === null) return [plain];
    const answer = clozeAnswers(card.clozeText, card.ordinal)
      .map((html) => htmlToText(html).trim())
      .filter(Boolean)
      .join(', ');
    return answer ? [{ ...plain, back: answer }] : [];
  });
}

/**
 * `count` questions from a deck's cards: the front asks, the back answers. With at least four
 * cards each question offers the answer and three other cards' backs (distinct once normalized);
 * with fewer, or when the deck lacks three distinct other backs, the answer is typed.
 */
export function deckQuestions(
  cards: readonly DeckCard[],
  count: number,
  random: Random = Math.random,
): StoredQuestion[] {
  const picked = shuffle(cards, random).slice(0, count);
  return picked.map((card) => {
    const question = {
      prompt: card.front,
      image: card.frontImage,
      answer: card.back,
      ...(card.cardId === undefined ? {} : { cardId: card.cardId }),
    };
    if (cards.length < CHOICES) return { ...question, options: null };
    const seen = new Set([normalizeAnswer(card.back)]);
    const distractors: string[] = [];
    for (const other of shuffle(cards, random)) {
      const key = normalizeAnswer(other.back);
      if (key === '' || seen.has(key)) continue;
      seen.add(key);
      distractors.push(other.back);
      if (distractors.length === CHOICES - 1) break;
    }
    if (distractors.length < CHOICES - 1) return { ...question, options: null };
    return { ...question, options: shuffle([card.back, ...distractors], random) };
  });
}

export interface CustomQuestionInput {
  question: string;
  answer: string;
  options?: string[];
}

/** The learner's own questions; choices that leave out the answer get it added. */
export function customQuestions(
  input: readonly CustomQuestionInput[],
  random: Random = Math.random,
): StoredQuestion[] {
  return input.map((q) => {
    const answer = q.answer.trim();
    let options: string[] | null = null;
    if (q.options && q.options.length > 0) {
      const has = q.options.some((o) => normalizeAnswer(o) === normalizeAnswer(answer));
      options = shuffle(has ? q.options : [answer, ...q.options.slice(0, 5)], random);
    }
    return { prompt: q.question.trim(), image: null, options, answer };
  });
}

/** `count` numbers of `digits` digits each, as strings (leading zeros kept). */
export function digitSequence(count: number, digits: number, random: Random = Math.random) {
  return Array.from({ length: count }, () =>
    Array.from({ length: digits }, () => String(Math.floor(random() * 10))).join(''),
  );
}

/** `count` distinct indexes below `size`, in random order. */
export function pickIndexes(size: number, count: number, random: Random = Math.random): number[] {
  const chosen = new Set<number>();
  while (chosen.size < Math.min(count, size)) chosen.add(Math.floor(random() * size));
  return shuffle([...chosen], random);
}
