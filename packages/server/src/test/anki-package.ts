/**
 * The one builder of Anki packages for tests, fixtures and benchmarks, writing the two formats as
 * Anki's `rslib/src/import_export/package` does:
 * - `anki2` (legacy): a schema-11 `collection.anki2` (note types as JSON in `col.models`, decks
 *   in `col.decks`), media stored as they are with a JSON `media` map `{"0": "map.png"}`;
 * - `anki21b` (Anki 2.1.50+): a `meta` file (`PackageMetadata`, version 3), a zstd-compressed
 *   schema-18 `collection.anki21b` (the `decks`, `notetypes`, `fields` and `templates` tables,
 *   configs as protobuf, names declared `collate unicase` as Anki declares them), the stub
 *   `collection.anki2` Anki adds for older versions, each media file compressed with zstd and
 *   the `media` map a zstd-compressed protobuf `MediaEntries` (name, size, SHA-1).
 * Tables carry the columns of Anki's schema; the stock note types are Anki's (`notetype/stock.rs`).
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { zstdCompressSync } from 'node:zlib';
import { zipSync } from 'fflate';
import { type AnkiCollection, type AnkiOwnType, AnkiPackageError } from '../anki/package-reader.ts';
import { ANKI_SCHEMA_11_TABLES } from '../anki/package-writer.ts';
import { encodeMessage } from '../anki/protobuf.ts';
import {
  type ImportCard,
  type ImportNote,
  openCollectionFile,
  readPackageIntoFolder,
} from '../anki/read-job.ts';
import {
  ANKI_BASIC,
  ANKI_BASIC_OPTIONAL_REVERSED,
  ANKI_BASIC_REVERSED,
  ANKI_BASIC_TYPING,
  ANKI_CLOZE,
  ANKI_IMAGE_OCCLUSION,
  type AnkiNoteTypeDefinition,
} from '../anki/stock-notetypes.ts';

export type TestNoteType = AnkiNoteTypeDefinition;

/** Anki's stock note types (ids fixed for the tests). */
export const BASIC = ANKI_BASIC;
export const BASIC_REVERSED = ANKI_BASIC_REVERSED;
export const BASIC_OPTIONAL_REVERSED = ANKI_BASIC_OPTIONAL_REVERSED;
export const BASIC_TYPING = ANKI_BASIC_TYPING;
export const CLOZE = ANKI_CLOZE;
export const IMAGE_OCCLUSION = ANKI_IMAGE_OCCLUSION;
const STOCK = [
  BASIC,
  BASIC_REVERSED,
  BASIC_OPTIONAL_REVERSED,
  BASIC_TYPING,
  CLOZE,
  IMAGE_OCCLUSION,
];

export interface TestNote {
  id: number;
  /** The note type's id; Basic when absent. */
  type?: number;
  fields: string[];
  tags?: string;
  /** Card id, deck id, template ordinal and queue (-1 suspended, -2/-3 buried) of each card. */
  cards: { id: number; deck: number; ord?: number; queue?: number }[];
}

export interface TestCollection {
  decks: Record<number, string>;
  notes: TestNote[];
  /** id (ms timestamp), card id, ease (0 = reschedule), answer time in ms, type. */
  revlog: [number, number, number, number, number][];
  media?: Record<string, Uint8Array>;
  /** Note types besides the stock ones, which every collection has. */
  noteTypes?: TestNoteType[];
}

/**
 * The tables schema 15 added for decks and note types. Their names are `collate unicase` in
 * Anki, a collation SQLite here cannot create: they are made without it and their declarations
 * rewritten afterwards (`withUnicase`).
 */
const SCHEMA_18_TABLES = `
  create table fields (ntid integer not null, ord integer not null, name text not null,
    config blob not null, primary key (ntid, ord)) without rowid;
  create table templates (ntid integer not null, ord integer not null, name text not null,
    mtime_secs integer not null, usn integer not null, config blob not null,
    primary key (ntid, ord)) without rowid;
  create table notetypes (id integer not null primary key, name text not null,
    mtime_secs integer not null, usn integer not null, config blob not null);
  create table decks (id integer primary key not null, name text not null,
    mtime_secs integer not null, usn integer not null, common blob not null, kind blob not null);`;

function withUnicase(db: DatabaseSync) {
  db.enableDefensive(false);
  db.exec('pragma writable_schema = on');
  db.exec(`update sqlite_master set sql = replace(sql, 'name text not null,',
    'name text not null collate unicase,')
    where type = 'table' and name in ('fields', 'templates', 'notetypes', 'decks')`);
  db.exec('pragma writable_schema = off');
}

/** A note type as schema 11's `col.models` holds it, with the keys Anki writes. */
const legacyModel = (t: TestNoteType) => ({
  id: t.id,
  name: t.name,
  type: t.cloze ? 1 : 0,
  ...(t.stockKind ? { originalStockKind: t.stockKind } : {}),
  mod: 0,
  usn: -1,
  sortf: 0,
  did: null,
  tmpls: t.templates.map((tmpl, ord) => ({
    name: tmpl.name,
    ord,
    qfmt: tmpl.question,
    afmt: tmpl.answer,
    bqfmt: '',
    bafmt: '',
    did: null,
    bfont: '',
    bsize: 0,
  })),
  flds: t.fields.map((name, ord) => ({
    name,
    ord,
    sticky: false,
    rtl: false,
    font: 'Arial',
    size: 20,
    media: [],
  })),
  css: '.card { font-family: arial; }',
  latexPre: '',
  latexPost: '',
  latexsvg: false,
  req: [],
  tags: [],
  vers: [],
});

function database(c: TestCollection, schema18: boolean): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'anki-fixture-'));
  const file = path.join(dir, 'c.db');
  const db = new DatabaseSync(file);
  db.exec(ANKI_SCHEMA_11_TABLES);
  if (schema18) db.exec(SCHEMA_18_TABLES);
  const types = [...STOCK, ...(c.noteTypes ?? [])];
  // One transaction and one prepared statement per table: a 100,000-card package in seconds.
  db.exec('begin');
  const col = db.prepare("insert into col values (1, 0, 0, 0, ?, 0, 0, 0, '{}', ?, ?, '{}', '{}')");
  if (schema18) {
    col.run(18, '', '');
    const deck = db.prepare("insert into decks values (?, ?, 0, -1, x'', x'0a00')");
    for (const [id, name] of Object.entries(c.decks)) {
      deck.run(Number(id), name.split('::').join('\x1f'));
    }
    const type = db.prepare('insert into notetypes values (?, ?, 0, -1, ?)');
    const field = db.prepare('insert into fields values (?, ?, ?, ?)');
    const template = db.prepare('insert into templates values (?, ?, ?, 0, -1, ?)');
    const fieldConfig = encodeMessage([
      [3, 'Arial'],
      [4, 20],
    ]);
    for (const t of types) {
      // Notetype.Config: kind = 1 (proto3 leaves out the default 0, normal), css = 3.
      const config = encodeMessage([
        ...(t.cloze ? [[1, 1] as [number, number]] : []),
        [3, ''],
        ...(t.stockKind ? [[9, t.stockKind] as [number, number]] : []),
      ]);
      type.run(t.id, t.name, config);
      t.fields.forEach((name, ord) => {
        field.run(t.id, ord, name, fieldConfig);
      });
      t.templates.forEach((tmpl, ord) => {
        const q = [1, tmpl.question] as [number, string];
        template.run(t.id, ord, tmpl.name, encodeMessage([q, [2, tmpl.answer]]));
      });
    }
  } else {
    const decks = Object.fromEntries(
      Object.entries(c.decks).map(([id, name]) => [id, { id: Number(id), name }]),
    );
    col.run(
      11,
      JSON.stringify(Object.fromEntries(types.map((t) => [t.id, legacyModel(t)]))),
      JSON.stringify(decks),
    );
  }
  const note = db.prepare("insert into notes values (?, ?, ?, 0, -1, ?, ?, ?, 0, 0, '')");
  const card = db.prepare(
    "insert into cards values (?, ?, ?, ?, 0, -1, 0, ?, 0, 0, 0, 0, 0, 0, 0, 0, 0, '')",
  );
  for (const n of c.notes) {
    note.run(
      n.id,
      `guid${n.id}`,
      n.type ?? BASIC.id,
      n.tags ? ` ${n.tags} ` : '',
      n.fields.join('\x1f'),
      n.fields[0] ?? '',
    );
    for (const k of n.cards) card.run(k.id, n.id, k.deck, k.ord ?? 0, k.queue ?? 0);
  }
  const review = db.prepare('insert into revlog values (?, ?, -1, ?, 0, 0, 0, ?, ?)');
  for (const r of c.revlog) review.run(r[0], r[1], r[2], r[3], r[4]);
  db.exec('commit');
  if (schema18) withUnicase(db);
  db.close();
  const bytes = readFileSync(file);
  rmSync(dir, { recursive: true, force: true });
  return bytes;
}

/** What Anki writes as `collection.anki2` beside a newer collection, for versions before 2.1.50. */
const STUB: TestCollection = {
  decks: { 1: 'Default' },
  notes: [
    {
      id: 1,
      fields: [
        'Please update to the latest Anki version, then import the .colpkg/.apkg file again.',
        '',
      ],
      cards: [{ id: 1, deck: 1 }],
    },
  ],
  revlog: [],
};

/** The collection as an `.apkg` in the older SQLite format or the newer zstd `anki21b`. */
export function ankiPackage(c: TestCollection, format: 'anki2' | 'anki21b' = 'anki2'): Uint8Array {
  const media = Object.entries(c.media ?? {});
  if (format === 'anki2') {
    const files: Record<string, Uint8Array> = {
      'collection.anki2': database(c, false),
      media: new TextEncoder().encode(
        JSON.stringify(Object.fromEntries(media.map(([name], i) => [i, name]))),
      ),
    };
    media.forEach(([, bytes], i) => {
      files[String(i)] = bytes;
    });
    return zipSync(files);
  }
  const files: Record<string, Uint8Array> = {
    meta: encodeMessage([[1, 3]]),
    'collection.anki21b': zstdCompressSync(database(c, true)),
    'collection.anki2': database(STUB, false),
  };
  const entries = media.map(([name, bytes], i) => {
    files[String(i)] = zstdCompressSync(bytes);
    const sha1 = createHash('sha1').update(bytes).digest();
    return encodeMessage([
      [1, name],
      [2, bytes.length],
      [3, sha1],
    ]);
  });
  files.media = zstdCompressSync(encodeMessage(entries.map((e) => [1, e])));
  // Anki stores every entry: the collection and media are compressed already.
  return zipSync(files, { level: 0 });
}

const DAY = 86_400_000;

/**
 * A large collection for benchmarks: `cards` basic notes in ten decks under one parent (a deck
 * tree), each card with `reviewsPerCard` good ratings a few days apart, the first ones
 * `cards / 100` days before `end`.
 */
export function largeCollection(
  cards: number,
  reviewsPerCard: number,
  end = Date.UTC(2025, 5, 1),
): TestCollection {
  const decks: Record<number, string> = { 1: 'Bench' };
  for (let d = 0; d < 10; d += 1) decks[d + 2] = `Bench::Part ${d + 1}`;
  const notes: TestNote[] = [];
  const revlog: TestCollection['revlog'] = [];
  const start = end - Math.ceil(cards / 100) * DAY - reviewsPerCard * 4 * DAY;
  for (let i = 0; i < cards; i += 1) {
    const id = 1_000_000 + i;
    notes.push({
      id,
      fields: [`Question ${i + 1}`, `Answer ${i + 1}`],
      cards: [{ id, deck: 2 + (i % 10) }],
    });
    // A hundred new cards a day, each reviewed again 1, 3, 7… days later.
    let at = start + Math.floor(i / 100) * DAY + (i % 100) * 1000;
    for (let r = 0; r < reviewsPerCard; r += 1) {
      revlog.push([at, id, r === 1 ? 1 : 3, 4000, r === 0 ? 0 : 1]);
      at += (2 ** r + 1) * DAY;
    }
  }
  // Anki's revlog ids are unique times: the generated ones collide now and then.
  const seen = new Set<number>();
  for (const r of revlog) {
    while (seen.has(r[0])) r[0] += 1;
    seen.add(r[0]);
  }
  return { decks, notes, revlog };
}

/** A package as the import's child reads it, for tests: notes rendered, media checked. */
export interface ReadPackage {
  format: string;
  decks: string[];
  ownTypes: AnkiOwnType[];
  notes: ImportNote[];
  /** Every note's cards, with their note's deck and Anki id. */
  cards: (ImportCard & { deck: string; noteId: number })[];
  reviews: { cardAnkiId: number; rating: number; reviewedAt: Date }[];
  skipped: AnkiCollection['skipped'];
  /** The media the notes use, by hash. */
  media: Map<string, { mime: string; bytes: Buffer }>;
}

/**
 * What the import's child makes of a package (`readPackageIntoFolder`, read back with
 * `openCollectionFile`), for tests: the package written to a temporary folder, read there, the
 * media's bytes loaded, the folder removed. A refused package throws its `AnkiPackageError`.
 */
export async function readPackageBytes(bytes: Uint8Array): Promise<ReadPackage> {
  const dir = mkdtempSync(path.join(tmpdir(), 'anki-test-'));
  try {
    const file = path.join(dir, 'package');
    writeFileSync(file, bytes);
    const answer = await readPackageIntoFolder({ file, dir });
    if (answer.kind === 'refused') throw new AnkiPackageError(answer.reason, answer.message);
    const read = await openCollectionFile(answer.file);
    try {
      const notes: ImportNote[] = [];
      for await (const batch of read.notes(1000)) notes.push(...batch);
      const { reviews } = read;
      return {
        format: read.format,
        decks: read.decks,
        ownTypes: read.ownTypes,
        notes,
        cards: notes.flatMap((n) => n.cards.map((c) => ({ ...c, deck: n.deck, noteId: n.ankiId }))),
        reviews: Array.from({ length: reviews.length }, (_, i) => ({
          cardAnkiId: reviews.cardAnkiId[i] as number,
          rating: reviews.rating[i] as number,
          reviewedAt: new Date(reviews.at[i] as number),
        })),
        skipped: read.skipped,
        media: new Map(
          [...read.media.values()].map((m) => [
            m.hash,
            { mime: m.mime, bytes: readFileSync(m.file) },
          ]),
        ),
      };
    } finally {
      read.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The time limit of a test that imports or exports a whole package. The import runs in a child
 * process under its own limit (ANKI_IMPORT_TIMEOUT_SECONDS, 300 s), which is the hang guard; at
 * the server project's 30 s a loaded CI machine failed these tests on speed (an export and
 * re-import took 34 s, a 5,003-card import 30.4 s).
 */
export const ANKI_TEST_MS = 120_000;
