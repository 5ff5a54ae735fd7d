// Builds the Anki packages the tests and journeys import, with the one package builder
// (packages/server/src/test/anki-package.ts):
//
//   node scripts/anki-fixtures.ts              writes tests/fixtures/anki/geography.apkg (the older
//                                              SQLite collection.anki2, JSON media map) and
//                                              geography.colpkg (Anki 2.1.50+'s layout: meta,
//                                              zstd collection.anki21b, zstd media and protobuf
//                                              media map): a deck tree, an image, a "Basic (and
//                                              reversed card)" note, a cloze note (skipped on
//                                              import) and review history
//   node scripts/anki-fixtures.ts --large N F  writes N basic cards with 3 ratings each to F
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  ankiPackage,
  BASIC_REVERSED,
  CLOZE,
  largeCollection,
  type TestCollection,
} from '../packages/server/src/test/anki-package.ts';

const root = path.join(import.meta.dirname, '..');
const DAY = 86_400_000;
const T0 = Date.UTC(2025, 0, 6, 10);

export const GEOGRAPHY: TestCollection = {
  decks: { 1: 'Geography', 2: 'Geography::Capitals' },
  notes: [
    {
      id: 10,
      fields: ['Spain', '<b>Madrid</b><img src="map.png">'],
      cards: [{ id: 100, deck: 2 }],
    },
    {
      id: 11,
      type: BASIC_REVERSED.id,
      fields: ['France', 'Paris'],
      cards: [
        { id: 101, deck: 2 },
        { id: 102, deck: 2, ord: 1 },
      ],
    },
    { id: 12, fields: ['Longest river', 'The Nile'], cards: [{ id: 103, deck: 1 }] },
    {
      id: 13,
      type: CLOZE.id,
      fields: ['{{c1::Lisbon}} is in Portugal', ''],
      cards: [{ id: 104, deck: 1 }],
    },
  ],
  revlog: [
    [T0, 100, 3, 4000, 0],
    [T0 + DAY, 100, 3, 3000, 1],
    [T0 + 4 * DAY, 100, 1, 9000, 1],
    [T0 + 2 * DAY, 101, 4, 2000, 0],
    [T0 + 3 * DAY, 103, 3, 2500, 0],
  ],
  media: {
    'map.png': readFileSync(
      path.join(root, 'packages/server/src/providers/ocr/fixtures/notes.png'),
    ),
  },
};

if (import.meta.main) {
  if (process.argv[2] === '--large') {
    const cards = Number(process.argv[3]);
    const out = process.argv[4] ?? 'large.apkg';
    writeFileSync(out, ankiPackage(largeCollection(cards, 3)));
    console.log(`wrote ${out}: ${cards} cards, ${cards * 3} reviews`);
  } else {
    const dir = path.join(root, 'tests/fixtures/anki');
    writeFileSync(path.join(dir, 'geography.apkg'), ankiPackage(GEOGRAPHY, 'anki2'));
    writeFileSync(path.join(dir, 'geography.colpkg'), ankiPackage(GEOGRAPHY, 'anki21b'));
    console.log(`wrote ${dir}/geography.apkg and geography.colpkg`);
  }
}
