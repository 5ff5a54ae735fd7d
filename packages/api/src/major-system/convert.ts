/**
 * Numbers to Major-System words (issue 46): the pure conversion of `POST
 * conversiontable/convert-numbers/`, shared by the server and the browser so the conversion table
 * works offline with the same answers. It reads a word index (digits → words, best first, with
 * their scores): the server builds it from its npm word lists
 * (packages/server/src/domain/major-system/lexicon.ts), the browser unpacks the one
 * `GET conversiontable/lexicon/` sends (`packLexicon` / `unpackLexicon`).
 */

/** A word of the index: the digits it encodes and its rank score (higher is better). */
export interface ScoredWord {
  word: string;
  digits: string;
  score: number;
  /** The learner's own word for these digits (their table), preferred over any other. */
  own?: boolean;
}

/** Words per digit string, best first, and the longest digit string a word encodes. */
export interface WordIndex<C extends ScoredWord = ScoredWord> {
  byDigits: ReadonlyMap<string, readonly C[]>;
  longest: number;
}

/** Two-digit number → the learner's word, for one language. */
export type OwnWords = ReadonlyMap<string, string>;

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
/** An own word scores above any dictionary word (scores stay under 4). */
export const OWN_WORD_SCORE = 10;

/** The best candidate of each length that starts at `i`, filtered by `accept`. */
function options<C extends ScoredWord>(
  lex: WordIndex<C>,
  number: string,
  i: number,
  accept: (c: C) => boolean,
): C[] {
  const out: C[] = [];
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
export function fewestWords<C extends ScoredWord>(
  lex: WordIndex<C>,
  number: string,
  accept: (c: C) => boolean = () => true,
): C[] | null {
  const n = number.length;
  type Step = { own: number; count: number; score: number; word: C; next: number };
  const best: (Step | null)[] = [];
  best[n] = { own: 0, count: 0, score: 0, word: null as unknown as C, next: n };
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
  const words: C[] = [];
  for (let i = 0; i < n; ) {
    const step = best[i] as Step;
    words.push(step.word);
    i = step.next;
  }
  return words;
}

/** Fixed-size chunks (the last may be shorter), each its best word, or null. */
function chunked(lex: WordIndex, number: string, size: number): ScoredWord[] | null {
  const words: ScoredWord[] = [];
  for (let i = 0; i < number.length; i += size) {
    const word = lex.byDigits.get(number.slice(i, i + size))?.[0];
    if (!word) return null;
    words.push(word);
  }
  return words;
}

export const splitParts = (words: readonly ScoredWord[]): SplitPart[] =>
  words.map((w) => ({ digits: w.digits, word: w.word }));

/** Words of `base` with the learner's own words first for their numbers. */
class OwnFirst<C> extends Map<string, readonly C[]> {
  readonly base: ReadonlyMap<string, readonly C[]>;
  constructor(base: ReadonlyMap<string, readonly C[]>, own: Map<string, C[]>) {
    super(own);
    this.base = base;
  }
  override get(digits: string) {
    return super.get(digits) ?? this.base.get(digits);
  }
  override has(digits: string) {
    return super.has(digits) || this.base.has(digits);
  }
}

/**
 * `lex` as this learner sees it: each own word first for its number (as `ownCandidate` builds
 * it), the dictionary's same word taken out; `lex` itself when they have none.
 */
export function ownWordsFirst<C extends ScoredWord, L extends WordIndex<C>>(
  lex: L,
  own: OwnWords,
  ownCandidate: (digits: string, word: string) => C,
): L {
  if (own.size === 0) return lex;
  const first = new Map<string, C[]>();
  for (const [digits, word] of own) {
    const rest = (lex.byDigits.get(digits) ?? []).filter((c) => c.word !== word.toLowerCase());
    first.set(digits, [ownCandidate(digits, word), ...rest]);
  }
  return { ...lex, byDigits: new OwnFirst(lex.byDigits, first), longest: Math.max(lex.longest, 2) };
}

/** An own word with only what the conversion reads (the server's carries more, for phrases). */
const plainOwnWord = (digits: string, word: string): ScoredWord => ({
  word,
  digits,
  score: OWN_WORD_SCORE,
  own: true,
});

/** Words and splits for one number (digits only), the learner's own words first. */
export function convertNumber(
  dictionary: WordIndex,
  number: string,
  own: OwnWords = new Map(),
): NumberWords {
  const lex = ownWordsFirst(dictionary, own, plainOwnWord);
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
    splits.push(splitParts(split));
    if (splits.length === SPLITS_PER_NUMBER) break;
  }
  return { number, words, splits };
}

/**
 * The index as text: one line per digit string, `digits` then `word score` pairs, tab-separated,
 * best first. Scores are written as JavaScript prints them, so they read back to the same
 * doubles and the browser's ties break as the server's.
 */
export function packLexicon(lex: WordIndex): string {
  const lines: string[] = [];
  for (const [digits, words] of lex.byDigits) {
    lines.push([digits, ...words.flatMap((w) => [w.word, String(w.score)])].join('\t'));
  }
  return lines.join('\n');
}

/** The index `packLexicon` wrote. */
export function unpackLexicon(text: string): WordIndex {
  const byDigits = new Map<string, ScoredWord[]>();
  let longest = 0;
  for (const line of text.split('\n')) {
    if (!line) continue;
    const cells = line.split('\t');
    const digits = cells[0] as string;
    const words: ScoredWord[] = [];
    for (let i = 1; i + 1 < cells.length; i += 2) {
      words.push({ word: cells[i] as string, digits, score: Number(cells[i + 1]) });
    }
    byDigits.set(digits, words);
    longest = Math.max(longest, digits.length);
  }
  return { byDigits, longest };
}
