/**
 * What the import's child process does with an uploaded package (`import-child.ts`), and how the
 * server reads its answer back. The child reads the package in the import's folder, checks each
 * media file a note uses as an upload is checked (images decoded and encoded again in place),
 * renders every note (fields sanitised, cards by ordinal) and writes the collection as NDJSON
 * into `collection.ndjson` in the same folder, one line a review, skipped note, media or note, in
 * that order. The server then reads that file line by line (`openCollectionFile`): the reviews
 * into a few typed arrays (21 bytes a review instead of an object and a Date), the notes a batch
 * at a time as it writes them; the media stay files.
 * A package refused for a known reason is an answer (`refused`), not an error, so its reason and
 * text cross the process boundary intact.
 */
import { closeSync, createReadStream, openSync, writeSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import {
  checkMedia,
  DEFAULT_MEDIA_LIMITS,
  MediaError,
  mediaHash,
  mediaUrl,
} from '../domain/decks/media.ts';
import {
  cleanFields,
  NoteFieldsError,
  type NoteTypeSpec,
  type RenderedCard,
  renderNote,
} from '../domain/notes/render.ts';
import { convertLatex, withMediaUrls } from './anki-notes.ts';
import {
  type AnkiCollection,
  type AnkiErrorReason,
  type AnkiNoteTypeRef,
  type AnkiOwnType,
  AnkiPackageError,
  type AnkiSkipReason,
  readAnkiPackage,
} from './package-reader.ts';

/** The file the child writes the collection into, in the import's folder. */
export const COLLECTION_FILE = 'collection.ndjson';

export interface ReadJobInput {
  /** The uploaded package (removed once read). */
  file: string;
  /** The import's folder, where the child works and writes `collection.ndjson`. */
  dir: string;
}

export type ReadJobAnswer =
  | { kind: 'read'; file: string }
  | { kind: 'refused'; reason: AnkiErrorReason; message: string };

/** A media file as it is stored: checked (an image encoded again), in its file, by hash. */
export interface ImportMedia {
  hash: string;
  mime: string;
  file: string;
}

/** A card of an imported note, rendered, with Anki's queue state. */
export interface ImportCard extends RenderedCard {
  ankiId: number;
  suspended: boolean;
  buried: boolean;
}

/** A note as the server writes it: clean fields, its cards rendered, the media it uses. */
export interface ImportNote {
  ankiId: number;
  deck: string;
  type: AnkiNoteTypeRef;
  fields: Record<string, string>;
  tags: string[];
  /** The hashes of the media its fields show. */
  media: string[];
  cards: ImportCard[];
}

/** One line of the NDJSON file: the head first, then each review, skipped note, media, note. */
type Line =
  | {
      head: {
        format: AnkiCollection['format'];
        decks: string[];
        reviews: number;
        ownTypes: AnkiOwnType[];
      };
    }
  | { note: ImportNote }
  | { media: ImportMedia }
  | { review: { cardAnkiId: number; rating: number; at: number; answerTimeMs: number } }
  | { skipped: AnkiCollection['skipped'][number] };

/**
 * Each media file checked as an upload is (`checkMedia`: an image decoded and encoded again, a
 * sound recognised by its bytes) and rewritten in place as stored; by its name in the package.
 * A file that is neither is left out (the notes showing it are listed as `unsupported_media`).
 */
async function checkPackageMedia(collection: AnkiCollection): Promise<Map<string, ImportMedia>> {
  const checked = new Map<string, ImportMedia>();
  for (const [name, media] of collection.media) {
    try {
      const stored = await checkMedia(await readFile(media.file), DEFAULT_MEDIA_LIMITS);
      await writeFile(media.file, stored.bytes);
      checked.set(name, { hash: mediaHash(stored.bytes), mime: stored.mime, file: media.file });
    } catch (error) {
      if (!(error instanceof MediaError)) throw error;
    }
  }
  return checked;
}

const specOf = (type: AnkiNoteTypeRef, own: readonly AnkiOwnType[]): NoteTypeSpec => {
  if (type.kind === 'stock') return { kind: 'stock', key: type.key };
  const t = own[type.index] as AnkiOwnType;
  return { kind: 'custom', id: type.index, ...t };
};

/**
 * The collection's notes as Memoria's: media names as URLs, `[sound:…]` as audio, LaTeX as
 * KaTeX's math, fields sanitised and rendered (`renderNote`) into cards matched to Anki's by
 * ordinal. What is left out is added to `collection.skipped`.
 */
function renderNotes(
  collection: AnkiCollection,
  media: ReadonlyMap<string, ImportMedia>,
): ImportNote[] {
  const listed = new Set(collection.skipped.map((s) => `${s.noteId}:${s.reason}`));
  const skip = (noteId: number, reason: AnkiSkipReason) => {
    if (listed.has(`${noteId}:${reason}`)) return;
    listed.add(`${noteId}:${reason}`);
    collection.skipped.push({ noteId, reason });
  };
  const out: ImportNote[] = [];
  for (const note of collection.notes) {
    const used = new Set<string>();
    const urlOf = (name: string) => {
      const found = media.get(name);
      if (!found) {
        if (collection.media.has(name)) skip(note.ankiId, 'unsupported_media');
        return null;
      }
      used.add(found.hash);
      return mediaUrl(found.hash);
    };
    const raw: Record<string, string> = {};
    for (const [key, value] of Object.entries(note.fields)) {
      if (note.type.kind === 'stock' && key === 'masks') {
        raw[key] = value;
        continue;
      }
      const latex = convertLatex(withMediaUrls(value, urlOf));
      if (latex.keptSource) skip(note.ankiId, 'latex_source');
      raw[key] = latex.html;
    }
    const spec = specOf(note.type, collection.ownTypes);
    let fields: Record<string, string>;
    let rendered: RenderedCard[];
    try {
      fields = cleanFields(spec, raw);
      rendered = renderNote(spec, fields, note.tags);
    } catch (error) {
      if (!(error instanceof NoteFieldsError)) throw error;
      skip(note.ankiId, 'note_type' in error.fields ? 'unsupported_template' : 'empty');
      continue;
    }
    const byOrdinal = new Map(rendered.map((c) => [c.ordinal, c]));
    const cards: ImportCard[] = [];
    for (const ref of note.cards) {
      const card = byOrdinal.get(ref.ordinal);
      if (!card) {
        skip(note.ankiId, 'empty');
        continue;
      }
      byOrdinal.delete(ref.ordinal);
      cards.push({
        ...card,
        ankiId: ref.ankiId,
        suspended: ref.queue === -1,
        buried: ref.queue === -2 || ref.queue === -3,
      });
    }
    if (cards.length === 0) continue;
    out.push({
      ankiId: note.ankiId,
      deck: note.deck,
      type: note.type,
      fields,
      tags: note.tags,
      media: [...used],
      cards,
    });
  }
  return out;
}

/** Lines are written this many at a time: a few hundred KB of text in memory at once. */
const LINES_PER_WRITE = 1_000;

function writeCollectionFile(
  file: string,
  collection: AnkiCollection,
  media: ReadonlyMap<string, ImportMedia>,
  notes: readonly ImportNote[],
): void {
  const fd = openSync(file, 'w');
  try {
    let batch: string[] = [];
    const put = (line: Line) => {
      batch.push(JSON.stringify(line));
      if (batch.length < LINES_PER_WRITE) return;
      writeSync(fd, `${batch.join('\n')}\n`);
      batch = [];
    };
    const kept = new Set(notes.flatMap((n) => n.cards.map((c) => c.ankiId)));
    const reviews = collection.reviews.filter((r) => kept.has(r.cardAnkiId));
    const { format, decks, ownTypes } = collection;
    put({ head: { format, decks, reviews: reviews.length, ownTypes } });
    // The reviews first: the server needs each card's first review before it writes the card.
    for (const r of reviews) {
      const { cardAnkiId, rating, answerTimeMs } = r;
      put({ review: { cardAnkiId, rating, at: r.reviewedAt.getTime(), answerTimeMs } });
    }
    for (const skipped of collection.skipped) put({ skipped });
    const written = new Set<string>();
    for (const m of media.values()) {
      if (written.has(m.hash)) continue;
      written.add(m.hash);
      put({ media: m });
    }
    for (const note of notes) put({ note });
    if (batch.length > 0) writeSync(fd, `${batch.join('\n')}\n`);
  } finally {
    closeSync(fd);
  }
}

/** The child's job: reads the package, checks its media, renders its notes, writes the file. */
export async function readPackageIntoFolder({ file, dir }: ReadJobInput): Promise<ReadJobAnswer> {
  try {
    const collection = await readAnkiPackage(file, dir);
    await rm(file); // all it holds that the import needs is unpacked into `dir` now
    const media = await checkPackageMedia(collection);
    const notes = renderNotes(collection, media);
    collection.notes = [];
    const out = path.join(dir, COLLECTION_FILE);
    writeCollectionFile(out, collection, media, notes);
    return { kind: 'read', file: out };
  } catch (error) {
    if (!(error instanceof AnkiPackageError)) throw error;
    return { kind: 'refused', reason: error.reason, message: error.message };
  }
}

/** The history of a collection, a column per field, in time order. */
export interface ReviewColumns {
  length: number;
  cardAnkiId: Float64Array;
  rating: Uint8Array;
  /** When, in ms since 1970. */
  at: Float64Array;
  answerTimeMs: Float64Array;
}

/** The collection the child wrote, opened: all but its cards read, the cards to stream. */
export interface CollectionFile {
  format: AnkiCollection['format'];
  decks: string[];
  ownTypes: AnkiOwnType[];
  reviews: ReviewColumns;
  skipped: AnkiCollection['skipped'];
  /** The media the notes use, by hash (the bytes stay in their files). */
  media: Map<string, ImportMedia>;
  /** The notes in the reader's order, `size` at a time (the last batch may be shorter); once. */
  notes(size: number): AsyncGenerator<ImportNote[]>;
  /** Lets the file go, whether or not its cards were read. */
  close(): void;
}

/**
 * Opens the collection file the child wrote: reads its head, reviews and skipped notes, and
 * leaves the cards to `cards`, which reads on from there. The file is read once, line by line.
 */
export async function openCollectionFile(file: string): Promise<CollectionFile> {
  const input = createReadStream(file);
  const lines = createInterface({ input, crlfDelay: Infinity });
  const parsed = (async function* () {
    for await (const text of lines) if (text) yield JSON.parse(text) as Line;
  })();
  const first = await parsed.next();
  if (first.done || !('head' in first.value)) throw new Error(`${file} has no head line`);
  const { head } = first.value;
  const n = head.reviews;
  const reviews: ReviewColumns = {
    length: n,
    cardAnkiId: new Float64Array(n),
    rating: new Uint8Array(n),
    at: new Float64Array(n),
    answerTimeMs: new Float64Array(n),
  };
  const skipped: AnkiCollection['skipped'] = [];
  const media = new Map<string, ImportMedia>();
  let i = 0;
  let firstNote: ImportNote | undefined;
  for (;;) {
    const next = await parsed.next();
    if (next.done) break;
    const line = next.value;
    if ('review' in line) {
      reviews.cardAnkiId[i] = line.review.cardAnkiId;
      reviews.rating[i] = line.review.rating;
      reviews.at[i] = line.review.at;
      reviews.answerTimeMs[i] = line.review.answerTimeMs;
      i += 1;
    } else if ('skipped' in line) skipped.push(line.skipped);
    else if ('media' in line) media.set(line.media.hash, line.media);
    else if ('note' in line) {
      firstNote = line.note;
      break;
    }
  }
  if (i !== n) throw new Error(`${file} holds ${i} reviews of the ${n} its head counts`);
  return {
    format: head.format,
    decks: head.decks,
    ownTypes: head.ownTypes,
    reviews,
    skipped,
    media,
    async *notes(size: number) {
      async function* each() {
        if (firstNote) yield firstNote;
        for await (const line of parsed) if ('note' in line) yield line.note;
      }
      let batch: ImportNote[] = [];
      for await (const note of each()) {
        batch.push(note);
        if (batch.length < size) continue;
        yield batch;
        batch = [];
      }
      if (batch.length > 0) yield batch;
    },
    close() {
      lines.close();
      input.destroy();
    },
  };
}
