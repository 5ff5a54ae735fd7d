import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readPackageBytes } from '../test/anki-package.ts';
import {
  BASIC_MODEL_ID,
  EXPORT_DECK_ID,
  type ExportDeck,
  fieldChecksum,
  writeAnkiPackage,
} from './package-writer.ts';

const DECK = (name: string): ExportDeck => ({
  name,
  notes: [
    { id: 7, type: 'basic', fields: { front: 'Spain', back: 'Madrid' }, tags: ['geo'] },
    { id: 9, type: 'basic', fields: { front: 'a &lt; b &amp; c', back: 'two<br>lines' }, tags: [] },
  ],
  cards: [
    { id: 7, noteId: 7, ordinal: 1, suspended: false, buried: false },
    { id: 9, noteId: 9, ordinal: 1, suspended: true, buried: false },
  ],
  ownTypes: [],
  media: [],
  reviews: REVIEWS,
});
const REVIEWS = [
  { cardId: 7, rating: 3, reviewedAt: new Date(Date.UTC(2025, 0, 6)), answerTimeMs: 4000 },
  { cardId: 7, rating: 1, reviewedAt: new Date(Date.UTC(2025, 0, 6)), answerTimeMs: null },
];

/** The exported collection opened as a SQLite database, as Anki opens it. */
function openExport(bytes: Uint8Array) {
  const files = unzipSync(bytes);
  expect(Object.keys(files).sort()).toEqual(['collection.anki2', 'media']);
  const dir = mkdtempSync(path.join(tmpdir(), 'anki-export-test-'));
  const file = path.join(dir, 'c.anki2');
  writeFileSync(file, files['collection.anki2'] as Uint8Array);
  const db = new DatabaseSync(file, { readOnly: true });
  return {
    db,
    close: () => {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

type Json = Record<string, unknown>;

describe('writeAnkiPackage', () => {
  it('defines the Basic note type, the deck and its options as Anki writes them', () => {
    const { db, close } = openExport(writeAnkiPackage(DECK('Geo::Capitals')));
    try {
      const col = db.prepare('select ver, models, decks, dconf, conf from col').get() as Record<
        string,
        string | number
      >;
      expect(col.ver).toBe(11);
      const models = JSON.parse(String(col.models)) as Record<string, Json>;
      expect(Object.keys(models)).toEqual([String(BASIC_MODEL_ID)]);
      const basic = models[String(BASIC_MODEL_ID)] as Json;
      expect(basic).toMatchObject({
        id: BASIC_MODEL_ID,
        name: 'Basic',
        type: 0,
        sortf: 0,
        originalStockKind: 1,
      });
      expect((basic.flds as Json[]).map((f) => [f.name, f.ord])).toEqual([
        ['Front', 0],
        ['Back', 1],
      ]);
      expect(basic.tmpls).toEqual([
        expect.objectContaining({
          name: 'Card 1',
          ord: 0,
          qfmt: '{{Front}}',
          afmt: '{{FrontSide}}\n\n<hr id=answer>\n\n{{Back}}',
        }),
      ]);
      expect(basic.req).toEqual([[0, 'any', [0]]]);
      for (const key of ['css', 'latexPre', 'latexPost', 'mod', 'usn', 'did', 'tags', 'vers']) {
        expect(basic).toHaveProperty(key);
      }
      const decks = JSON.parse(String(col.decks)) as Record<string, Json>;
      expect(decks['1']).toMatchObject({ name: 'Default', conf: 1, dyn: 0 });
      expect(decks[String(EXPORT_DECK_ID)]).toMatchObject({ name: 'Geo::Capitals', conf: 1 });
      expect(JSON.parse(String(col.dconf))['1']).toHaveProperty('new.perDay');
      expect(JSON.parse(String(col.conf))).toMatchObject({ curModel: String(BASIC_MODEL_ID) });

      const notes = db
        .prepare('select id, mid, tags, flds, sfld, csum from notes order by id')
        .all();
      expect(notes).toEqual([
        {
          id: 7,
          mid: BASIC_MODEL_ID,
          tags: ' geo ',
          flds: 'Spain\x1fMadrid',
          sfld: 'Spain',
          csum: fieldChecksum('Spain'),
        },
        {
          id: 9,
          mid: BASIC_MODEL_ID,
          tags: '',
          flds: 'a &lt; b &amp; c\x1ftwo<br>lines',
          sfld: 'a < b & c',
          csum: fieldChecksum('a < b & c'),
        },
      ]);
      // SHA-1 of "Spain" is 20a8df9b…: Anki keeps its first 8 hex digits as an integer.
      expect(fieldChecksum('Spain')).toBe(0x20a8df9b);
      const cards = db
        .prepare('select nid, did, ord, type, queue, due from cards order by id')
        .all();
      expect(cards).toEqual([
        { nid: 7, did: EXPORT_DECK_ID, ord: 0, type: 0, queue: 0, due: 1 },
        { nid: 9, did: EXPORT_DECK_ID, ord: 0, type: 0, queue: -1, due: 2 },
      ]);
      const revlog = db.prepare('select id, cid, ease from revlog order by id').all();
      const t = Date.UTC(2025, 0, 6);
      expect(revlog).toEqual([
        { id: t, cid: 7, ease: 3 },
        { id: t + 1, cid: 7, ease: 1 },
      ]);
      const indexes = db
        .prepare("select name from sqlite_master where type = 'index' order by name")
        .all()
        .map((r) => r.name);
      expect(indexes).toContain('ix_cards_sched');
    } finally {
      close();
    }
  });

  it('reads back through the importer with the same cards and reviews', async () => {
    const back = await readPackageBytes(writeAnkiPackage(DECK('Geo')));
    expect(back.decks).toEqual(['Geo']);
    expect(back.cards.map((c) => [c.front, c.back, c.suspended])).toEqual([
      ['Spain', 'Madrid', false],
      ['a < b & c', 'two\nlines', true],
    ]);
    expect(back.notes.map((n) => [n.type, n.tags])).toEqual([
      [{ kind: 'stock', key: 'basic' }, ['geo']],
      [{ kind: 'stock', key: 'basic' }, []],
    ]);
    expect(back.reviews.map((r) => r.rating)).toEqual([3, 1]);
  });
});
