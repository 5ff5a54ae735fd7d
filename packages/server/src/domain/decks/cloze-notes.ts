/**
 * Cloze notes from sentences, offline and deterministic. A sentence's deletions are, in the order
 * they appear, at most `MAX_DELETIONS` of:
 *
 * - dates, kept whole: `25 December 1642`, `November 9, 1989`, `6 de marzo de 1927`,
 *   `marzo de 1927`, `1919-06-28`, `28/06/1919`;
 * - numbers: `1492`, `3.14`, `1,000`, `40%`;
 * - proper nouns: runs of capitalised words, joined by `de`/`del`/`da`/`van`/`von`/`of`
 *   (`Gabriel García Márquez`, `Miguel de Cervantes`). The sentence's first word is capitalised
 *   anyway, so it counts only as the start of a name of two or more words;
 * - only when the sentence has none of these, the key term: its longest word that is not a stop
 *   word (of at least four letters).
 *
 * Each deletion gets its own number (`c1`, `c2`, …), so a note makes one card per deletion. A
 * sentence under four words makes no note. The rules engine leaves `extra` empty.
 */
import { CLOZE_DELETION, clozeNumbers } from '../notes/cloze.ts';
import { escapeHtml, textToHtml } from '../notes/html-text.ts';
import {
  CLOZE_BLANK,
  type Locale,
  type ProposedCard,
  type ProposedNote,
  STOP_WORDS,
  words,
} from './proposals.ts';

/** More deletions than this make a sentence with too little left to recall from. */
export const MAX_DELETIONS = 3;

interface Span {
  start: number;
  end: number;
}

const EN_MONTHS =
  'january|february|march|april|may|june|july|august|september|october|november|december';
const ES_MONTHS =
  'enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre';
const MONTH = `(?:${EN_MONTHS}|${ES_MONTHS})`;
const DAY = String.raw`\d{1,2}(?:st|nd|rd|th|º)?`;
const YEAR = String.raw`\d{3,4}`;
/** Whole dates first: the longest forms before their parts. */
const DATE = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:` +
    [
      String.raw`\d{4}-\d{2}-\d{2}`,
      String.raw`\d{1,2}/\d{1,2}/\d{2,4}`,
      `${DAY} de ${MONTH}(?: de ${YEAR})?`,
      `${DAY} (?:of )?${MONTH},? ${YEAR}`,
      `${MONTH} ${DAY},? ${YEAR}`,
      `${MONTH} (?:de |of )?${YEAR}`,
    ].join('|') +
    String.raw`)(?![\p{L}\p{N}])`,
  'giu',
);
const NUMBER = /(?<![\p{L}\p{N}.,])\p{N}+(?:[.,:]\p{N}+)*%?(?![\p{L}\p{N}])/gu;
const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;
/** Lower-case words that join the parts of a name. */
const PARTICLES = new Set(['de', 'del', 'da', 'di', 'van', 'von', 'of']);

const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;

function matches(re: RegExp, sentence: string): Span[] {
  return [...sentence.matchAll(re)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
  }));
}

interface Word extends Span {
  text: string;
}

const isCapitalised = (w: Word, locale: Locale) =>
  /^\p{Lu}/u.test(w.text) && w.text.length > 1 && !STOP_WORDS[locale].has(w.text.toLowerCase());

/** Runs of capitalised words (with particles between them), as spans. */
function properNouns(sentence: string, ws: Word[], locale: Locale): Span[] {
  const out: Span[] = [];
  let i = 0;
  while (i < ws.length) {
    const first = ws[i] as Word;
    if (!isCapitalised(first, locale)) {
      i += 1;
      continue;
    }
    let count = 1;
    let last = i;
    for (let j = i + 1; j < ws.length; j += 1) {
      const word = ws[j] as Word;
      const gap = sentence.slice((ws[j - 1] as Word).end, word.start);
      if (gap !== ' ') break;
      if (isCapitalised(word, locale)) {
        count += 1;
        last = j;
      } else if (!PARTICLES.has(word.text.toLowerCase())) break;
    }
    // A capital after the sentence's start or a colon is grammar, not a name, unless a longer name.
    const opensClause = i === 0 || /[:.!?]\s*$/.test(sentence.slice(0, first.start));
    if (!opensClause || count >= 2) out.push({ start: first.start, end: (ws[last] as Word).end });
    i = last + 1;
  }
  return out;
}

/** The longest word that is not a stop word (of at least four letters), or none. */
function keyTerm(ws: Word[], locale: Locale): Span[] {
  let best: Word | null = null;
  for (const w of ws) {
    if (w.text.length < 4 || STOP_WORDS[locale].has(w.text.toLowerCase())) continue;
    if (!best || w.text.length > best.text.length) best = w;
  }
  return best ? [best] : [];
}

/** Where a sentence's deletions are, in order (the module comment gives the rules). */
export function deletionSpans(sentence: string, locale: Locale = 'en'): Span[] {
  const ws: Word[] = matches(WORD, sentence).map((s) => ({
    ...s,
    text: sentence.slice(s.start, s.end),
  }));
  const found: Span[] = [];
  const take = (spans: Span[]) => {
    for (const span of spans) if (!found.some((f) => overlaps(f, span))) found.push(span);
  };
  take(matches(DATE, sentence));
  take(matches(NUMBER, sentence));
  take(properNouns(sentence, ws, locale));
  if (found.length === 0) take(keyTerm(ws, locale));
  return found.sort((a, b) => a.start - b.start).slice(0, MAX_DELETIONS);
}

/** The texts a sentence's deletions hide, in order. */
export function clozeDeletions(sentence: string, locale: Locale = 'en'): string[] {
  return deletionSpans(sentence, locale).map((s) => sentence.slice(s.start, s.end));
}

/** A cloze proposal hiding `spans` of `source`: its `text` field and its flat sides. */
function clozeProposal(source: string, spans: Span[]): ProposedCard {
  let text = '';
  let front = '';
  let at = 0;
  for (const [i, span] of spans.entries()) {
    const before = source.slice(at, span.start);
    text += `${escapeHtml(before)}{{c${i + 1}::${escapeHtml(source.slice(span.start, span.end))}}}`;
    front += `${before}${CLOZE_BLANK}`;
    at = span.end;
  }
  text += escapeHtml(source.slice(at));
  front += source.slice(at);
  const back = spans.map((s) => source.slice(s.start, s.end)).join(', ');
  return { front, back, kind: 'cloze', note: { note_type: 'cloze', fields: { text, extra: '' } } };
}

/** A cloze note of a sentence, or null when it is too short or has nothing to hide. */
export function clozeNoteOfSentence(sentence: string, locale: Locale = 'en'): ProposedCard | null {
  if (words(sentence).length < 4) return null;
  const spans = deletionSpans(sentence, locale);
  return spans.length > 0 ? clozeProposal(sentence, spans) : null;
}

/** A term–definition line as a cloze of its term (`{{c1::term}} - definition`). */
export function termClozeNote(line: string, term: string): ProposedCard | null {
  const start = line.indexOf(term);
  if (start < 0) return null;
  return clozeProposal(line, [{ start, end: start + term.length }]);
}

/**
 * The note a proposal saves as: the one the generator made, else a one-deletion cloze note for a
 * one-blank cloze card (its back in place of the blank), else a basic note of its two sides.
 */
export function noteOfCard(card: ProposedCard): ProposedNote {
  if (card.note) return card.note;
  const blank = card.front.indexOf(CLOZE_BLANK);
  if (card.kind === 'cloze' && blank >= 0) {
    const text =
      escapeHtml(card.front.slice(0, blank)) +
      `{{c1::${escapeHtml(card.back)}}}` +
      escapeHtml(card.front.slice(blank + CLOZE_BLANK.length));
    if (clozeNumbers(text).length > 0) return { note_type: 'cloze', fields: { text, extra: '' } };
  }
  return {
    note_type: 'basic',
    fields: { front: textToHtml(card.front), back: textToHtml(card.back) },
  };
}

/**
 * A proposal from plain text already marked with deletions (`{{c1::answer}}`, `{{c2::answer::hint}}`,
 * as an AI model writes them): the text around and inside the marks is escaped as HTML, so markup
 * in it shows as written. Null when it marks no deletion.
 */
export function clozeProposalOfMarkedText(marked: string, extra = ''): ProposedCard | null {
  let text = '';
  let front = '';
  const answers: string[] = [];
  let at = 0;
  for (const m of marked.matchAll(CLOZE_DELETION)) {
    const [whole, n, answer = '', hint] = m;
    if (!answer.trim()) continue;
    const before = marked.slice(at, m.index);
    const hintPart = hint === undefined ? '' : `::${escapeHtml(hint)}`;
    text += `${escapeHtml(before)}{{c${n}::${escapeHtml(answer)}${hintPart}}}`;
    front += `${before}${CLOZE_BLANK}`;
    answers.push(answer.trim());
    at = m.index + whole.length;
  }
  if (answers.length === 0) return null;
  text += escapeHtml(marked.slice(at));
  front += marked.slice(at);
  return {
    front: front.trim(),
    back: answers.join(', '),
    kind: 'cloze',
    note: { note_type: 'cloze', fields: { text: text.trim(), extra: escapeHtml(extra.trim()) } },
  };
}
