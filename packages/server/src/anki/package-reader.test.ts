import { readFileSync } from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { AnkiPackageError, htmlToText, readAnkiPackage } from './package-reader.ts';
import { ankiPackage, type TestCollection } from './test-package.ts';

const PNG = readFileSync(path.join(import.meta.dirname, '../providers/ocr/fixtures/notes.png'));
const DAY = 86_400_000;
const T0 = Date.UTC(2025, 0, 6, 10);

/**
 * Two decks (one a child), a basic note with an image, a reversed note (two cards), a cloze note
 * and review history.
 */
const COLLECTION: TestCollection = {
  decks: { 1: 'Geo', 2: 'Geo::Capitals' },
  notes: [
    {
      id: 10,
      fields: ['Spain<br>(country)', '<b>Madrid</b> &amp; more<img src="map.png">'],
      cards: [{ id: 100, deck: 2 }],
    },
    {
      id: 11,
      fields: ['France', 'Paris'],
      cards: [
        { id: 101, deck: 1 },
        { id: 102, deck: 1, ord: 1 },
      ],
    },
    { id: 12, fields: ['{{c1::Lisbon}} is in Portugal', ''], cards: [{ id: 103, deck: 1 }] },
  ],
  revlog: [
    [T0, 100, 3, 4000, 0],
    [T0 + DAY, 100, 3, 3000, 1],
    [T0 + 4 * DAY, 100, 1, 9000, 1],
    [T0 + 5 * DAY, 100, 0, 0, 4], // a manual reschedule: not a review
    [T0 + 2 * DAY, 101, 4, 2000, 0],
    [T0 + 3 * DAY, 103, 3, 2000, 0], // the cloze card's: skipped with it
  ],
  media: { 'map.png': PNG },
};

const apkg = (format: 'anki2' | 'anki21b', media: TestCollection['media'] = COLLECTION.media) =>
  ankiPackage({ ...COLLECTION, media }, format);

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
