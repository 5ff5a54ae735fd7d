/**
 * Phrases that encode a number: short sentences "subject verb object" whose words' consonant
 * sounds give the number's digits in order, in English or Spanish.
 *
 * Each language is a small grammar, a set of states with arcs that take a word of some kind
 * (the lexicon's part-of-speech and agreement fields) or end the sentence. A dynamic programme
 * over (position in the number, state) finds, among every way through the grammar that uses all
 * the digits, the best by, in order: the most of the learner's own words; the fewest sentences
 * without a verb (a verb makes the words one scene); the fewest nouns no emoji pictures; the
 * fewest words; the fewest sentences; the best words (by the lexicon's rank). A 40-digit number costs
 * 40 positions × 14 states × the arcs' word lengths.
 */
import type { Candidate, Lexicon } from './lexicon.ts';
import { takesArticle } from './spanish-words.ts';

export interface PhraseWord {
  word: Candidate;
  /** `loose`: a word no sentence could hold, listed on its own ("Fue, surf y enchufe."). */
  role: 'article' | 'adjective' | 'noun' | 'verb' | 'loose';
}

/** The words of each sentence, in order. */
export type Sentences = PhraseWord[][];

interface Arc<S extends string> {
  to: S;
  role: PhraseWord['role'];
  /** The words this arc may take, starting at position `i` of the number, best first. */
  words: (number: string, i: number) => Candidate[];
}

interface Grammar<S extends string> {
  start: S;
  arcs: Readonly<Record<S, readonly Arc<S>[]>>;
  /** States after which a sentence may end, and whether it then has a verb. */
  ends: Readonly<Partial<Record<S, 'verbless' | 'full'>>>;
}

interface Cost {
  own: number;
  loose: number;
  verbless: number;
  /** Nouns no emoji pictures ("motherhood"): hard to see, so fewer of them first. */
  unpictured: number;
  words: number;
  sentences: number;
  score: number;
}

interface Step<S extends string> {
  cost: Cost;
  /** The word taken here, or none where the sentence ends (back to the start state). */
  word?: PhraseWord;
  to: S;
  next: number;
}

function better(a: Cost, b: Cost | undefined): boolean {
  if (!b) return true;
  if (a.own !== b.own) return a.own > b.own;
  if (a.loose !== b.loose) return a.loose < b.loose;
  if (a.verbless !== b.verbless) return a.verbless < b.verbless;
  if (a.unpictured !== b.unpictured) return a.unpictured < b.unpictured;
  if (a.words !== b.words) return a.words < b.words;
  if (a.sentences !== b.sentences) return a.sentences < b.sentences;
  return a.score > b.score;
}

/** The learner's own word, or one an emoji pictures (in Spanish, by its name: see `named`). */
const pictured = (c: Candidate) => c.own === true || (c.emoji !== undefined && c.named !== false);

/** The best word of each length that starts at `i` and passes `accept`. */
export function wordsAt(
  lex: Lexicon,
  accept: (c: Candidate) => boolean,
): (number: string, i: number) => Candidate[] {
  return (number, i) => {
    const out: Candidate[] = [];
    const max = Math.min(lex.longest, number.length - i);
    for (let len = 1; len <= max; len++) {
      const best = lex.byDigits.get(number.slice(i, i + len))?.find(accept);
      if (best) out.push(best);
    }
    return out;
  };
}

/** Fixed words (Spanish articles) that fit at `i`. */
function fixedAt(words: readonly Candidate[]): (number: string, i: number) => Candidate[] {
  return (number, i) => words.filter((w) => w.digits && number.startsWith(w.digits, i));
}

/** The best way through `grammar` that uses every digit of `number`, or null when none does. */
function parse<S extends string>(grammar: Grammar<S>, number: string): Sentences | null {
  const n = number.length;
  const states = Object.keys(grammar.arcs) as S[];
  // The start state first: the others end their sentence into it at the same position.
  const order = [grammar.start, ...states.filter((s) => s !== grammar.start)];
  const best: Partial<Record<S, Step<S>>>[] = Array.from({ length: n + 1 }, () => ({}));
  (best[n] as Partial<Record<S, Step<S>>>)[grammar.start] = {
    cost: { own: 0, loose: 0, verbless: 0, unpictured: 0, words: 0, sentences: 0, score: 0 },
    to: grammar.start,
    next: n,
  };
  for (let i = n; i >= 0; i--) {
    const here = best[i] as Partial<Record<S, Step<S>>>;
    for (const state of order) {
      const end = grammar.ends[state];
      const restart = here[grammar.start];
      if (end && restart && state !== grammar.start) {
        const cost = {
          ...restart.cost,
          sentences: restart.cost.sentences + 1,
          verbless: restart.cost.verbless + (end === 'verbless' ? 1 : 0),
        };
        if (better(cost, here[state]?.cost)) here[state] = { cost, to: grammar.start, next: i };
      }
      if (i === n) continue;
      for (const arc of grammar.arcs[state]) {
        for (const word of arc.words(number, i)) {
          const j = i + word.digits.length;
          const rest = best[j]?.[arc.to];
          if (!rest) continue;
          const cost = {
            ...rest.cost,
            own: rest.cost.own + (word.own ? 1 : 0),
            loose: rest.cost.loose + (arc.role === 'loose' ? 1 : 0),
            unpictured: rest.cost.unpictured + (arc.role === 'noun' && !pictured(word) ? 1 : 0),
            words: rest.cost.words + 1,
            score: rest.cost.score + word.score,
          };
          if (better(cost, here[state]?.cost)) {
            here[state] = { cost, word: { word, role: arc.role }, to: arc.to, next: j };
          }
        }
      }
    }
  }
  if (!best[0]?.[grammar.start] || n === 0) return null;
  const sentences: Sentences = [];
  let sentence: PhraseWord[] = [];
  let state = grammar.start;
  for (let i = 0; i < n || state !== grammar.start; ) {
    const step = best[i]?.[state] as Step<S>;
    // Loose words make a sentence of their own, a list.
    if (step.word && step.word.role !== 'loose' && sentence[0]?.role === 'loose') {
      sentences.push(sentence);
      sentence = [];
    }
    if (step.word) sentence.push(step.word);
    else {
      sentences.push(sentence);
      sentence = [];
    }
    state = step.to;
    i = step.next;
  }
  if (sentence.length) sentences.push(sentence);
  return sentences;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Words as a list: Spanish "Fue, surf y enchufe." (y is silent); English with commas only, since
 * "and" would add 21.
 */
function list(words: PhraseWord[], and: string | null): string {
  const names = words.map((w) => w.word.word);
  const last = names.pop() as string;
  const text = !names.length
    ? last
    : and
      ? `${names.join(', ')} ${and} ${last}`
      : [...names, last].join(', ');
  return `${capitalise(text)}.`;
}

/**
 * English: "[a] [adjective] noun verb [a] [adjective] noun." The article "a" is silent in the
 * Major System; it goes before a singular noun's phrase, whose first word must then start with a
 * consonant sound (no "an", which is 2). A plural noun takes no article ("Red knives bit a dial."),
 * a past-tense verb agrees with either, a present "-s" form only with a singular subject.
 */
export function englishGrammar(lex: Lexicon) {
  type S = 'S' | 'SAc' | 'SAv' | 'SNs' | 'SNp' | 'V' | 'OAc' | 'OAv' | 'O';
  const at = (accept: (c: Candidate) => boolean) => wordsAt(lex, accept);
  const singular = at((c) => c.noun && !c.plural);
  const singularC = at((c) => c.noun && !c.plural && c.consonantStart);
  const plural = at((c) => c.noun && c.plural === true);
  const adjC = at((c) => c.adjective === true && c.consonantStart);
  const adjV = at((c) => c.adjective === true && !c.consonantStart);
  const anyVerb = at((c) => c.verb);
  const pastVerb = at((c) => c.verb && !c.singularVerb);
  const grammar: Grammar<S> = {
    start: 'S',
    arcs: {
      S: [
        { to: 'S', role: 'loose', words: at(() => true) },
        { to: 'SAc', role: 'adjective', words: adjC },
        { to: 'SAv', role: 'adjective', words: adjV },
        { to: 'SNs', role: 'noun', words: singularC },
        { to: 'SNp', role: 'noun', words: plural },
      ],
      SAc: [
        { to: 'SNs', role: 'noun', words: singular },
        { to: 'SNp', role: 'noun', words: plural },
      ],
      SAv: [{ to: 'SNp', role: 'noun', words: plural }],
      SNs: [{ to: 'V', role: 'verb', words: anyVerb }],
      SNp: [{ to: 'V', role: 'verb', words: pastVerb }],
      V: [
        { to: 'OAc', role: 'adjective', words: adjC },
        { to: 'OAv', role: 'adjective', words: adjV },
        { to: 'O', role: 'noun', words: singularC },
        { to: 'O', role: 'noun', words: plural },
      ],
      OAc: [
        { to: 'O', role: 'noun', words: singular },
        { to: 'O', role: 'noun', words: plural },
      ],
      OAv: [{ to: 'O', role: 'noun', words: plural }],
      O: [],
    },
    ends: { SNs: 'verbless', SNp: 'verbless', V: 'full', O: 'full' },
  };
  return grammar;
}

/** English sentences as text: "a" before each singular noun's phrase. */
export function englishText(sentences: Sentences): string {
  return sentences
    .map((words) => {
      if (words[0]?.role === 'loose') return list(words, null);
      const out: string[] = [];
      words.forEach((w, k) => {
        const opensPhrase =
          w.role === 'adjective' || (w.role === 'noun' && words[k - 1]?.role !== 'adjective');
        const noun = w.role === 'adjective' ? words[k + 1]?.word : w.word;
        if (opensPhrase && noun && !noun.plural) out.push('a');
        out.push(w.word.word);
      });
      return `${capitalise(out.join(' '))}.`;
    })
    .join(' ');
}

/**
 * Spanish: "[article] noun [adjective] verb [article] noun [adjective]." Spanish has no silent
 * article (el, la = 5; un, una = 2), so an article is one of the phrase's words, with its digits,
 * taken only where the number has them. Article and adjective agree with the noun's gender; a
 * noun whose gender is not known takes neither an article nor a gendered adjective.
 */
export function spanishGrammar(lex: Lexicon) {
  type S =
    | 'S'
    | 'SArtM'
    | 'SArtF'
    | 'SNm'
    | 'SNf'
    | 'SNu'
    | 'SJ'
    | 'V'
    | 'OArtM'
    | 'OArtF'
    | 'ONm'
    | 'ONf'
    | 'ONu'
    | 'OJ';
  const at = (accept: (c: Candidate) => boolean) => wordsAt(lex, accept);
  const article = (word: string, gender: 'm' | 'f'): Candidate => ({
    word,
    digits: lex.encode(word) ?? '',
    score: 0,
    noun: false,
    verb: false,
    gender,
    consonantStart: false,
  });
  const masculine = fixedAt([article('el', 'm'), article('un', 'm')]);
  const feminine = fixedAt([article('la', 'f'), article('una', 'f')]);
  // Nouns an emoji's name gives, or the learner's own; an emoji's keyword may be any part of
  // speech, so it counts as a noun only when it is no infinitive, adverb, verb or adjective (and
  // ranks as unpictured).
  const isNoun = (c: Candidate) =>
    c.noun &&
    (c.named === true || (!c.verb && !c.adjective && !/(ar|er|ir|ír|mente)$/.test(c.word)));
  const noun = (gender: 'm' | 'f' | undefined) => at((c) => isNoun(c) && c.gender === gender);
  const articled = (gender: 'm' | 'f') =>
    at((c) => isNoun(c) && c.gender === gender && takesArticle(c.word, c.gender));
  const adjective = (gender: 'm' | 'f' | undefined) =>
    at((c) => c.adjective === true && (c.gender === undefined || c.gender === gender));
  const verb = at((c) => c.verb);
  const grammar: Grammar<S> = {
    start: 'S',
    arcs: {
      S: [
        { to: 'S', role: 'loose', words: at(() => true) },
        { to: 'SArtM', role: 'article', words: masculine },
        { to: 'SArtF', role: 'article', words: feminine },
        { to: 'SNm', role: 'noun', words: noun('m') },
        { to: 'SNf', role: 'noun', words: noun('f') },
        { to: 'SNu', role: 'noun', words: noun(undefined) },
      ],
      SArtM: [{ to: 'SNm', role: 'noun', words: articled('m') }],
      SArtF: [{ to: 'SNf', role: 'noun', words: articled('f') }],
      SNm: [
        { to: 'SJ', role: 'adjective', words: adjective('m') },
        { to: 'V', role: 'verb', words: verb },
      ],
      SNf: [
        { to: 'SJ', role: 'adjective', words: adjective('f') },
        { to: 'V', role: 'verb', words: verb },
      ],
      SNu: [
        { to: 'SJ', role: 'adjective', words: adjective(undefined) },
        { to: 'V', role: 'verb', words: verb },
      ],
      SJ: [{ to: 'V', role: 'verb', words: verb }],
      V: [
        { to: 'OArtM', role: 'article', words: masculine },
        { to: 'OArtF', role: 'article', words: feminine },
        { to: 'ONm', role: 'noun', words: noun('m') },
        { to: 'ONf', role: 'noun', words: noun('f') },
        { to: 'ONu', role: 'noun', words: noun(undefined) },
      ],
      OArtM: [{ to: 'ONm', role: 'noun', words: articled('m') }],
      OArtF: [{ to: 'ONf', role: 'noun', words: articled('f') }],
      ONm: [{ to: 'OJ', role: 'adjective', words: adjective('m') }],
      ONf: [{ to: 'OJ', role: 'adjective', words: adjective('f') }],
      ONu: [{ to: 'OJ', role: 'adjective', words: adjective(undefined) }],
      OJ: [],
    },
    ends: {
      SNm: 'verbless',
      SNf: 'verbless',
      SNu: 'verbless',
      SJ: 'verbless',
      V: 'full',
      ONm: 'full',
      ONf: 'full',
      ONu: 'full',
      OJ: 'full',
    },
  };
  return grammar;
}

/** Spanish sentences as text: every word is one of the phrase's. */
export function spanishText(sentences: Sentences): string {
  return sentences
    .map((words) =>
      words[0]?.role === 'loose'
        ? list(words, 'y')
        : `${capitalise(words.map((w) => w.word.word).join(' '))}.`,
    )
    .join(' ');
}

/**
 * The phrase's sentences for `number` in the lexicon's language (digits no sentence can hold as
 * a list of loose words), or null when no words cover it.
 */
export function phraseSentences(lex: Lexicon, number: string): Sentences | null {
  return lex.locale === 'en'
    ? parse(englishGrammar(lex), number)
    : parse(spanishGrammar(lex), number);
}
