/**
 * The learner's own table: a word they chose for each two-digit number, 00 to 99. A chosen word
 * must encode its number by sound in its language; it then comes first wherever the lexicon
 * offers words (conversion, splits, phrases, macro-image stories).
 */
import { OWN_WORD_SCORE, ownWordsFirst } from '@memoria/api/major-system';
import type { Candidate, Lexicon } from './lexicon.ts';
import { spanishGender } from './spanish-words.ts';

export type { OwnWords } from '@memoria/api/major-system';

import type { OwnWords } from '@memoria/api/major-system';

export const TABLE_NUMBERS: readonly string[] = Array.from({ length: 100 }, (_, i) =>
  String(i).padStart(2, '0'),
);

/** Suggestions offered beside each number of the table. */
export const TABLE_SUGGESTIONS = 5;

/** A word of letters, or a few joined by a space, hyphen or apostrophe ("ice cream", "o'clock"). */
const ONE_WORD = /^\p{L}+(?:[ '’-]\p{L}+)*$/u;

export type TableWordProblem =
  | { kind: 'letters_only' }
  | { kind: 'not_in_dictionary' }
  | { kind: 'does_not_encode'; encodes: string };

/** Why `word` cannot stand for `digits` in the lexicon's language, or null when it can. */
export function tableWordProblem(
  lex: Lexicon,
  digits: string,
  word: string,
): TableWordProblem | null {
  if (!ONE_WORD.test(word)) return { kind: 'letters_only' };
  let encodes = '';
  for (const part of word.split(/[ -]/)) {
    const partDigits = lex.encode(part);
    if (partDigits === undefined) return { kind: 'not_in_dictionary' };
    encodes += partDigits;
  }
  return encodes === digits ? null : { kind: 'does_not_encode', encodes };
}

/** The dictionary's best words for a number, for the table editor. */
export function tableSuggestions(lex: Lexicon, digits: string): string[] {
  return (lex.byDigits.get(digits) ?? []).slice(0, TABLE_SUGGESTIONS).map((c) => c.word);
}

/** The lexicon's entry for an own word when it has one (noun, verb, picture), else a plain noun. */
function ownCandidate(lex: Lexicon, digits: string, word: string): Candidate {
  const known = lex.byDigits.get(digits)?.find((c) => c.word === word.toLowerCase());
  return {
    word,
    digits,
    // Above any dictionary word (scores stay under 4): the learner's choice comes first.
    score: OWN_WORD_SCORE,
    noun: known?.noun ?? true,
    verb: known?.verb ?? false,
    singularVerb: known?.singularVerb,
    adjective: known?.adjective,
    plural: known?.plural,
    named: known?.named ?? true,
    gender: known ? known.gender : lex.locale === 'es' ? spanishGender(word) : undefined,
    consonantStart: known?.consonantStart ?? !/^h?[aeiouáéíóú]/i.test(word),
    emoji: known?.emoji ?? lex.emojiFor(word),
    own: true,
  };
}

/** `lex` as this learner sees it: their own words first; `lex` itself when they have none. */
export function withOwnWords(lex: Lexicon, own: OwnWords): Lexicon {
  return ownWordsFirst<Candidate, Lexicon>(lex, own, (digits, word) =>
    ownCandidate(lex, digits, word),
  );
}
