/**
 * Pure rules of the note editor: which message labels a field, the occlusion masks as the
 * `OcclusionEditor` holds them and as the `masks` field stores them, the image of an occlusion
 * note, tags typed as text, and which notes the spec's card dialog still edits.
 */
import type { Note, NoteFields, NoteType, NoteTypeRef } from '@memoria/api';
import type { OcclusionMode, OcclusionShape, OcclusionValue } from '@memoria/ui';

/** The message of each stock field key; an own type's field is labelled by its key. */
export const FIELD_LABEL_IDS: Record<string, string> = {
  front: 'decks.note.field.front',
  back: 'decks.note.field.back',
  add_reverse: 'decks.note.field.add_reverse',
  text: 'decks.note.field.text',
  extra: 'decks.note.field.extra',
  image: 'decks.note.field.image',
  masks: 'decks.note.field.masks',
  header: 'decks.note.field.header',
  back_extra: 'decks.note.field.back_extra',
};

/** The message of each stock note type's name (the server's names are English). */
export const STOCK_TYPE_IDS: Record<string, string> = {
  basic: 'decks.noteType.basic',
  basic_reversed: 'decks.noteType.basic_reversed',
  basic_optional_reversed: 'decks.noteType.basic_optional_reversed',
  basic_type_in: 'decks.noteType.basic_type_in',
  cloze: 'decks.noteType.cloze',
  image_occlusion: 'decks.noteType.image_occlusion',
};

export const OCCLUSION = 'image_occlusion';
export const DEFAULT_OCCLUSION_MODE: OcclusionMode = 'hide_all_guess_one';

/** The `<select>` value of a note type reference, and back. */
export const typeValue = (ref: NoteTypeRef) => String(ref);
export function typeRefOf(value: string, types: readonly NoteType[]): NoteTypeRef | undefined {
  return types.find((type) => String(type.id) === value)?.id;
}

/** Every field of `type`, from `given` where it has one, else empty. */
export function fieldsFor(type: NoteType, given: NoteFields = {}): NoteFields {
  return Object.fromEntries(type.fields.map((key) => [key, given[key] ?? '']));
}

// ── occlusion ────────────────────────────────────────────────────────────────────────────────

/** A mask as the server stores it (`left`, `top`, `width`, `height`). */
type StoredShape =
  | {
      kind: 'rect' | 'ellipse';
      ordinal: number;
      left: number;
      top: number;
      width: number;
      height: number;
    }
  | { kind: 'polygon'; ordinal: number; points: [number, number][] };

/** The `masks` field's JSON as the editor holds it; empty or unreadable JSON is no masks. */
export function masksFromField(json: string): { mode: OcclusionMode; value: OcclusionValue } {
  try {
    const parsed = JSON.parse(json) as { mode?: unknown; shapes?: unknown };
    const mode =
      parsed.mode === 'hide_one_guess_one' ? 'hide_one_guess_one' : DEFAULT_OCCLUSION_MODE;
    const stored = Array.isArray(parsed.shapes) ? (parsed.shapes as StoredShape[]) : [];
    const shapes = stored.map(
      (s): OcclusionShape =>
        s.kind === 'polygon'
          ? { kind: 'polygon', ordinal: s.ordinal, points: s.points }
          : { kind: s.kind, ordinal: s.ordinal, x: s.left, y: s.top, w: s.width, h: s.height },
    );
    return { mode, value: { shapes } };
  } catch {
    return { mode: DEFAULT_OCCLUSION_MODE, value: { shapes: [] } };
  }
}

/** The editor's masks as the `masks` field stores them. */
export function masksToField(mode: OcclusionMode, value: OcclusionValue): string {
  const shapes = value.shapes.map(
    (s): StoredShape =>
      s.kind === 'polygon'
        ? { kind: 'polygon', ordinal: s.ordinal, points: s.points }
        : { kind: s.kind, ordinal: s.ordinal, left: s.x, top: s.y, width: s.w, height: s.h },
  );
  return JSON.stringify({ mode, shapes });
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The `image` field of an occlusion note holding the uploaded image. */
export const imageField = (url: string) => `<img src="${escapeAttribute(url)}">`;

/** The address of the first image of a field, or null. */
export function imageSrcOf(html: string): string | null {
  const src = /<img\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(html);
  const raw = src?.[1] ?? src?.[2] ?? src?.[3];
  return raw
    ? raw
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&amp;/g, '&')
    : null;
}

// ── tags ─────────────────────────────────────────────────────────────────────────────────────

/** The tags in typed text: split at commas and white space (a tag has none), blanks dropped. */
export const tagsOfText = (text: string) => text.split(/[\s,]+/).filter((tag) => tag.length > 0);

/** `tags` with `added` after them, each once, in order. */
export const withTags = (tags: readonly string[], added: readonly string[]) => [
  ...new Set([...tags, ...added]),
];

// ── which dialog edits a card ────────────────────────────────────────────────────────────────

/** HTML the server makes of plain text: escaped characters and line breaks only. */
const PLAIN_HTML = /^(?:[^<]|<br\s*\/?>)*$/i;

/**
 * True for the note behind a card made by the spec's card form (a `basic` note of plain text):
 * the card dialog edits it, with its images. Any other note opens in the note editor.
 */
export const isPlainCardNote = (note: Note) =>
  note.note_type === 'basic' && Object.values(note.fields).every((html) => PLAIN_HTML.test(html));
