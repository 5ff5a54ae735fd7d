/**
 * Numbers to words with the Major System: candidate words for a whole number, ways to split a
 * long number into words, and a short phrase that encodes a number in order.
 */
import { type Candidate, type Lexicon, lexicon, type MajorLocale } from './lexicon.ts';
import { type OwnWords, withOwnWords } from './own-table.ts';
import { englishText, phraseSentences, spanishText } from './phrase.ts';

export type { MajorLocale } from './lexicon.ts';

export interface SplitPart {
  digits: string;
  word: string;
}

export interface NumberWords {
  number: string;
  /** Words that encode the whole number, best first. */
  words: string[];
  /** Ways to cut the number into words, best first: fewest words, then pairs, then triples. */
  splits: SplitPart[][];
}

/** Words offered per number, and splits per number. */
export const WORDS_PER_NUMBER = 10;
const SPLITS_PER_NUMBER = 3;

/** The best candidate of each length that starts at `i`, filtered by `accept`. */
function options(
  lex: Lexicon,
  number: string,
  i: number,
  accept: (c: Candidate) => boolean,
): Candidate[] {
  const out: Candidate[] = [];
  const max = Math.min(lex.longest, number.length - i);
  for (let len = 1; len <= max; len++) {
    const best = lex.byDigits.get(number.slice(i, i + len))?.find(accept);
    if (best) out.push(best);
  }
  return out;
}

/**
 * The split into the fewest words (ties: the higher total score), or null when some digits have
 * no word. Words of the learner's own table come first: the split with the most of them wins,
 * then the fewest words. Dynamic programming over positions, so a 1,000-digit number
 * costs 1,000 × 20 lookups.
 */
export function fewestWords(
  lex: Lexicon,
  number: string,
  accept: (c: Candidate) => boolean = () => true,
): Candidate[] | null {
  const n = number.length;
  type Step = { own: number; count: number; score: number; word: Candidate; next: number };
  const best: (Step | null)[] = [];
  best[n] = { own: 0, count: 0, score: 0, word: null as unknown as Candidate, next: n };
  const better = (a: Step, b: Step | null) =>
    !b ||
    a.own > b.own ||
    (a.own === b.own && (a.count < b.count || (a.count === b.count && a.score > b.score)));
  for (let i = n - 1; i >= 0; i--) {
    best[i] = null;
    for (const word of options(lex, number, i, accept)) {
      const rest = best[i + word.digits.length];
      if (!rest) continue;
      const step = {
        own: rest.own + (word.own ? 1 : 0),
        count: rest.count + 1,
        score: rest.score + word.score,
        word,
        next: i + word.digits.length,
      };
      if (better(step, best[i] ?? null)) best[i] = step;
    }
  }
  if (!best[0]) return null;
  const words: Candidate[] = [];
  for (let i = 0; i < n; ) {
    const step = best[i] as Step;
    words.push(step.word);
    i = step.next;
  }
  return words;
}

/** Fixed-size chunks (the last may be shorter), each its best word, or null. */
function chunked(lex: Lexicon, number: string, size: number): Candidate[] | null {
  const words: Candidate[] = [];
  for (let i = 0; i < number.length; i += size) {
    const word = lex.byDigits.get(number.slice(i, i + size))?.[0];
    if (!word) return null;
    words.push(word);
  }
  return words;
}

const parts = (words: Candidate[]): SplitPart[] =>
  words.map((w) => ({ digits: w.digits, word: w.word }));

/** Words and splits for one number (digits only), the learner's own words first. */
export function convertNumber(
  locale: MajorLocale,
  number: string,
  own: OwnWords = new Map(),
): NumberWords {
  const dictionary = lexicon(locale);
  const lex = withOwnWords(dictionary, own);
  const words = (lex.byDigits.get(number) ?? []).slice(0, WORDS_PER_NUMBER).map((c) => c.word);
  const splits: SplitPart[][] = [];
  const seen = new Set<string>();
  for (const split of [
    fewestWords(lex, number),
    own.size > 0 ? fewestWords(dictionary, number) : null, // the dictionary's own best, too
    chunked(lex, number, 2),
    chunked(lex, number, 3),
  ]) {
    if (!split || split.length < 2) continue; // one word is already in `words`
    const key = split.map((w) => w.word).join(' ');
    if (seen.has(key)) continue;
    seen.add(key);
    splits.push(parts(split));
    if (splits.length === SPLITS_PER_NUMBER) break;
  }
  return { number, words, splits };
}

export interface Phrase {
  phrase: string;
  words: SplitPart[];
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The fewest nouns as a list: Spanish "Cuchillo, queso y llave." (y is silent); English joins
 * with commas only, since "and" would add 21.
 */
function listPhrase(lex: Lexicon, number: string, and: string | null): Phrase | null {
  const words =
    fewestWords(lex, number, (c) => c.noun) ?? fewestWords(lex, number, () => true) ?? null;
  if (!words) return null;
  const names = words.map((w) => w.word);
  const last = names.pop() as string;
  const text = !names.length
    ? last
    : and
      ? `${names.join(', ')} ${and} ${last}`
      : [...names, last].join(', ');
  return { phrase: `${capitalise(text)}.`, words: parts(words) };
}

/**
 * A phrase whose words encode `number` in order (own words first): sentences of the language's
 * grammar (`phrase.ts`), or a list of words where no sentence covers the digits; null when no
 * words cover them.
 */
export function generatePhrase(
  locale: MajorLocale,
  number: string,
  own: OwnWords = new Map(),
): Phrase | null {
  const lex = withOwnWords(lexicon(locale), own);
  const sentences = phraseSentences(lex, number);
  if (sentences) {
    return {
      phrase: locale === 'en' ? englishText(sentences) : spanishText(sentences),
      words: parts(sentences.flat().map((w) => w.word)),
    };
  }
  // Digits no sentence covers (a Spanish noun list is short): the fewest words, as a list.
  return listPhrase(lex, number, locale === 'en' ? null : 'y');
}
