/**
 * Anki's card templates (its `rslib/src/template.rs`): `{{Field}}`, `{{#Field}}…{{/Field}}`,
 * `{{^Field}}…{{/Field}}`, `{{FrontSide}}`, the special fields Tags, Type, Deck, Subdeck, Card,
 * CardFlag and CardID, the filters `text`, `hint` and `type`, comments, and the legacy
 * `{{=<% %>=}}` delimiters. Rendering a Memoria note (`RenderContext.note`) adds `{{cloze:…}}`,
 * `{{type:…}}` as the answer box and its expected answer, and `{{tts lang:Field}}` as speech, in
 * the markup of docs/features/notes.md. Anything else (another filter such as `furigana`, a field
 * the note type lacks, an unclosed conditional) throws `TemplateError`: the Anki reader, which
 * renders without `note`, skips that card with a reason rather than guess what Anki would show.
 */
import { renderCloze } from './cloze.ts';
import { escapeHtml, htmlToText } from './html-text.ts';

export class TemplateError extends Error {}

type Node =
  | { kind: 'text'; text: string }
  | { kind: 'field'; key: string; filters: string[] }
  | { kind: 'if' | 'unless'; key: string; children: Node[] };

export type ParsedTemplate = Node[];

const ALT_DIRECTIVE = '{{=<% %>=}}';

type Token =
  | { kind: 'text'; text: string }
  | { kind: 'replace' | 'open' | 'openNegated' | 'close'; key: string };

function classify(inner: string): Token {
  const s = inner.replace(/^\{+/, '').trim();
  if (s.length >= 2) {
    const rest = s.slice(1).trimStart();
    if (s[0] === '#') return { kind: 'open', key: rest };
    if (s[0] === '/') return { kind: 'close', key: rest };
    if (s[0] === '^') return { kind: 'openNegated', key: rest };
  }
  return { kind: 'replace', key: s };
}

function* tokens(source: string): Generator<Token> {
  let template = source;
  let [start, end] = ['{{', '}}'];
  if (template.trimStart().startsWith(ALT_DIRECTIVE)) {
    template = template.trimStart().slice(ALT_DIRECTIVE.length);
    [start, end] = ['<%', '%>'];
  }
  let at = 0;
  while (at < template.length) {
    const handle = template.indexOf(start, at);
    const comment = template.indexOf('<!--', at);
    const next = [handle, comment].filter((i) => i >= 0).sort((a, b) => a - b)[0];
    if (next === undefined) {
      yield { kind: 'text', text: template.slice(at) };
      return;
    }
    if (next > at) yield { kind: 'text', text: template.slice(at, next) };
    if (next === comment) {
      const close = template.indexOf('-->', next + 4);
      if (close < 0) {
        yield { kind: 'text', text: template.slice(next) };
        return;
      }
      // A comment is not shown, and Anki renders no handlebars inside one.
      at = close + 3;
      continue;
    }
    const close = template.indexOf(end, next + start.length);
    if (close < 0) {
      // Anki shows an unclosed `{{` as text.
      yield { kind: 'text', text: template.slice(next) };
      return;
    }
    yield classify(template.slice(next + start.length, close));
    at = close + end.length;
  }
}

export function parseTemplate(source: string): ParsedTemplate {
  const iter = tokens(source);
  const parse = (open: string | null): Node[] => {
    const nodes: Node[] = [];
    for (let step = iter.next(); !step.done; step = iter.next()) {
      const token = step.value;
      switch (token.kind) {
        case 'text':
          nodes.push({ kind: 'text', text: token.text });
          break;
        case 'replace': {
          const parts = token.key.split(':');
          const key = parts.pop() as string;
          nodes.push({ kind: 'field', key, filters: parts.reverse() });
          break;
        }
        case 'open':
        case 'openNegated':
          nodes.push({
            kind: token.kind === 'open' ? 'if' : 'unless',
            key: token.key,
            children: parse(token.key),
          });
          break;
        case 'close':
          if (open === token.key) return nodes;
          throw new TemplateError(`{{/${token.key}}} closes no open conditional`);
      }
    }
    if (open !== null) throw new TemplateError(`{{#${open}}} is not closed`);
    return nodes;
  };
  return parse(null);
}

/** Anki's test for an empty field: only white space and empty `<br>`/`<div>` tags. */
export const fieldIsEmpty = (html: string) => /^(?:\s|<\/?(?:br|div) ?\/?>)*$/i.test(html);

export interface RenderContext {
  /** The note's fields and the special fields, by name, as HTML. */
  fields: ReadonlyMap<string, string>;
  /** The question's HTML when rendering the answer; null when rendering the question. */
  frontSide: string | null;
  /**
   * Set when rendering a Memoria note: the cloze number of the card being rendered (null when
   * the card is not a cloze). Without it, `cloze`, `tts` and `type` keep the importer's meaning.
   */
  note?: { cloze: number | null };
}

/** `tts`'s language: `es_ES`, `en`, `zh_CN`… (Anki's form, an underscore before the region). */
const TTS_LANGUAGE = /^[a-z]{2,3}(?:_[A-Za-z0-9]{2,4})?$/;

const stripHtml = (html: string) => html.replace(/<[^>]*>/g, '');

function applyNoteFilter(
  filter: string,
  text: string,
  context: RenderContext,
  cloze: number | null,
): string | undefined {
  if (filter === 'cloze') {
    return cloze === null
      ? ''
      : renderCloze(text, cloze, context.frontSide === null ? 'front' : 'back');
  }
  if (filter === 'type') {
    return context.frontSide === null
      ? '<div class="type-answer" data-type-answer=""></div>'
      : `<div class="type-answer" data-type-answer-expected="${escapeHtml(htmlToText(text).trim())}"></div>`;
  }
  if (filter.startsWith('tts ')) {
    const [language = ''] = filter.slice(4).trim().split(/\s+/);
    if (!TTS_LANGUAGE.test(language)) {
      throw new TemplateError(`"${language}" is not a speech language such as es_ES`);
    }
    // The markup RichContent speaks (packages/ui): one element, whatever renders the side.
    return `<tts-speak lang="${language}">${escapeHtml(htmlToText(text))}</tts-speak>`;
  }
  return undefined;
}

function applyFilter(filter: string, text: string, context: RenderContext): string {
  if (context.note) {
    const out = applyNoteFilter(filter, text, context, context.note.cloze);
    if (out !== undefined) return out;
  }
  switch (filter) {
    case '':
      return text;
    case 'text':
      return stripHtml(text);
    // A hint is a field shown on request; on a card of text it is shown.
    case 'hint':
      return text;
    // The question has an answer box; the answer shows the expected answer.
    case 'type':
      return context.frontSide === null ? '' : text;
    default:
      throw new TemplateError(`the filter "${filter}" is not supported`);
  }
}

export function renderTemplate(template: ParsedTemplate, context: RenderContext): string {
  let out = '';
  const condition = (key: string) => {
    const value = context.fields.get(key);
    if (value !== undefined) return !fieldIsEmpty(value);
    // `{{#c1}}` asks for a cloze number: present only on that cloze number's card.
    if (/^c\d+$/.test(key)) return context.note?.cloze === Number(key.slice(1));
    throw new TemplateError(`the conditional on "${key}" names no field`);
  };
  const walk = (nodes: Node[]) => {
    for (const node of nodes) {
      if (node.kind === 'text') {
        out += node.text;
      } else if (node.kind === 'field') {
        if (node.key === 'FrontSide') {
          out += context.frontSide ?? '';
          continue;
        }
        // `{{tts en_US:}}` and the like: a filter with no field adds its own content.
        if (node.key === '' && node.filters.length > 0) {
          throw new TemplateError(`the filter "${node.filters.join(':')}" is not supported`);
        }
        const value = context.fields.get(node.key);
        if (value === undefined) throw new TemplateError(`no field "${node.key}"`);
        out += node.filters.reduce((text, filter) => applyFilter(filter, text, context), value);
      } else {
        // Both branches are rendered, as Anki does, so an error in either is found.
        const start = out.length;
        walk(node.children);
        if (condition(node.key) !== (node.kind === 'if')) out = out.slice(0, start);
      }
    }
  };
  walk(template);
  return out;
}

/**
 * The answer without the question it repeats: what follows `<hr id=answer>` (Anki's stock
 * templates put `{{FrontSide}}` and that line first), else the answer with the question's text
 * at its start removed, else the whole answer.
 */
export function answerOnly(answer: string, question: string): string {
  const hr = /<hr\b[^>]*\bid\s*=\s*["']?answer\b["']?[^>]*>/i.exec(answer);
  if (hr) return answer.slice(hr.index + hr[0].length);
  if (question && answer.startsWith(question)) return answer.slice(question.length);
  return answer;
}
