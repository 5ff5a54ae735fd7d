/**
 * Numbers to words with the Major System: candidate words for a whole number, ways to split a
 * long number into words, and a short phrase that encodes a number in order.
 */
import { type Candidate, type Lexicon, lexicon, type MajorLocale } from './lexicon.ts';
import { type OwnWords, withOwnWords } from './own-table.ts';

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
 * English: sentences "A <noun> <verb> a <noun>." or "A <noun>." (the article "a" is silent in the
 * Major System), the verb a third-person form ("hits" = 10). The most of the learner's own words,
 * then the fewest sentences, then the most full ones, then the best words; dynamic programming over positions like `fewestWords`.
 */
function englishPhrase(lex: Lexicon, number: string): Phrase | null {
  const noun = (c: Candidate) => c.noun && c.consonantStart;
  const verb = (c: Candidate) => c.verb;
  const n = number.length;
  type Plan = {
    own: number;
    sentences: number;
    score: number;
    words: Candidate[];
    next: number;
  };
  const best: (Plan | null)[] = new Array(n + 1).fill(null);
  best[n] = { own: 0, sentences: 0, score: 0, words: [], next: n };
  // The learner's own words first (the most of them), then the fewest sentences.
  const better = (a: Plan, b: Plan | null) =>
    !b ||
    a.own > b.own ||
    (a.own === b.own &&
      (a.sentences < b.sentences || (a.sentences === b.sentences && a.score > b.score)));
  const owned = (...words: Candidate[]) => words.filter((w) => w.own).length;
  for (let i = n - 1; i >= 0; i--) {
    for (const a of options(lex, number, i, noun)) {
      const j = i + a.digits.length;
      const alone = best[j];
      if (alone) {
        const plan = {
          own: alone.own + owned(a),
          sentences: alone.sentences + 1,
          score: alone.score + a.score,
          words: [a],
          next: j,
        };
        if (better(plan, best[i] ?? null)) best[i] = plan;
      }
      for (const v of options(lex, number, j, verb)) {
        const k = j + v.digits.length;
        for (const b of options(lex, number, k, noun)) {
          const rest = best[k + b.digits.length];
          if (!rest) continue;
          // A full sentence is worth more than its words: it reads as one image.
          const score = rest.score + a.score + v.score + b.score + 3;
          const plan = {
            own: rest.own + owned(a, b),
            sentences: rest.sentences + 1,
            score,
            words: [a, v, b],
            next: k + b.digits.length,
          };
          if (better(plan, best[i] ?? null)) best[i] = plan;
        }
      }
    }
  }
  if (!best[0]) return null;
  const sentences: string[] = [];
  const chosen: Candidate[] = [];
  for (let i = 0; i < n; ) {
    const plan = best[i] as Plan;
    const [a, v, b] = plan.words as [Candidate, Candidate?, Candidate?];
    sentences.push(v && b ? `A ${a.word} ${v.word} a ${b.word}.` : `A ${a.word}.`);
    chosen.push(...plan.words);
    i = plan.next;
  }
  return { phrase: sentences.join(' '), words: parts(chosen) };
}

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

/** A phrase whose words encode `number` in order (own words first), or null when none cover it. */
export function generatePhrase(
  locale: MajorLocale,
  number: string,
  own: OwnWords = new Map(),
): Phrase | null {
  const lex = withOwnWords(lexicon(locale), own);
  if (locale === 'en') return englishPhrase(lex, number) ?? listPhrase(lex, number, null);
  return listPhrase(lex, number, 'y');
}
