import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { zstdCompressSync } from 'node:zlib';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { AnkiPackageError, htmlToText, readAnkiPackage } from './package-reader.ts';

const PNG = readFileSync(path.join(import.meta.dirname, '../providers/ocr/fixtures/notes.png'));
const DAY = 86_400_000;
const T0 = Date.UTC(2025, 0, 6, 10);

/**
 * A collection database with the tables and columns of Anki's schema that the reader uses: two
 * decks (one a child), a basic note with an image, a reversed note (two cards), a cloze note and
 * review history. `decksTable` stores decks as the newer schema does (a `decks` table).
 */
function collection(decksTable: boolean): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'anki-test-'));
  const file = path.join(dir, 'c.db');
  const db = new DatabaseSync(file);
  db.exec(`
    create table col (id integer primary key, decks text not null);
    create table notes (id integer primary key, mid integer not null, flds text not null);
    create table cards (id integer primary key, nid integer not null, did integer not null,
      ord integer not null);
    create table revlog (id integer primary key, cid integer not null, ease integer not null,
      time integer not null, type integer not null);`);
  const decks = { '1': { id: 1, name: 'Geo' }, '2': { id: 2, name: 'Geo::Capitals' } };
  if (decksTable) {
    db.exec('create table decks (id integer primary key, name text not null)');
    db.prepare('insert into decks values (?, ?)').run(1, 'Geo');
    db.prepare('insert into decks values (?, ?)').run(2, 'Geo\x1fCapitals');
    db.prepare('insert into col values (1, ?)').run('{}');
  } else {
    db.prepare('insert into col values (1, ?)').run(JSON.stringify(decks));
  }
  const note = db.prepare('insert into notes values (?, 1, ?)');
  note.run(10, 'Spain<br>(country)\x1f<b>Madrid</b> &amp; more<img src="map.png">');
  note.run(11, 'France\x1fParis');
  note.run(12, '{{c1::Lisbon}} is in Portugal\x1f');
  const card = db.prepare('insert into cards values (?, ?, ?, ?)');
  card.run(100, 10, 2, 0);
  card.run(101, 11, 1, 0);
  card.run(102, 11, 1, 1);
  card.run(103, 12, 1, 0);
  const review = db.prepare('insert into revlog values (?, ?, ?, ?, ?)');
  review.run(T0, 100, 3, 4000, 0);
  review.run(T0 + DAY, 100, 3, 3000, 1);
  review.run(T0 + 4 * DAY, 100, 1, 9000, 1);
  review.run(T0 + 5 * DAY, 100, 0, 0, 4); // a manual reschedule: not a review
  review.run(T0 + 2 * DAY, 101, 4, 2000, 0);
  review.run(T0 + 3 * DAY, 103, 3, 2000, 0); // the cloze card's: skipped with it
  db.close();
  const bytes = readFileSync(file);
  rmSync(dir, { recursive: true, force: true });
  return bytes;
}

function apkg(format: 'anki2' | 'anki21b', media: Record<string, Uint8Array> = { 'map.png': PNG }) {
  const db = collection(format === 'anki21b');
  const names = Object.keys(media);
  const files: Record<string, Uint8Array> = {
    [`collection.${format}`]: format === 'anki21b' ? zstdCompressSync(db) : db,
    media: new TextEncoder().encode(
      JSON.stringify(Object.fromEntries(names.map((n, i) => [i, n]))),
    ),
  };
  names.forEach((n, i) => {
    files[String(i)] = media[n] as Uint8Array;
  });
  return zipSync(files);
}

const reason = (bytes: Uint8Array) => {
  try {
    readAnkiPackage(bytes);
  } catch (error) {
    if (error instanceof AnkiPackageError) return error.reason;
    throw error;
  }
  return 'read';
};

describe('readAnkiPackage', () => {
  it.each(['anki2', 'anki21b'] as const)(
    'reads decks, cards, images and reviews (%s)',
    (format) => {
      const out = readAnkiPackage(apkg(format));
      expect(out.format).toBe(format);
      expect(out.decks).toEqual(['Geo', 'Geo::Capitals']);
      expect(out.cards.map((c) => [c.ankiId, c.deck, c.front, c.back])).toEqual([
        [100, 'Geo::Capitals', 'Spain\n(country)', 'Madrid & more'],
        [101, 'Geo', 'France', 'Paris'],
        [102, 'Geo', 'Paris', 'France'],
      ]);
      expect(out.cards[0]?.backImage?.type).toBe('image/png');
      expect(out.cards[0]?.backImage?.bytes.equals(PNG)).toBe(true);
      expect(out.skipped).toEqual([{ noteId: 12, reason: 'cloze' }]);
      expect(out.reviews.map((r) => [r.cardAnkiId, r.rating, r.reviewedAt.getTime() - T0])).toEqual(
        [
          [100, 3, 0],
          [100, 3, DAY],
          [101, 4, 2 * DAY],
          [100, 1, 4 * DAY],
        ],
      );
    },
  );

  it('names why a bad file is refused', () => {
    expect(reason(new TextEncoder().encode('not a zip at all'))).toBe('not_a_zip');
    expect(reason(zipSync({ 'readme.txt': new TextEncoder().encode('hi') }))).toBe('no_collection');
    expect(
      reason(zipSync({ 'collection.anki2': new TextEncoder().encode('garbage, not SQLite') })),
    ).toBe('corrupt_collection');
    expect(reason(zipSync({ 'collection.anki21b': new Uint8Array([1, 2, 3]) }))).toBe(
      'corrupt_collection',
    );
    const script = new TextEncoder().encode('<svg onload="alert(1)"></svg>');
    expect(reason(apkg('anki2', { 'map.png': script }))).toBe('media_type');
    const damaged = apkg('anki2').slice(0, 200);
    expect(reason(damaged)).toBe('not_a_zip');
  });

  it('refuses a zip bomb before inflating it', () => {
    // 20 MB of zeros compress to about 20 KB: far past the allowed ratio of 200.
    const bomb = zipSync({ 'collection.anki2': new Uint8Array(20 * 1024 * 1024) }, { level: 9 });
    expect(bomb.length).toBeLessThan(100 * 1024);
    expect(reason(bomb)).toBe('too_large');
  });

  it('reduces field HTML to text', () => {
    expect(htmlToText('<div>a&nbsp;b</div><div>c &lt;d&gt;</div>')).toBe('a b\nc <d>');
  });
});
