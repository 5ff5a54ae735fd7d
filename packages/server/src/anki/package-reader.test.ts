import { readFileSync } from 'node:fs';
import path from 'node:path';
import { zstdCompressSync, zstdDecompressSync } from 'node:zlib';
import { unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  ankiPackage,
  BASIC_OPTIONAL_REVERSED,
  BASIC_REVERSED,
  BASIC_TYPING,
  CLOZE,
  readPackageBytes,
  type TestCollection,
  type TestNoteType,
} from '../test/anki-package.ts';
import { expectStoredPng } from '../test/space-repetition.ts';
import { AnkiPackageError, htmlToText } from './package-reader.ts';
import { decodeMessage, encodeMessage, protoBytesList, protoString } from './protobuf.ts';

const PNG = readFileSync(path.join(import.meta.dirname, '../providers/ocr/fixtures/notes.png'));
const DAY = 86_400_000;
const T0 = Date.UTC(2025, 0, 6, 10);
const FORMATS = ['anki2', 'anki21b'] as const;

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
      type: BASIC_REVERSED.id,
      fields: ['France', 'Paris'],
      cards: [
        { id: 101, deck: 1 },
        { id: 102, deck: 1, ord: 1 },
      ],
    },
    {
      id: 12,
      type: CLOZE.id,
      fields: ['{{c1::Lisbon}} is in Portugal', ''],
      cards: [{ id: 103, deck: 1 }],
    },
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

/** A mono 8 kHz 16-bit PCM WAV of silence. */
function wav(): Uint8Array {
  const b = Buffer.alloc(44 + 1600);
  b.write('RIFF', 0, 'ascii');
  b.writeUInt32LE(36 + 1600, 4);
  b.write('WAVEfmt ', 8, 'ascii');
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(8000, 24);
  b.writeUInt32LE(16000, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write('data', 36, 'ascii');
  b.writeUInt32LE(1600, 40);
  return new Uint8Array(b);
}

const reason = async (bytes: Uint8Array) => {
  try {
    await readPackageBytes(bytes);
  } catch (error) {
    if (error instanceof AnkiPackageError) return error.reason;
    throw error;
  }
  return 'read';
};

/** The package with its zip entry `name` replaced. */
const withEntry = (bytes: Uint8Array, name: string, data: Uint8Array) =>
  zipSync({ ...unzipSync(bytes), [name]: data });

/** One deck of the given notes, each card a note's card of template `ord`. */
const notes = (
  list: { type?: number; fields: string[]; ords?: number[]; tags?: string }[],
  extra: Partial<TestCollection> = {},
): TestCollection => ({
  decks: { 1: 'Lang::French' },
  notes: list.map((n, i) => ({
    id: i + 1,
    type: n.type,
    fields: n.fields,
    tags: n.tags,
    cards: (n.ords ?? [0]).map((ord) => ({ id: (i + 1) * 10 + ord, deck: 1, ord })),
  })),
  revlog: [],
  ...extra,
});

describe('readAnkiPackage', () => {
  it.each(FORMATS)('reads decks, cards, images and reviews (%s)', async (format) => {
    const out = await readPackageBytes(apkg(format));
    expect(out.format).toBe(format);
    expect(out.decks).toEqual(['Geo', 'Geo::Capitals']);
    expect(out.cards.map((c) => [c.ankiId, c.deck, c.front, c.back])).toEqual([
      [100, 'Geo::Capitals', 'Spain\n(country)', 'Madrid & more'],
      [101, 'Geo', 'France', 'Paris'],
      [102, 'Geo', 'Paris', 'France'],
      // A cloze note is imported (issue 42), one card per deletion number.
      [103, 'Geo', '[…] is in Portugal', 'Lisbon is in Portugal'],
    ]);
    // The image is deck media, checked and encoded again, named by hash in the field.
    const [image] = [...out.media.values()];
    expect(image?.mime).toBe('image/png');
    await expectStoredPng(image?.bytes);
    expect(out.cards[0]?.backHtml).toMatch(
      /<img src="\/be\/api\/space-repetition\/media\/[0-9a-f]{64}\/" \/>/,
    );
    expect(out.skipped).toEqual([]);
    expect(out.reviews.map((r) => [r.cardAnkiId, r.rating, r.reviewedAt.getTime() - T0])).toEqual([
      [100, 3, 0],
      [100, 3, DAY],
      [101, 4, 2 * DAY],
      [103, 3, 3 * DAY],
      [100, 1, 4 * DAY],
    ]);
  });

  it('reads an anki21b package laid out as Anki 2.1.50+ writes it, not the stub for old Ankis', async () => {
    const files = unzipSync(apkg('anki21b'));
    expect(Object.keys(files).sort()).toEqual([
      '0',
      'collection.anki2',
      'collection.anki21b',
      'media',
      'meta',
    ]);
    // meta says version 3; the media map and the image are zstd-compressed, the map protobuf.
    expect([...(files.meta as Uint8Array)]).toEqual([0x08, 0x03]);
    const entries = protoBytesList(decodeMessage(zstdDecompressSync(files.media as Uint8Array)), 1);
    expect(entries.map((e) => protoString(decodeMessage(e), 1))).toEqual(['map.png']);
    expect(Buffer.from(zstdDecompressSync(files['0'] as Uint8Array)).equals(PNG)).toBe(true);
    // The stub collection.anki2 (one note asking to update Anki) is not what is read.
    const out = await readPackageBytes(apkg('anki21b'));
    expect(out.cards.map((c) => c.ankiId)).toEqual([100, 101, 102, 103]);
  });

  it.each([
    ['geography.apkg', 'anki2'],
    ['geography.colpkg', 'anki21b'],
  ])(
    'reads the fixture %s (scripts/anki-fixtures.ts) as %s, its image a card image',
    async (file, format) => {
      const fixture = readFileSync(
        path.join(import.meta.dirname, '../../../../tests/fixtures/anki', file),
      );
      if (format === 'anki21b') expect(Object.keys(unzipSync(fixture))).toContain('meta');
      const out = await readPackageBytes(fixture);
      expect(out.format).toBe(format);
      expect(out.cards.map((c) => [c.front, c.back])).toEqual([
        ['Spain', 'Madrid'],
        ['France', 'Paris'],
        ['Paris', 'France'],
        ['Longest river', 'The Nile'],
        ['[…] is in Portugal', 'Lisbon is in Portugal'],
      ]);
      await expectStoredPng([...out.media.values()][0]?.bytes);
      expect(out.skipped).toEqual([]);
      expect(out.reviews).toHaveLength(5);
    },
  );

  it('reads a legacy package whose meta says version 2 as legacy (JSON media map)', async () => {
    const legacy = withEntry(apkg('anki2'), 'meta', encodeMessage([[1, 2]]));
    await expectStoredPng([...(await readPackageBytes(legacy)).media.values()][0]?.bytes);
  });

  describe('a corrupt media map is refused, importing nothing', () => {
    const entry = (name: string, sha1: Uint8Array) =>
      encodeMessage([
        [1, name],
        [2, 3],
        [3, sha1],
      ]);
    const map = (...entries: Uint8Array[]) =>
      zstdCompressSync(encodeMessage(entries.map((e) => [1, e])));
    it.each([
      ['anki21b: not zstd', 'anki21b', new TextEncoder().encode('{"0": "map.png"}')],
      ['anki21b: zstd, not protobuf', 'anki21b', zstdCompressSync(Buffer.from([0x0a, 0xff]))],
      ['anki21b: a SHA-1 of 3 bytes', 'anki21b', map(entry('map.png', new Uint8Array(3)))],
      ['anki21b: a name with a path', 'anki21b', map(entry('../map.png', new Uint8Array(20)))],
      ['anki2: not JSON', 'anki2', new TextEncoder().encode('{"0": "map.png"')],
      ['anki2: JSON, not a map', 'anki2', new TextEncoder().encode('["map.png"]')],
    ] as const)('%s', async (_, format, media) => {
      expect(await reason(withEntry(apkg(format), 'media', media))).toBe('corrupt_media');
    });
    it('anki21b: a media file that is not zstd', async () => {
      expect(await reason(withEntry(apkg('anki21b'), '0', PNG))).toBe('corrupt_media');
    });
  });

  it.each(FORMATS)('renders each card from its note type and template (%s)', async (format) => {
    const custom: TestNoteType = {
      id: 77,
      name: 'Vocab',
      fields: ['Word', 'Meaning', 'Example'],
      templates: [
        {
          name: 'Recognise',
          question: '<!-- {{Nope}} -->{{Word}}{{#Example}}<br><i>{{Example}}</i>{{/Example}}',
          answer: '{{FrontSide}}<hr id=answer>{{Meaning}}{{^Example}} (no example){{/Example}}',
        },
        {
          name: 'Recall',
          question: '{{Meaning}} [{{Subdeck}}, {{Tags}}]',
          answer: '{{FrontSide}}<hr id="answer">{{text:Word}} · {{Type}}/{{Card}}',
        },
      ],
    };
    const out = await readPackageBytes(
      ankiPackage(
        notes(
          [
            { type: BASIC_REVERSED.id, fields: ['chat', 'cat'], ords: [0, 1] },
            { type: BASIC_OPTIONAL_REVERSED.id, fields: ['chien', 'dog', 'y'], ords: [0, 1] },
            { type: BASIC_OPTIONAL_REVERSED.id, fields: ['oiseau', 'bird', ''], ords: [0] },
            { type: BASIC_TYPING.id, fields: ['maison', 'house'] },
            { type: 77, fields: ['pain', 'bread', 'du <b>pain</b>'], ords: [0, 1], tags: 'food' },
            { type: 77, fields: ['eau', 'water', ''], ords: [0] },
          ],
          { noteTypes: [custom] },
        ),
        format,
      ),
    );
    expect(out.cards.map((c) => [c.ankiId, c.front, c.back])).toEqual([
      [10, 'chat', 'cat'],
      [11, 'cat', 'chat'],
      [20, 'chien', 'dog'],
      [21, 'dog', 'chien'],
      [30, 'oiseau', 'bird'],
      // The type-in box and the answer's diff are markup of the sides' HTML, not text.
      [40, 'maison', ''],
      [50, 'pain\ndu pain', 'bread'],
      [60, 'eau', 'water (no example)'],
    ]);
    // An own type of Memoria has one template: each Anki template is an own type. The second
    // asks for Anki's special fields (Subdeck, Card), which an own type has not.
    expect(out.ownTypes.map((t) => t.name)).toEqual(['Vocab: Recognise', 'Vocab: Recall']);
    expect(out.skipped).toEqual([{ noteId: 5, reason: 'unsupported_template' }]);
  });

  it.each(FORMATS)(
    'skips a card it cannot render, or an empty one, with a reason (%s)',
    async (format) => {
      const tts: TestNoteType = {
        id: 78,
        name: 'Spoken',
        fields: ['Front', 'Back'],
        templates: [{ name: 'Card 1', question: '{{tts fr_FR:Front}}', answer: '{{Back}}' }],
      };
      const unknownField: TestNoteType = {
        id: 79,
        name: 'Broken',
        fields: ['Front', 'Back'],
        templates: [
          { name: 'Card 1', question: '{{Front}}', answer: '{{Verso}}' },
          { name: 'Card 2', question: '{{#Front}}{{Back}}', answer: '{{Front}}' },
        ],
      };
      const out = await readPackageBytes(
        ankiPackage(
          notes(
            [
              { type: 78, fields: ['bonjour', 'hello'] },
              { type: 79, fields: ['a', 'b'], ords: [0, 1] },
              // A card of a template the note type lacks, and a note type the collection lacks.
              { fields: ['a', 'b'], ords: [5] },
              { type: 4242, fields: ['a', 'b'] },
              // An optional reverse card whose Add Reverse field is empty: nothing on its front.
              { type: BASIC_OPTIONAL_REVERSED.id, fields: ['x', 'y', ''], ords: [1] },
              { fields: ['<div><br></div>', 'back'] },
            ],
            { noteTypes: [tts, unknownField] },
          ),
          format,
        ),
      );
      // `{{tts}}` is speech now (issue 42): its card is imported.
      expect(out.cards.map((c) => [c.noteId, c.frontHtml])).toEqual([
        [1, '<tts-speak lang="fr_FR">bonjour</tts-speak>'],
      ]);
      expect(out.skipped).toEqual([
        { noteId: 2, reason: 'unsupported_template' },
        { noteId: 3, reason: 'unsupported_template' },
        { noteId: 4, reason: 'unsupported_template' },
        { noteId: 5, reason: 'empty' },
        { noteId: 6, reason: 'empty' },
      ]);
    },
  );

  it.each(FORMATS)(
    'lists a note whose media the package lacks, keeping what it has (%s)',
    async (format) => {
      const out = await readPackageBytes(
        ankiPackage(
          notes(
            [
              { fields: ['<img src="gone.png">', 'back'] },
              { fields: ['front', '[sound:word.mp3]'] },
              // A sound the package has: audio.
              { fields: ['mot', '[sound:word.wav]'] },
              // Text beside a missing image: the text is the card.
              { fields: ['Spain <img src="gone.png">', 'Madrid'] },
              // The first image missing, the second present: the second is kept.
              { fields: ['Spain', '<img src="gone.png"><img src="map%20v2.png">'] },
            ],
            { media: { 'map v2.png': PNG, 'word.wav': wav() } },
          ),
          format,
        ),
      );
      // Each missing file is left out of its field; a note with nothing left to ask is empty.
      expect(out.skipped).toEqual([
        { noteId: 1, reason: 'missing_media' },
        { noteId: 2, reason: 'missing_media' },
        { noteId: 4, reason: 'missing_media' },
        { noteId: 5, reason: 'missing_media' },
        { noteId: 1, reason: 'empty' },
      ]);
      const url = /\/be\/api\/space-repetition\/media\/[0-9a-f]{64}\//.source;
      expect(out.cards.map((c) => [c.noteId, c.front, c.back])).toEqual([
        [2, 'front', ''],
        [3, 'mot', ''],
        [4, 'Spain ', 'Madrid'],
        [5, 'Spain', ''],
      ]);
      expect(out.cards[1]?.backHtml).toMatch(new RegExp(`^<audio src="${url}" controls></audio>$`));
      expect(out.cards[3]?.backHtml).toMatch(new RegExp(`^<img src="${url}" />$`));
      expect([...out.media.values()].map((m) => m.mime).sort()).toEqual(['audio/wav', 'image/png']);
    },
  );

  it('names why a bad file is refused', async () => {
    expect(await reason(new TextEncoder().encode('not a zip at all'))).toBe('not_a_zip');
    expect(await reason(zipSync({ 'readme.txt': new TextEncoder().encode('hi') }))).toBe(
      'no_collection',
    );
    expect(
      await reason(
        zipSync({ 'collection.anki2': new TextEncoder().encode('garbage, not SQLite') }),
      ),
    ).toBe('corrupt_collection');
    expect(await reason(zipSync({ 'collection.anki21b': new Uint8Array([1, 2, 3]) }))).toBe(
      'corrupt_collection',
    );
    // meta says the latest format, but there is no collection.anki21b.
    expect(await reason(withEntry(apkg('anki2'), 'meta', encodeMessage([[1, 3]])))).toBe(
      'no_collection',
    );
    expect(await reason(withEntry(apkg('anki21b'), 'meta', new Uint8Array([0x08])))).toBe(
      'corrupt_collection',
    );
    // A file that is no image nor sound is left out of its note, which is listed.
    const script = new TextEncoder().encode('<svg onload="alert(1)"></svg>');
    for (const format of FORMATS) {
      const out = await readPackageBytes(apkg(format, { 'map.png': script }));
      expect(out.skipped).toEqual([{ noteId: 10, reason: 'unsupported_media' }]);
      expect(out.media.size).toBe(0);
    }
    // A media file that inflates past 32 MiB is refused before it is all inflated.
    expect(await reason(apkg('anki21b', { 'map.png': new Uint8Array(33 * 1024 * 1024) }))).toBe(
      'media_type',
    );
    const damaged = apkg('anki2').slice(0, 200);
    expect(await reason(damaged)).toBe('not_a_zip');
  });

  it('refuses a zip bomb before inflating it', async () => {
    // 20 MB of zeros compress to about 20 KB: far past the allowed ratio of 200.
    const bomb = zipSync({ 'collection.anki2': new Uint8Array(20 * 1024 * 1024) }, { level: 9 });
    expect(bomb.length).toBeLessThan(100 * 1024);
    expect(await reason(bomb)).toBe('too_large');
  });

  it('reduces field HTML to text', () => {
    expect(htmlToText('<div>a&nbsp;b</div><div>c &lt;d&gt;</div>')).toBe('a b\nc <d>');
  });
});
