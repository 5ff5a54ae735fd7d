/**
 * The offline card generator: a deterministic rules engine that turns notes into flashcards with
 * no network. It reads, in the order they appear:
 *
 * - Q/A pairs: `Q: … / A: …` (also `Question:`/`Answer:`, Spanish `P:`/`R:`,
 *   `Pregunta:`/`Respuesta:`), on one line or two;
 * - question lines: `What is …? answer` on one line, or a line ending in `?` followed by its answer;
 * - term–definition lines: `term - definition`, `term – definition`, `term: definition`,
 *   `term = definition`;
 * - cloze cards from the remaining sentences, blanking the most informative word: a number, else a
 *   capitalised term inside the sentence, else the longest word that is not a stop word.
 *
 * With `output: 'cloze'` the prose and the term–definition lines become cloze notes instead
 * (several deletions per sentence, `cloze-notes.ts` says which); question lines stay basic.
 *
 * Cards are deduplicated (by front, ignoring case and spacing) and capped.
 */

import { clozeNoteOfSentence, termClozeNote } from './cloze-notes.ts';
import {
  bare,
  CLOZE_BLANK,
  type Locale,
  type ProposedCard,
  STOP_WORDS,
  words,
} from './proposals.ts';

export type { CardKind, Locale, ProposedCard, ProposedNote } from './proposals.ts';
export { CLOZE_BLANK } from './proposals.ts';

/** What to propose: today's card mix, or cloze notes (`cloze-notes.ts`). */
export type GenerationOutput = 'cards' | 'cloze';

export interface GenerateOptions {
  locale?: Locale;
  /** At most this many cards (default 50). */
  maxCards?: number;
  /** Default `cards`; `cloze` makes cloze notes of prose and term–definition lines. */
  output?: GenerationOutput;
}

export const DEFAULT_MAX_CARDS = 50;

const QUESTION_PREFIX = /^(?:q|question|p|pregunta)\s*[:.)-]\s*(.+)$/i;
const ANSWER_PREFIX = /^(?:a|answer|r|respuesta|resp)\s*[:.)-]\s*(.+)$/i;
const QA_ONE_LINE =
  /^(?:q|question|p|pregunta)\s*[:.)-]\s*(.+?)\s+(?:\/\s*)?(?:a|answer|r|respuesta)\s*[:.)-]\s*(.+)$/i;
const BULLET = /^\s*(?:[-*•·▪◦]|\d{1,3}[.)])\s+/;
/** `term - definition` / `term – definition` / `term — definition` (spaces around the dash). */
const DASH_PAIR = /^(.{1,80}?)\s+[-–—]\s+(.+)$/;
/** `term: definition` (not `://` nor `10:30`, so URLs and times stay whole). */
const COLON_PAIR = /^([^:]{1,80}?)\s*:(?!\/\/)(?!\d)\s*(.+)$/;
const EQUALS_PAIR = /^(.{1,80}?)\s*=\s*(.+)$/;

function clean(line: string): string {
  return line.replace(BULLET, '').replace(/\s+/g, ' ').trim();
}

function looksLikeTerm(term: string): boolean {
  const w = words(term);
  return w.length >= 1 && w.length <= 8 && /[\p{L}\p{N}]/u.test(term) && !/[.!?]$/.test(term);
}

function pair(line: string): ProposedCard | null {
  for (const re of [DASH_PAIR, COLON_PAIR, EQUALS_PAIR]) {
    const m = re.exec(line);
    if (!m) continue;
    const term = (m[1] ?? '').trim();
    const definition = (m[2] ?? '').trim();
    if (term && definition && looksLikeTerm(term) && /[\p{L}\p{N}]/u.test(definition)) {
      return { front: term, back: definition, kind: 'basic' };
    }
  }
  return null;
}

/** `What is X? answer` on one line. */
function questionLine(line: string): ProposedCard | null {
  const i = line.indexOf('?');
  if (i <= 0 || i === line.length - 1) return null;
  const front = line.slice(0, i + 1).trim();
  const back = line
    .slice(i + 1)
    .replace(/^[\s:–—-]+/, '')
    .trim();
  if (words(front).length < 2 || !/[\p{L}\p{N}]/u.test(back)) return null;
  return { front, back, kind: 'qa' };
}

function sentences(paragraph: string): string[] {
  const out: string[] = [];
  // A sentence ends at . ! ? (or …) followed by a space and a capital, digit, ¿ or ¡, or the end.
  const re = /[^.!?…]+(?:[.!?…]+(?=\s+[\p{Lu}\p{N}¿¡"“(]|\s*$)|$)/gu;
  let rest = '';
  for (const m of paragraph.matchAll(re)) {
    const s = (rest + m[0]).trim();
    // Keep abbreviations and decimals glued ("e.g. the", "3.14 is").
    if (/\b(?:e\.g|i\.e|etc|vs|mr|mrs|dr|st|sr|sra|p\.ej)\.$/i.test(s)) {
      rest = `${s} `;
      continue;
    }
    rest = '';
    if (s) out.push(s);
  }
  if (rest.trim()) out.push(rest.trim());
  return out;
}

/** The word to blank out of a sentence, as its index in `words(sentence)`, or -1. */
export function clozeTarget(sentence: string, locale: Locale = 'en'): number {
  const ws = words(sentence);
  const stop = STOP_WORDS[locale];
  const candidates = ws.map((w, i) => ({ w: bare(w), i })).filter((x) => x.w.length > 0);
  const number = candidates.find((x) => /^\p{N}[\p{N}.,:/-]*$/u.test(x.w));
  if (number) return number.i;
  const capital = candidates.find(
    (x) =>
      x.i > 0 &&
      /^\p{Lu}/u.test(x.w) &&
      !stop.has(x.w.toLowerCase()) &&
      x.w.length > 1 &&
      // not the first word after a colon or a closing sentence mark
      !/[:.!?]$/.test(ws[x.i - 1] ?? ''),
  );
  if (capital) return capital.i;
  let best = -1;
  let bestLength = 3;
  for (const x of candidates) {
    if (stop.has(x.w.toLowerCase())) continue;
    if (x.w.length > bestLength) {
      best = x.i;
      bestLength = x.w.length;
    }
  }
  return best;
}

/** A cloze card from a sentence, or null when it is too short to make one. */
export function clozeCard(sentence: string, locale: Locale = 'en'): ProposedCard | null {
  const ws = words(sentence);
  if (ws.length < 4) return null;
  const i = clozeTarget(sentence, locale);
  if (i < 0) return null;
  const word = ws[i] ?? '';
  const answer = bare(word);
  // Extend a capitalised answer over the following capitalised words ("Isaac Newton").
  let end = i;
  let full = answer;
  if (/^\p{Lu}/u.test(answer)) {
    while (end + 1 < ws.length) {
      const next = bare(ws[end + 1] ?? '');
      if (!/^\p{Lu}/u.test(next) || next !== ws[end + 1]?.replace(/[,.;:!?]+$/, '')) break;
      if (/[,.;:!?]$/.test(ws[end] ?? '')) break;
      end += 1;
      full = `${full} ${next}`;
    }
  }
  const first = word.indexOf(answer);
  const lastWord = ws[end] ?? '';
  const lastBare = bare(lastWord);
  const prefix = word.slice(0, first);
  const suffix = lastWord.slice(lastWord.lastIndexOf(lastBare) + lastBare.length);
  const front = [...ws.slice(0, i), `${prefix}${CLOZE_BLANK}${suffix}`, ...ws.slice(end + 1)].join(
    ' ',
  );
  return { front, back: full, kind: 'cloze' };
}

function key(front: string): string {
  return front.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Proposes flashcards from notes, deterministically and offline (see the module comment). */
export function generateCardsFromText(text: string, options: GenerateOptions = {}): ProposedCard[] {
  const locale = options.locale ?? 'en';
  const max = options.maxCards ?? DEFAULT_MAX_CARDS;
  const asCloze = options.output === 'cloze';
  const lines = text.replace(/\r\n?/g, '\n').split('\n').map(clean);
  const cards: ProposedCard[] = [];
  const seen = new Set<string>();
  const add = (card: ProposedCard | null) => {
    if (!card || cards.length >= max) return;
    const front = card.front.trim();
    const back = card.back.trim();
    if (!front || !back) return;
    const k = key(front);
    if (seen.has(k)) return;
    seen.add(k);
    cards.push(
      card.note
        ? { front, back, kind: card.kind, note: card.note }
        : { front, back, kind: card.kind },
    );
  };

  let prose: string[] = [];
  const flushProse = () => {
    if (prose.length === 0) return;
    for (const sentence of sentences(prose.join(' '))) {
      add(asCloze ? clozeNoteOfSentence(sentence, locale) : clozeCard(sentence, locale));
    }
    prose = [];
  };

  for (let i = 0; i < lines.length && cards.length < max; i++) {
    const line = lines[i] ?? '';
    if (!line) {
      flushProse();
      continue;
    }
    const oneLine = QA_ONE_LINE.exec(line);
    if (oneLine) {
      flushProse();
      add({ front: oneLine[1] ?? '', back: oneLine[2] ?? '', kind: 'qa' });
      continue;
    }
    const q = QUESTION_PREFIX.exec(line);
    const next = lines[i + 1] ?? '';
    const a = ANSWER_PREFIX.exec(next);
    if (q && a) {
      flushProse();
      add({ front: q[1] ?? '', back: a[1] ?? '', kind: 'qa' });
      i += 1;
      continue;
    }
    if (q && next && !ANSWER_PREFIX.test(next)) {
      // `Q: question` followed by a plain answer line.
      flushProse();
      add({ front: q[1] ?? '', back: next, kind: 'qa' });
      i += 1;
      continue;
    }
    const inline = questionLine(line);
    if (inline) {
      flushProse();
      add(inline);
      continue;
    }
    if (line.endsWith('?') && next && !next.endsWith('?')) {
      flushProse();
      add({ front: line, back: next, kind: 'qa' });
      i += 1;
      continue;
    }
    const basic = pair(line);
    if (basic) {
      flushProse();
      add(asCloze ? termClozeNote(line, basic.front) : basic);
      continue;
    }
    prose.push(line);
  }
  flushProse();
  return cards;
}
