/**
 * Small Anki packages built in tests: a collection database with the tables and columns of Anki's
 * schema that the reader uses (as `package-reader.test.ts` builds its own), zipped with its media.
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
  if (decksTable) {
    db.exec('create table decks (id integer primary key, name text not null)');
    for (const [id, name] of Object.entries(c.decks)) {
      db.prepare('insert into decks values (?, ?)').run(Number(id), name.split('::').join('\x1f'));
    }
    db.prepare('insert into col values (1, ?)').run('{}');
  } else {
    const json = Object.fromEntries(
      Object.entries(c.decks).map(([id, name]) => [id, { id: Number(id), name }]),
    );
    db.prepare('insert into col values (1, ?)').run(JSON.stringify(json));
  }
  for (const note of c.notes) {
    db.prepare('insert into notes values (?, 1, ?)').run(note.id, note.fields.join('\x1f'));
    for (const card of note.cards) {
      db.prepare('insert into cards values (?, ?, ?, ?)').run(
        card.id,
        note.id,
        card.deck,
        card.ord ?? 0,
      );
    }
  }
  for (const r of c.revlog) db.prepare('insert into revlog values (?, ?, ?, ?, ?)').run(...r);
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
