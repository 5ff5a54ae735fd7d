/**
 * The one builder of Anki packages for tests, fixtures and benchmarks: a collection database with
 * the tables and columns of Anki's schema that the reader uses, zipped with its media, in the older
 * SQLite format (`collection.anki2`, decks as JSON in `col.decks`) or the newer zstd-compressed
 * `collection.anki21b` (a `decks` table, names split by `\x1f`).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { zstdCompressSync } from 'node:zlib';
import { zipSync } from 'fflate';

export interface TestNote {
  id: number;
  fields: string[];
  /** Card id, deck id and template ordinal of each of the note's cards. */
  cards: { id: number; deck: number; ord?: number }[];
}

export interface TestCollection {
  decks: Record<number, string>;
  notes: TestNote[];
  /** id (ms timestamp), card id, ease (0 = reschedule), answer time in ms, type. */
  revlog: [number, number, number, number, number][];
  media?: Record<string, Uint8Array>;
}

function database(c: TestCollection, decksTable: boolean): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'anki-fixture-'));
  const file = path.join(dir, 'c.db');
  const db = new DatabaseSync(file);
  db.exec(`
    create table col (id integer primary key, decks text not null);
    create table notes (id integer primary key, mid integer not null, flds text not null);
    create table cards (id integer primary key, nid integer not null, did integer not null,
      ord integer not null);
    create table revlog (id integer primary key, cid integer not null, ease integer not null,
      time integer not null, type integer not null);`);
  // One transaction and one prepared statement per table: a 100,000-card package in seconds.
  db.exec('begin');
  if (decksTable) {
    db.exec('create table decks (id integer primary key, name text not null)');
    const deck = db.prepare('insert into decks values (?, ?)');
    for (const [id, name] of Object.entries(c.decks)) {
      deck.run(Number(id), name.split('::').join('\x1f'));
    }
    db.prepare('insert into col values (1, ?)').run('{}');
  } else {
    const json = Object.fromEntries(
      Object.entries(c.decks).map(([id, name]) => [id, { id: Number(id), name }]),
    );
    db.prepare('insert into col values (1, ?)').run(JSON.stringify(json));
  }
  const note = db.prepare('insert into notes values (?, 1, ?)');
  const card = db.prepare('insert into cards values (?, ?, ?, ?)');
  for (const n of c.notes) {
    note.run(n.id, n.fields.join('\x1f'));
    for (const k of n.cards) card.run(k.id, n.id, k.deck, k.ord ?? 0);
  }
  const review = db.prepare('insert into revlog values (?, ?, ?, ?, ?)');
  for (const r of c.revlog) review.run(...r);
  db.exec('commit');
  db.close();
  const bytes = readFileSync(file);
  rmSync(dir, { recursive: true, force: true });
  return bytes;
}

/** The collection as an `.apkg` in the older SQLite format or the newer zstd `anki21b`. */
export function ankiPackage(c: TestCollection, format: 'anki2' | 'anki21b' = 'anki2'): Uint8Array {
  const db = database(c, format === 'anki21b');
  const names = Object.keys(c.media ?? {});
  const files: Record<string, Uint8Array> = {
    [`collection.${format}`]: format === 'anki21b' ? zstdCompressSync(db) : db,
    media: new TextEncoder().encode(
      JSON.stringify(Object.fromEntries(names.map((n, i) => [i, n]))),
    ),
  };
  names.forEach((n, i) => {
    files[String(i)] = c.media?.[n] as Uint8Array;
  });
  return zipSync(files);
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
