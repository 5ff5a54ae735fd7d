/**
 * Reads an Anki package (`.apkg`, `.colpkg`): a zip holding the collection, a SQLite database,
 * and media files named by number with a `media` map. Two formats, as Anki's
 * `rslib/src/import_export/package` reads them:
 * - legacy (no `meta` file, or `meta` version 1 or 2): `collection.anki21` or `collection.anki2`,
 *   media stored as they are, the map JSON (`{"0": "map.png"}`);
 * - latest (`meta` version 3, Anki 2.1.50+; also `collection.anki21b` without `meta`): the
 *   collection `collection.anki21b`, every media file and the map compressed with zstd, the map a
 *   protobuf `MediaEntries` whose n-th entry names zip file `n`. (Anki writes a stub
 *   `collection.anki2` beside it for older versions, which is not read.)
 * Out come decks (a `::` tree), the notes with their note types (stock types recognised,
 * custom ones as own types: `anki-notes.ts`), fields, tags and cards (ordinal, deck, queue),
 * every media file they refer to, and the review history; the import's child renders the
 * notes (read-job.ts). Every bound is checked before the work it guards, and a bad file throws
 * `AnkiPackageError` naming why. The package is read from a file, one zip entry at a time: the
 * collection is inflated into the caller's work folder and opened there, each media file a note uses
 * is written there once; nothing of the package is held in memory but the small entries (`meta`,
 * the media map) and one media file at a time. The caller removes the folder.
 */
import { closeSync, openSync, readSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Transform } from 'node:stream';
import { createZstdDecompress, zstdDecompressSync } from 'node:zlib';
import type { StockNoteTypeKey } from '../domain/notes/stock-types.ts';
import { parseTemplate, TemplateError } from '../domain/notes/template.ts';
import {
  type AnkiNoteTypeSource,
  mediaNamesOf,
  memoriaOrdinal,
  occlusionMasks,
  STOCK_FIELD_ORDER,
  stockTypeOf,
} from './anki-notes.ts';
import { decodeMessage, protoBytesList, protoString, protoUint } from './protobuf.ts';
import { type ZipEntry, ZipFile, ZipFormatError } from './zip-file.ts';

export const ANKI_LIMITS = {
  /** Largest package accepted (the issue asks for at least 200 MB). */
  packageBytes: 256 * 1024 * 1024,
  /** Largest sum of the declared uncompressed sizes of the entries read (zip bombs stop here). */
  unpackedBytes: 1024 * 1024 * 1024,
  /** Largest uncompressed size of one entry relative to its compressed size. */
  ratio: 200,
  cards: 100_000,
  reviews: 2_000_000,
  /** One media file as the package stores it (a sound is at most 32 MiB, an image 2 MiB). */
  mediaBytes: 32 * 1024 * 1024,
} as const;

export type AnkiErrorReason =
  | 'too_large'
  | 'not_a_zip'
  | 'no_collection'
  | 'corrupt_collection'
  | 'too_many_cards'
  | 'media_type'
  | 'corrupt_media';

/**
 * The English text of each reason (the error's `fields.file`); `http/messages.ts` gives each its
 * own `FieldErrorCode` (`anki_<reason>`), which the client translates.
 */
export const ANKI_MESSAGES = {
  fileRequired: 'Attach the Anki package (.apkg or .colpkg) as a file.',
  tooLarge: 'The package is larger than 256 MB.',
  unpacksTooLarge: 'The package unpacks to more than 1 GB.',
  notAZip: 'The file is not a zip archive (.apkg or .colpkg).',
  damagedZip: 'The zip archive is damaged.',
  noCollection: 'The zip holds no Anki collection.',
  notDecompressed: 'The collection could not be decompressed.',
  notADatabase: 'The collection is not a valid database.',
  unreadable: 'The collection could not be read.',
  badMeta: 'The package metadata (meta) could not be read.',
  corruptMedia: 'The media of the package could not be read.',
  /** Its reader crashed or ran out of memory on it (a child process: anki/import-process.ts). */
  readerStopped: 'The package could not be read: reading it stopped the reader.',
  tooManyCards: (n: number) =>
    `The package has ${n} cards; at most ${ANKI_LIMITS.cards} are imported at once.`,
  mediaType: (name: string) =>
    `The media ${name} is not a PNG, JPEG, WebP or GIF image of at most 2 MiB nor a sound of at most 32 MiB.`,
} as const;

export class AnkiPackageError extends Error {
  readonly reason: AnkiErrorReason;
  constructor(reason: AnkiErrorReason, message: string) {
    super(message);
    this.reason = reason;
  }
}

/** A media file a note refers to, written once (whatever the notes using it) into the work folder. */
export interface AnkiMedia {
  /** Its name in the package (`map.png`, `word.mp3`). */
  name: string;
  file: string;
}

/** One Anki card of a note: its ordinal in Memoria, its deck and Anki's queue (-1 suspended, -2/-3 buried). */
export interface AnkiCardRef {
  ankiId: number;
  ordinal: number;
  deck: string;
  queue: number;
}

export type AnkiNoteTypeRef =
  | { kind: 'stock'; key: StockNoteTypeKey }
  | { kind: 'custom'; index: number };

/** A learner's own note type the import creates: one per Anki template of a custom note type. */
export interface AnkiOwnType {
  name: string;
  fields: string[];
  frontTemplate: string;
  backTemplate: string;
}

/**
 * An Anki note: its fields by Memoria's keys (a stock type's `front`, `text`…, an own type's
 * Anki field names) still as Anki's HTML, with media referred to by name; the image occlusion
 * `masks` field already as Memoria's JSON.
 */
export interface AnkiNote {
  ankiId: number;
  /** The deck of its first card (a Memoria note's cards share a deck). */
  deck: string;
  type: AnkiNoteTypeRef;
  fields: Record<string, string>;
  tags: string[];
  cards: AnkiCardRef[];
}

export interface AnkiReview {
  cardAnkiId: number;
  /** 1 again … 4 easy. */
  rating: number;
  reviewedAt: Date;
  answerTimeMs: number;
}

/**
 * Why a note (or one of its cards) was not imported, or what of it was not: a card with nothing to
 * ask (`empty`); a `[latex]` that is not math, kept as its source (`latex_source`); a media file
 * the package lacks (`missing_media`) or that is no image or sound Memoria keeps, such as a video
 * (`unsupported_media`), left out of the field; a template this reader cannot render, or a note
 * type or template the collection lacks (`unsupported_template`).
 */
export type AnkiSkipReason =
  | 'empty'
  | 'latex_source'
  | 'missing_media'
  | 'unsupported_media'
  | 'unsupported_template';

export interface AnkiSkipped {
  noteId: number;
  reason: AnkiSkipReason;
}

export interface AnkiCollection {
  format: 'anki2' | 'anki21' | 'anki21b';
  decks: string[];
  ownTypes: AnkiOwnType[];
  notes: AnkiNote[];
  /** Every media file a note refers to that the package has, by name. */
  media: Map<string, AnkiMedia>;
  reviews: AnkiReview[];
  skipped: AnkiSkipped[];
}

const COLLECTIONS = ['collection.anki21b', 'collection.anki21', 'collection.anki2'] as const;
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

type Entries = Map<string, ZipEntry>;

/** Largest media map (JSON or zstd protobuf) read: 64 MB is far past 100,000 entries. */
const MEDIA_MAP_BYTES = 64 * 1024 * 1024;

/** The first bytes of the file, to tell a zip from anything else before reading further. */
function startsLikeZip(file: string): boolean {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(4);
    readSync(fd, head, 0, 4, 0);
    return ZIP_MAGIC.every((b, i) => head[i] === b);
  } finally {
    closeSync(fd);
  }
}

/** The zip's directory, and its entries the reader uses, each checked against the bounds. */
function openZip(file: string): { zip: ZipFile; entries: Entries } {
  const size = statSync(file).size;
  if (size > ANKI_LIMITS.packageBytes) {
    throw new AnkiPackageError('too_large', ANKI_MESSAGES.tooLarge);
  }
  if (!startsLikeZip(file)) throw new AnkiPackageError('not_a_zip', ANKI_MESSAGES.notAZip);
  let zip: ZipFile;
  try {
    zip = ZipFile.open(file, size);
  } catch (error) {
    if (!(error instanceof ZipFormatError)) throw error;
    throw new AnkiPackageError('not_a_zip', ANKI_MESSAGES.damagedZip);
  }
  const entries: Entries = new Map();
  let unpacked = 0;
  for (const entry of zip.entries) {
    const wanted =
      (COLLECTIONS as readonly string[]).includes(entry.name) ||
      entry.name === 'media' ||
      entry.name === 'meta' ||
      /^\d+$/.test(entry.name);
    if (!wanted) continue;
    unpacked += entry.size;
    if (
      unpacked > ANKI_LIMITS.unpackedBytes ||
      entry.size > Math.max(1024 * 1024, entry.compressedSize * ANKI_LIMITS.ratio)
    ) {
      zip.close();
      throw new AnkiPackageError('too_large', ANKI_MESSAGES.unpacksTooLarge);
    }
    entries.set(entry.name, entry);
  }
  return { zip, entries };
}

/**
 * Whether the package is of the latest format: Anki's `meta` (a `PackageMetadata` whose field 1
 * is the version) says 3; without `meta`, a `collection.anki21b` says so.
 */
function isLatest(zip: ZipFile, entries: Entries): boolean {
  const meta = entries.get('meta');
  if (!meta) return entries.has('collection.anki21b');
  try {
    if (meta.size > 1024 * 1024) throw new Error('meta too large');
    return protoUint(decodeMessage(zip.readSync(meta)), 1) === 3;
  } catch (error) {
    if (error instanceof ZipFormatError) throw error;
    throw new AnkiPackageError('corrupt_collection', ANKI_MESSAGES.badMeta);
  }
}

const corruptMedia = () => new AnkiPackageError('corrupt_media', ANKI_MESSAGES.corruptMedia);

/**
 * The media map: each file's name to the zip entry that holds it. Latest: the zstd-compressed
 * protobuf `MediaEntries { repeated MediaEntry entries = 1 }`, `MediaEntry { string name = 1;
 * uint32 size = 2; bytes sha1 = 3; }`, entry n in zip file `n`; like Anki, a name with a path in
 * it or a SHA-1 that is not 20 bytes makes the map corrupt. Legacy: JSON `{"n": name}`. A package
 * without `media` has none.
 */
function mediaMap(zip: ZipFile, entries: Entries, latest: boolean): Map<string, string> {
  const map = new Map<string, string>();
  const entry = entries.get('media');
  if (!entry) return map;
  if (entry.size > MEDIA_MAP_BYTES) throw corruptMedia();
  const bytes = zip.readSync(entry);
  if (latest) {
    try {
      const raw = zstdDecompressSync(bytes, { maxOutputLength: MEDIA_MAP_BYTES });
      protoBytesList(decodeMessage(raw), 1).forEach((entry, index) => {
        const fields = decodeMessage(entry);
        const name = protoString(fields, 1);
        const sha1 = protoBytesList(fields, 3).at(-1);
        if (!name || /[/\\]|^\.\.?$/.test(name) || sha1?.length !== 20) throw corruptMedia();
        map.set(name, String(index));
      });
    } catch (error) {
      if (error instanceof AnkiPackageError) throw error;
      throw corruptMedia();
    }
    return map;
  }
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw corruptMedia();
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw corruptMedia();
  for (const [index, name] of Object.entries(json)) {
    if (typeof name !== 'string' || !/^\d+$/.test(index)) throw corruptMedia();
    map.set(name, index);
  }
  return map;
}

/** HTML of a field as plain text: breaks and blocks become new lines, entities decoded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(br|\/div|\/p|\/li)\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * Schema 18 declares names `collate unicase`, a collation Anki registers itself and SQLite here
 * cannot: a table `without rowid` with such a column (`fields`, `templates`) cannot even be
 * scanned ("no query solution"). In this temporary copy the declarations become
 * `collate nocase`; the reader never sorts or compares by a name, so what it reads is the same.
 */
function withoutUnicase(file: string) {
  const db = new DatabaseSync(file);
  try {
    const rows = db
      .prepare("select type, name, sql from sqlite_master where sql like '%unicase%'")
      .all() as { type: string; name: string; sql: string }[];
    if (rows.length === 0) return;
    db.enableDefensive(false);
    db.exec('pragma writable_schema = on');
    const update = db.prepare('update sqlite_master set sql = ? where type = ? and name = ?');
    for (const row of rows) {
      update.run(row.sql.replace(/collate\s+unicase/gi, 'collate nocase'), row.type, row.name);
    }
    db.exec('pragma writable_schema = off');
  } finally {
    db.close();
  }
}

/** Fails once more than `limit` bytes pass: a zstd collection is bounded as an entry is. */
function limitTo(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _, done) {
      seen += chunk.length;
      if (seen > limit) done(new Error('collection larger than allowed'));
      else done(null, chunk);
    },
  });
}

/** The collection inflated (and for `anki21b` zstd-decompressed) into `dir`, and opened there. */
async function openCollection(zip: ZipFile, entries: Entries, latest: boolean, dir: string) {
  const name = (
    latest
      ? (['collection.anki21b'] as const)
      : (['collection.anki21', 'collection.anki2'] as const)
  ).find((n) => entries.has(n));
  if (!name) {
    throw new AnkiPackageError('no_collection', ANKI_MESSAGES.noCollection);
  }
  const entry = entries.get(name) as ZipEntry;
  const file = path.join(dir, 'collection.sqlite');
  if (name === 'collection.anki21b') {
    try {
      await zip.extract(entry, file, createZstdDecompress(), limitTo(ANKI_LIMITS.unpackedBytes));
    } catch (error) {
      if (error instanceof ZipFormatError) throw error;
      throw new AnkiPackageError('corrupt_collection', ANKI_MESSAGES.notDecompressed);
    }
  } else {
    await zip.extract(entry, file);
  }
  try {
    withoutUnicase(file);
    const db = new DatabaseSync(file, { readOnly: true });
    return { format: name.slice('collection.'.length) as AnkiCollection['format'], db };
  } catch {
    throw new AnkiPackageError('corrupt_collection', ANKI_MESSAGES.notADatabase);
  }
}

type Row = Record<string, unknown>;

const hasTable = (db: DatabaseSync, name: string) =>
  (
    db
      .prepare("select count(*) as n from sqlite_master where type = 'table' and name = ?")
      .get(name) as { n: number }
  ).n > 0;

/** Deck names by id: the `decks` table (newer collections) or the JSON in `col.decks`. */
function deckNames(db: DatabaseSync): Map<number, string> {
  const names = new Map<number, string>();
  if (hasTable(db, 'decks')) {
    for (const row of db.prepare('select id, name from decks').all() as Row[]) {
      names.set(Number(row.id), String(row.name).split('\x1f').join('::'));
    }
  } else {
    const col = db.prepare('select decks from col').get() as { decks: string } | undefined;
    for (const deck of Object.values(JSON.parse(col?.decks ?? '{}')) as Row[]) {
      names.set(Number(deck.id), String(deck.name));
    }
  }
  return names;
}

type NoteType = AnkiNoteTypeSource;

/**
 * The note types by id: schema 18 keeps them in the `notetypes`, `fields` and `templates` tables
 * (configs as protobuf: `Notetype.Config.kind = 1`, 1 for cloze; `Template.Config.q_format = 1`,
 * `a_format = 2`), schema 11 as JSON in `col.models`.
 */
function noteTypes(db: DatabaseSync): Map<number, NoteType> {
  const types = new Map<number, NoteType>();
  if (hasTable(db, 'notetypes')) {
    for (const row of db.prepare('select id, name, config from notetypes').all() as Row[]) {
      const config = decodeMessage(row.config as Uint8Array);
      types.set(Number(row.id), {
        name: String(row.name),
        cloze: protoUint(config, 1) === 1,
        stockKind: protoUint(config, 9) ?? 0,
        fields: [],
        templates: new Map(),
      });
    }
    for (const row of db.prepare('select ntid, ord, name from fields').all() as Row[]) {
      const type = types.get(Number(row.ntid));
      if (type) type.fields[Number(row.ord)] = String(row.name);
    }
    for (const row of db.prepare('select ntid, ord, name, config from templates').all() as Row[]) {
      const config = decodeMessage(row.config as Uint8Array);
      types.get(Number(row.ntid))?.templates.set(Number(row.ord), {
        name: String(row.name),
        question: protoString(config, 1),
        answer: protoString(config, 2),
      });
    }
    return types;
  }
  const col = db.prepare('select models from col').get() as { models: string } | undefined;
  for (const model of Object.values(JSON.parse(col?.models || '{}')) as Row[]) {
    const fields: string[] = [];
    for (const f of (model.flds ?? []) as Row[]) fields[Number(f.ord)] = String(f.name);
    types.set(Number(model.id), {
      name: String(model.name),
      cloze: Number(model.type) === 1,
      stockKind: Number(model.originalStockKind ?? 0) || 0,
      fields,
      templates: new Map(
        ((model.tmpls ?? []) as Row[]).map((t) => [
          Number(t.ord),
          { name: String(t.name), question: String(t.qfmt), answer: String(t.afmt) },
        ]),
      ),
    });
  }
  return types;
}

/**
 * Reads the package in `file`, working in `dir` (an empty folder the caller owns and removes):
 * the collection and every media file a note refers to are written there.
 */
export async function readAnkiPackage(file: string, dir: string): Promise<AnkiCollection> {
  const { zip, entries } = openZip(file);
  let opened: DatabaseSync | undefined;
  try {
    const latest = isLatest(zip, entries);
    const collection = await openCollection(zip, entries, latest, dir);
    const { db } = collection;
    opened = db;
    const mediaNames = mediaMap(zip, entries, latest);
    /** A media file's bytes, or null when the map or the zip lacks it. */
    const mediaFile = (name: string): Uint8Array | null => {
      const entry = entries.get(mediaNames.get(name) ?? '');
      if (!entry) return null;
      // Checked before reading: a sound is at most 32 MiB (its zstd form hardly larger).
      if (entry.size > ANKI_LIMITS.mediaBytes + 64 * 1024) {
        throw new AnkiPackageError('media_type', ANKI_MESSAGES.mediaType(name));
      }
      const data = zip.readSync(entry);
      if (!latest) return data;
      try {
        return zstdDecompressSync(data, { maxOutputLength: ANKI_LIMITS.mediaBytes + 1 });
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
          throw new AnkiPackageError('media_type', ANKI_MESSAGES.mediaType(name));
        }
        throw corruptMedia();
      }
    };
    /** Each media file a note refers to, by name: written into `dir` once; null when absent. */
    const media = new Map<string, AnkiMedia>();
    const absent = new Set<string>();
    const mediaOf = (name: string): AnkiMedia | null => {
      const known = media.get(name);
      if (known || absent.has(name)) return known ?? null;
      const data = mediaFile(name);
      if (!data) {
        absent.add(name);
        return null;
      }
      const found = { name, file: path.join(dir, `media-${media.size}`) };
      writeFileSync(found.file, data);
      media.set(name, found);
      return found;
    };

    const count = db.prepare('select count(*) as n from cards').get() as { n: number };
    if (count.n > ANKI_LIMITS.cards) {
      throw new AnkiPackageError('too_many_cards', ANKI_MESSAGES.tooManyCards(count.n));
    }
    const decks = deckNames(db);
    const types = noteTypes(db);
    const skipped: AnkiSkipped[] = [];
    const skippedKeys = new Set<string>();
    const skip = (noteId: number, reason: AnkiSkipReason) => {
      if (skippedKeys.has(`${noteId}:${reason}`)) return;
      skippedKeys.add(`${noteId}:${reason}`);
      skipped.push({ noteId, reason });
    };
    // Each Anki note type as a stock type, or as own types (one per template: an own type of
    // Memoria has one front and one back template; a cloze one makes a card per number).
    const ownTypes: AnkiOwnType[] = [];
    const kinds = new Map<number, { stock: StockNoteTypeKey } | { own: Map<number, number> }>();
    const kindOf = (typeId: number) => {
      const known = kinds.get(typeId);
      if (known) return known;
      const type = types.get(typeId);
      if (!type) return undefined;
      const stock = stockTypeOf(type);
      if (stock) {
        kinds.set(typeId, { stock });
        return kinds.get(typeId);
      }
      const own = new Map<number, number>();
      const templates = [...type.templates.entries()].sort(([a], [b]) => a - b);
      for (const [ord, t] of templates) {
        try {
          parseTemplate(t.question);
          parseTemplate(t.answer);
        } catch (error) {
          if (!(error instanceof TemplateError)) throw error;
          continue;
        }
        own.set(ord, ownTypes.length);
        ownTypes.push({
          name: (templates.length > 1 ? `${type.name}: ${t.name}` : type.name).slice(0, 100),
          fields: type.fields.filter((f) => f !== undefined),
          frontTemplate: t.question,
          backTemplate: t.answer,
        });
      }
      kinds.set(typeId, { own });
      return kinds.get(typeId);
    };

    const notes: AnkiNote[] = [];
    const cardRows = db
      .prepare(
        `select c.id, c.did, c.ord, c.queue, n.id as nid, n.mid, n.flds, n.tags
         from cards c join notes n on n.id = c.nid order by n.id, c.ord, c.id`,
      )
      .all() as Row[];
    // The Memoria notes of the Anki note being read: one, or one per template of an own type.
    let currentId = -1;
    let byKey = new Map<string, AnkiNote>();
    for (const row of cardRows) {
      const noteId = Number(row.nid);
      if (currentId !== noteId) {
        currentId = noteId;
        byKey = new Map();
      }
      const type = types.get(Number(row.mid));
      const kind = kindOf(Number(row.mid));
      const ankiOrd = Number(row.ord);
      if (!type || !kind) {
        skip(noteId, 'unsupported_template');
        continue;
      }
      // A card of a template its note type lacks.
      if (!type.cloze && !type.templates.has(ankiOrd)) {
        skip(noteId, 'unsupported_template');
        continue;
      }
      let ref: AnkiNoteTypeRef;
      if ('stock' in kind) ref = { kind: 'stock', key: kind.stock };
      else {
        const index = type.cloze ? kind.own.get(0) : kind.own.get(ankiOrd);
        if (index === undefined) {
          skip(noteId, 'unsupported_template');
          continue;
        }
        ref = { kind: 'custom', index };
      }
      const key = ref.kind === 'stock' ? ref.key : String(ref.index);
      const deck = decks.get(Number(row.did)) ?? 'Default';
      const ordinal = ref.kind === 'custom' && !type.cloze ? 1 : memoriaOrdinal(ankiOrd);
      const card = { ankiId: Number(row.id), ordinal, deck, queue: Number(row.queue ?? 0) };
      const known = byKey.get(key);
      if (known) {
        known.cards.push(card);
        continue;
      }
      const values = String(row.flds).split('\x1f');
      const fields: Record<string, string> = {};
      const keys =
        ref.kind === 'stock' ? STOCK_FIELD_ORDER[ref.key] : type.fields.map((f) => f ?? null);
      keys.forEach((k, i) => {
        if (k !== null) fields[k] = values[i] ?? '';
      });
      if (ref.kind === 'stock' && ref.key === 'image_occlusion') {
        const masks = occlusionMasks(fields.masks ?? '');
        if (!masks) {
          skip(noteId, 'empty');
          continue;
        }
        fields.masks = JSON.stringify(masks);
      }
      for (const [k, value] of Object.entries(fields)) {
        if (k === 'masks' && ref.kind === 'stock') continue;
        for (const name of mediaNamesOf(value)) {
          if (!mediaOf(name)) skip(noteId, 'missing_media');
        }
      }
      const tags = String(row.tags ?? '')
        .trim()
        .split(/\s+/)
        .filter(Boolean);
      const note: AnkiNote = { ankiId: noteId, deck, type: ref, fields, tags, cards: [card] };
      byKey.set(key, note);
      notes.push(note);
    }
    const kept = new Set(notes.flatMap((n) => n.cards.map((c) => c.ankiId)));
    const reviews: AnkiReview[] = [];
    // ease 0 is a manual reschedule, type 3 a filtered-deck cram without scheduling: not reviews.
    for (const r of db
      .prepare(
        'select id, cid, ease, time from revlog where ease between 1 and 4 and type < 3 order by id',
      )
      .all() as Row[]) {
      if (!kept.has(Number(r.cid))) continue;
      if (reviews.length >= ANKI_LIMITS.reviews) break;
      reviews.push({
        cardAnkiId: Number(r.cid),
        rating: Number(r.ease),
        reviewedAt: new Date(Number(r.id)),
        answerTimeMs: Math.max(0, Number(r.time)),
      });
    }
    const usedDecks = [...new Set(notes.map((n) => n.deck))].sort();
    return {
      format: collection.format,
      decks: usedDecks,
      ownTypes,
      notes,
      media,
      reviews,
      skipped,
    };
  } catch (error) {
    if (error instanceof AnkiPackageError) throw error;
    if (error instanceof ZipFormatError) {
      throw new AnkiPackageError('not_a_zip', ANKI_MESSAGES.damagedZip);
    }
    // A damaged table, JSON or protobuf config: whatever broke, the collection is unreadable.
    throw new AnkiPackageError('corrupt_collection', ANKI_MESSAGES.unreadable);
  } finally {
    opened?.close();
    zip.close();
  }
}
