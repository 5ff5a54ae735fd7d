/**
 * Anki's note types and field markup as Memoria's: which Anki note type is which stock type (by
 * `original_stock_kind` when the collection records it, else by its fields and templates, since
 * the stock types' names are translated), how its fields map to the stock field keys, how an
 * Image Occlusion note's `{{c1::image-occlusion:rect:left=…}}` deletions become masks, and how
 * media references, sounds and LaTeX in a field become Memoria's markup. Pure: the reader and
 * the import's child use it.
 */
import type { OcclusionMasks, OcclusionShape } from '../domain/notes/occlusion.ts';
import type { StockNoteTypeKey } from '../domain/notes/stock-types.ts';

/** An Anki note type as the reader finds it in the collection. */
export interface AnkiNoteTypeSource {
  name: string;
  cloze: boolean;
  /** `Notetype.Config.original_stock_kind` (1 basic … 6 image occlusion), 0 when unknown. */
  stockKind: number;
  fields: string[];
  templates: Map<number, { name: string; question: string; answer: string }>;
}

/** Anki's `OriginalStockKind` values (proto/anki/notetypes.proto). */
const STOCK_KINDS: Record<number, StockNoteTypeKey> = {
  1: 'basic',
  2: 'basic_reversed',
  3: 'basic_optional_reversed',
  4: 'basic_type_in',
  5: 'cloze',
  6: 'image_occlusion',
};

/** Each stock key's field keys, by the Anki field's position (null: the field is not kept). */
export const STOCK_FIELD_ORDER: Record<StockNoteTypeKey, readonly (string | null)[]> = {
  basic: ['front', 'back'],
  basic_reversed: ['front', 'back'],
  basic_optional_reversed: ['front', 'back', 'add_reverse'],
  basic_type_in: ['front', 'back'],
  cloze: ['text', 'extra'],
  // Occlusion, Image, Header, Back Extra, Comments (rslib/src/image_occlusion/notetype.rs).
  image_occlusion: ['masks', 'image', 'header', 'back_extra', null],
};

const squash = (template: string) => template.replace(/\s+/g, '');

/** The stock templates' question sides, with the fields named by position (`{{0}}`). */
function stockByTemplates(type: AnkiNoteTypeSource): StockNoteTypeKey | null {
  const f = type.fields;
  const questions = [...type.templates.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, t]) => squash(t.question));
  // Compared without white space, on both sides (field names may hold spaces).
  const field = (i: number) => squash(`{{${f[i] ?? '\u0000'}}}`);
  if (type.cloze) {
    if (f.length === 2 && questions.length === 1 && questions[0] === squash(`{{cloze:${f[0]}}}`))
      return 'cloze';
    if (f.length >= 4 && f.length <= 5 && f[1] === 'Image' && f[0] === 'Occlusion')
      return 'image_occlusion';
    return null;
  }
  const answers = [...type.templates.values()].map((t) => squash(t.answer));
  const answerShows = (i: number, field: string) => answers[i]?.endsWith(field) ?? false;
  if (f.length === 2 && questions.length === 1) {
    if (questions[0] === field(0) && answerShows(0, field(1))) return 'basic';
    if (questions[0] === `${field(0)}${squash(`{{type:${f[1]}}}`)}`) return 'basic_type_in';
  }
  if (f.length === 2 && questions.length === 2) {
    if (questions[0] === field(0) && questions[1] === field(1)) return 'basic_reversed';
  }
  if (f.length === 3 && questions.length === 2) {
    const optional = squash(`{{#${f[2]}}}{{${f[1]}}}{{/${f[2]}}}`);
    if (questions[0] === field(0) && questions[1] === optional) return 'basic_optional_reversed';
  }
  return null;
}

/** The stock type an Anki note type is, or null for one of the learner's own. */
export function stockTypeOf(type: AnkiNoteTypeSource): StockNoteTypeKey | null {
  const byKind = STOCK_KINDS[type.stockKind];
  // A stock type the learner changed (another field, another template) is their own now.
  if (byKind && type.fields.length >= (STOCK_FIELD_ORDER[byKind].length === 5 ? 4 : 2)) {
    const byShape = stockByTemplates(type);
    if (byShape === byKind || byKind === 'image_occlusion') return byKind;
  }
  return stockByTemplates(type);
}

/** The card's ordinal in Memoria: Anki's template (or cloze) ordinal from 0, plus one. */
export const memoriaOrdinal = (ankiOrd: number) => ankiOrd + 1;

// --- Image occlusion -------------------------------------------------------------------------

const IO_DELETION = /\{\{c(\d+)::image-occlusion:([\s\S]*?)\}\}/g;

/** `rect:left=.2:top=.3` → the shape's name and properties, as `parse_image_cloze` reads them. */
function ioProperties(text: string): { shape: string; props: Map<string, string> } {
  const [shape = '', ...rest] = text.split(/(?<!\\):/);
  const props = new Map<string, string>();
  for (const part of rest) {
    const at = part.indexOf('=');
    if (at > 0) props.set(part.slice(0, at), part.slice(at + 1).replace(/\\([\\:])/g, '$1'));
  }
  return { shape, props };
}

const clamp = (v: number) => Math.min(1, Math.max(0, v));

/**
 * The masks of an Image Occlusion note's Occlusion field (Anki 23.10+: coordinates as fractions
 * of the image; `oi=1` on a shape is "hide all, guess one"). Text labels are not masks and are
 * left out. Null when no shape is usable.
 */
export function occlusionMasks(field: string): OcclusionMasks | null {
  const shapes: OcclusionShape[] = [];
  let hideAll = false;
  for (const match of field.matchAll(IO_DELETION)) {
    const ordinal = Number(match[1]);
    const { shape, props } = ioProperties(match[2] ?? '');
    const n = (key: string) => Number(props.get(key) ?? Number.NaN);
    if (props.get('oi') === '1') hideAll = true;
    if (shape === 'rect' || shape === 'ellipse') {
      const left = clamp(n('left'));
      const top = clamp(n('top'));
      // An ellipse is given by its box's corner and its radii.
      const width = shape === 'rect' ? n('width') : 2 * n('rx');
      const height = shape === 'rect' ? n('height') : 2 * n('ry');
      if (![left, top, width, height].every(Number.isFinite) || width <= 0 || height <= 0) continue;
      shapes.push({
        kind: shape,
        ordinal,
        left,
        top,
        width: Math.min(width, 1 - left),
        height: Math.min(height, 1 - top),
      });
    } else if (shape === 'polygon') {
      const points = (props.get('points') ?? '')
        .trim()
        .split(/\s+/)
        .map((pair) => pair.split(',').map(Number))
        .filter((p): p is [number, number] => p.length === 2 && p.every(Number.isFinite))
        .map(([x, y]): [number, number] => [clamp(x), clamp(y)]);
      if (points.length >= 3) shapes.push({ kind: 'polygon', ordinal, points });
    }
  }
  if (shapes.length === 0) return null;
  return { mode: hideAll ? 'hide_all_guess_one' : 'hide_one_guess_one', shapes };
}

// --- Media, sounds and LaTeX in fields -------------------------------------------------------

const IMG_SRC = /(<img\b[^>]*?\bsrc\s*=\s*)(["']?)([^"'>\s]+)\2/gi;
const SOUND = /\[sound:([^\]]+)\]/g;

const decoded = (src: string) => {
  try {
    return decodeURIComponent(src);
  } catch {
    return src;
  }
};

/** The media names a field refers to: its images' sources and its `[sound:…]` tags. */
export function mediaNamesOf(html: string): string[] {
  const names: string[] = [];
  for (const m of html.matchAll(IMG_SRC)) names.push(decoded(m[3] ?? ''));
  for (const m of html.matchAll(SOUND)) names.push((m[1] ?? '').trim());
  return names.filter((name) => name && !/^(https?:|data:)/i.test(name));
}

/**
 * The field with each image's source and each `[sound:x]` replaced by the media's URL (a sound
 * as `<audio src>`); a reference `urlOf` does not know is removed (the caller lists the note).
 */
export function withMediaUrls(html: string, urlOf: (name: string) => string | null): string {
  return html
    .replace(/<img\b[^>]*>/gi, (tag) => {
      let missing = false;
      const out = tag.replace(IMG_SRC, (whole, start: string, _q: string, src: string) => {
        if (/^(https?:)/i.test(src)) return whole;
        const url = urlOf(decoded(src));
        missing = !url;
        return url ? `${start}"${url}"` : whole;
      });
      // An image whose file is not there goes whole.
      return missing ? '' : out;
    })
    .replace(SOUND, (_whole, name: string) => {
      const url = urlOf(name.trim());
      return url ? `<audio src="${url}"></audio>` : '';
    });
}

/** LaTeX that only a TeX installation renders: a document, packages, graphics, text mode. */
const NOT_MATH =
  /\\(documentclass|usepackage|begin\{document\}|includegraphics|input|tikz|begin\{tikzpicture\}|chemfig)/;

/** What `[latex]…[/latex]` holds, as math KaTeX typesets, or null when it is not math. */
function latexAsMath(source: string): string | null {
  const text = source
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/&nbsp;/g, ' ')
    .trim();
  if (!text || NOT_MATH.test(text)) return null;
  const dollars = /^\$\$?([\s\S]+?)\$\$?$/.exec(text);
  if (dollars) return (dollars[1] ?? '').includes('$') ? null : `\\[${dollars[1]}\\]`;
  if (text.includes('$')) return null;
  // Bare math: a command, a script or a group. Plain words would come out as italic letters.
  return /[\\^_{}=]/.test(text) ? `\\[${text}\\]` : null;
}

/**
 * Anki's LaTeX tags as the math KaTeX typesets (`[$]…[/$]` → `\(…\)`, `[$$]…[/$$]` → `\[…\]`,
 * `[latex]…[/latex]` → `\[…\]` where it is math); MathJax `\(…\)`/`\[…\]` is kept as it is.
 * `keptSource` is true when some `[latex]` was not math and stays as its source.
 */
export function convertLatex(html: string): { html: string; keptSource: boolean } {
  let keptSource = false;
  const out = html
    .replace(/\[\$\$\]([\s\S]*?)\[\/\$\$\]/g, (_w, m: string) => `\\[${m}\\]`)
    .replace(/\[\$\]([\s\S]*?)\[\/\$\]/g, (_w, m: string) => `\\(${m}\\)`)
    .replace(/\[latex\]([\s\S]*?)\[\/latex\]/gi, (whole, m: string) => {
      const math = latexAsMath(m);
      if (math === null) keptSource = true;
      return math ?? whole;
    });
  return { html: out, keptSource };
}

// --- Back to Anki (the export) ---------------------------------------------------------------

const num = (v: number) => String(Math.round(v * 1e6) / 1e6);

/** Masks as an Image Occlusion note's Occlusion field (Anki 23.10's cloze syntax). */
export function occlusionField(masks: OcclusionMasks): string {
  const oi = masks.mode === 'hide_all_guess_one' ? ':oi=1' : '';
  return masks.shapes
    .map((s) => {
      const body =
        s.kind === 'polygon'
          ? `polygon:points=${s.points.map(([x, y]) => `${num(x)},${num(y)}`).join(' ')}`
          : s.kind === 'rect'
            ? `rect:left=${num(s.left)}:top=${num(s.top)}:width=${num(s.width)}:height=${num(s.height)}`
            : `ellipse:left=${num(s.left)}:top=${num(s.top)}:rx=${num(s.width / 2)}:ry=${num(s.height / 2)}`;
      return `{{c${s.ordinal}::image-occlusion:${body}${oi}}}`;
    })
    .join('');
}

const MEDIA_PATH = String.raw`\/be\/api\/space-repetition\/media\/([0-9a-f]{64})\/`;
const AUDIO_OF_MEDIA = new RegExp(
  String.raw`<audio\b[^>]*?\bsrc="${MEDIA_PATH}"[^>]*>(?:\s*<\/audio>)?`,
  'g',
);
const IMG_OF_MEDIA = new RegExp(String.raw`(<img\b[^>]*?\bsrc=")${MEDIA_PATH}"`, 'g');

/**
 * A field's HTML as Anki's: our media URLs as the exported files' names, audio as `[sound:…]`.
 * A media `fileOf` does not know keeps its URL.
 */
export function ankiFieldOf(html: string, fileOf: (hash: string) => string | null): string {
  return html
    .replace(AUDIO_OF_MEDIA, (whole, hash: string) => {
      const file = fileOf(hash);
      return file ? `[sound:${file}]` : whole;
    })
    .replace(IMG_OF_MEDIA, (whole, start: string, hash: string) => {
      const file = fileOf(hash);
      return file ? `${start}${file}"` : whole;
    });
}
