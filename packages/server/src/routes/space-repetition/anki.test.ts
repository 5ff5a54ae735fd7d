import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync, zipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ANKI_IMPORT_LIMITS } from '../../anki/import-limits.ts';
import {
  ankiPackage,
  BASIC_REVERSED,
  CLOZE,
  readPackageBytes,
  type TestCollection,
} from '../../test/anki-package.ts';
import { createTestBackend, type TestBackend } from '../../test/harness.ts';
import { jpegWithGps } from '../../test/images.ts';
import { expectStoredPng, helpers, type Learner, PNG, SR } from '../../test/space-repetition.ts';
import { ANKI_IMPORT_DIR_PREFIX, ANKI_IMPORT_RETRY_AFTER_S } from './anki.ts';

// This file's imports work in a folder of their own: the OS temp folder is shared with every
// other import on the machine (a journey's, on CI, ran meanwhile and its folder was counted here).
const ownTmp = mkdtempSync(path.join(tmpdir(), 'anki-test-'));

let t: TestBackend;
beforeAll(async () => {
  t = await createTestBackend({
    ankiImport: { workDir: ownTmp, limits: DEFAULT_ANKI_IMPORT_LIMITS },
  });
});
afterAll(async () => {
  await t?.close();
  rmSync(ownTmp, { recursive: true, force: true });
});

const { makeDeck, makeCard, rate } = helpers(() => t);
const IMPORT = `${SR}/anki-import/`;
const DAY = 86_400_000;
const T0 = Date.UTC(2025, 0, 6, 10);

const COLLECTION: TestCollection = {
  decks: { 1: 'Geo', 2: 'Geo::Capitals' },
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
        { id: 101, deck: 1 },
        { id: 102, deck: 1, ord: 1 },
      ],
    },
    {
      id: 12,
      type: CLOZE.id,
      // A cloze with no deletion makes no card (as in Anki): listed as empty.
      fields: ['Lisbon is in Portugal', ''],
      cards: [{ id: 103, deck: 1 }],
    },
    { id: 13, fields: ['x'.repeat(5001), 'long'], cards: [{ id: 104, deck: 1 }] },
  ],
  revlog: [
    [T0, 100, 3, 4000, 0],
    [T0 + DAY, 100, 3, 3000, 1],
    [T0 + 4 * DAY, 100, 1, 9000, 1],
    [T0 + 5 * DAY, 100, 0, 0, 4],
    [T0 + 2 * DAY, 101, 4, 2000, 0],
    [T0 + 3 * DAY, 103, 3, 2000, 0],
  ],
  media: { 'map.png': PNG },
};

function upload(learner: Learner, bytes: Uint8Array, name = 'deck.apkg') {
  const form = new FormData();
  form.set('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), name);
  return t.request('POST', IMPORT, { token: learner.access, form });
}

type Summary = {
  desks: { id: number; name: string; cards: number }[];
  cards_imported: number;
  reviews_imported: number;
  skipped: { note_id: number; reason: string }[];
};

describe('Anki import', () => {
  it.each(['anki2', 'anki21b'] as const)(
    'imports a %s package: decks, cards with images, review history replayed into the schedule',
    async (format) => {
      const ana = await t.signUp();
      const res = await upload(ana, ankiPackage(COLLECTION, format));
      expect(res.status).toBe(201);
      const summary = res.body as unknown as Summary;
      expect(summary.desks.map((d) => [d.name, d.cards])).toEqual([
        ['Geo::Capitals', 1],
        ['Geo', 2],
      ]);
      expect(summary.cards_imported).toBe(3);
      expect(summary.reviews_imported).toBe(4);
      expect(summary.skipped).toEqual([
        { note_id: 12, reason: 'empty' },
        { note_id: 104, reason: 'too_long' },
      ]);

      const capitals = summary.desks[0]?.id;
      const cards = await t.request('GET', `${SR}/desks/${capitals}/cards/`, {
        token: ana.access,
      });
      expect(cards.status).toBe(200);
      const [spain] = (cards.body as { results: Record<string, unknown>[] }).results;
      expect(spain).toMatchObject({ front: 'Spain', back: 'Madrid' });
      // The image is deck media the back's HTML shows.
      expect(String(spain?.back_html)).toMatch(
        /^<b>Madrid<\/b><img src="\/be\/api\/space-repetition\/media\/[0-9a-f]{64}\/" \/>$/,
      );

      const logs = await t.deps.sql<{ card_id: number; rating: number; reviewed_at: string }[]>`
        select card_id, rating, reviewed_at from review_logs where user_id = ${ana.user.id}
        order by reviewed_at`;
      expect(logs.map((l) => l.rating)).toEqual([3, 3, 4, 1]);
      const [schedule] = await t.deps.sql<{ reps: number; lapses: number; last_review: string }[]>`
        select reps, lapses, last_review from card_schedules
        where user_id = ${ana.user.id} and card_id = ${spain?.id as number}`;
      expect(schedule).toMatchObject({ reps: 3, lapses: 1 });
      expect(
        new Date(String(schedule?.last_review).replace(' ', 'T').replace(/\+00$/, 'Z')).getTime(),
      ).toBe(T0 + 4 * DAY);
    },
  );

  it("records the imported history as activity and new cards introduced, on the learner's days", async () => {
    // UTC+14: T0 (10:00 UTC on 6 January) is already 7 January there.
    const ana = await t.signUp({ timezone: 'Pacific/Kiritimati' });
    const summary = (await upload(ana, ankiPackage(COLLECTION))).body as unknown as Summary;
    const [capitals, geo] = summary.desks.map((d) => d.id);
    const activities = await t.deps.sql<{ deck_id: number; day: string; count: number }[]>`
      select deck_id, to_char(day, 'YYYY-MM-DD') as day, count from activities
      where user_id = ${ana.user.id} and activity_type = 'space_repetition' order by day, deck_id`;
    expect(activities.map((a) => [a.deck_id, a.day, a.count])).toEqual([
      [capitals, '2025-01-07', 1],
      [capitals, '2025-01-08', 1],
      [geo, '2025-01-09', 1],
      [capitals, '2025-01-11', 1],
    ]);
    const introduced = await t.deps.sql<{ desk_id: number; day: string; count: number }[]>`
      select desk_id, to_char(day, 'YYYY-MM-DD') as day, count from new_cards_introduced
      where user_id = ${ana.user.id} order by day`;
    expect(introduced.map((n) => [n.desk_id, n.day, n.count])).toEqual([
      [capitals, '2025-01-07', 1],
      [geo, '2025-01-09', 1],
    ]);
    // The history page lists the decks the learner reviewed.
    const history = await t.request('GET', '/be/api/auth/activity-history/', { token: ana.access });
    expect(history.status).toBe(200);
    expect(JSON.stringify(history.body)).toContain('Geo::Capitals');
  });

  it('counts two ratings of one deck and day in one activity row', async () => {
    const ana = await t.signUp();
    const summary = (
      await upload(
        ana,
        ankiPackage({
          decks: { 1: 'Words' },
          notes: [
            { id: 1, fields: ['a', 'b'], cards: [{ id: 10, deck: 1 }] },
            { id: 2, fields: ['c', 'd'], cards: [{ id: 20, deck: 1 }] },
          ],
          revlog: [
            [T0, 10, 3, 1000, 0],
            [T0 + 60_000, 20, 1, 1000, 0],
            [T0 + 120_000, 20, 3, 1000, 0],
          ],
        }),
      )
    ).body as unknown as Summary;
    const [row] = await t.deps.sql<{ count: number; updated_at: Date }[]>`
      select count, updated_at from activities where user_id = ${ana.user.id}`;
    expect(row?.count).toBe(3);
    expect(new Date(row?.updated_at as Date).getTime()).toBe(T0 + 120_000);
    const [introduced] = await t.deps.sql<{ count: number }[]>`
      select count from new_cards_introduced
      where user_id = ${ana.user.id} and desk_id = ${summary.desks[0]?.id as number}`;
    expect(introduced?.count).toBe(2);
  });

  // One test per file: each upload starts the parser's child process, and seven in one test
  // outlasted the 30 s guard on a loaded machine (the fresh-clone run of 457a540).
  const badFiles: [string, string, () => Uint8Array][] = [
    ['plain text', 'anki_not_a_zip', () => new TextEncoder().encode('just text')],
    ['a cut zip', 'anki_not_a_zip', () => ankiPackage(COLLECTION).slice(0, 200)],
    [
      'a zip with no collection',
      'anki_no_collection',
      () => zipSync({ 'readme.txt': new TextEncoder().encode('hi') }),
    ],
    [
      'a collection that is not SQLite',
      'anki_corrupt_collection',
      () => zipSync({ 'collection.anki2': new TextEncoder().encode('not sqlite') }),
    ],
    [
      'an anki21b collection that is not zstd',
      'anki_corrupt_collection',
      () => zipSync({ 'collection.anki21b': new Uint8Array([1, 2, 3]) }),
    ],
    [
      'a collection past the size limit',
      'anki_too_large',
      () => zipSync({ 'collection.anki2': new Uint8Array(20 * 1024 * 1024) }, { level: 9 }),
    ],
    // A media map that is not the zstd protobuf an anki21b package holds.
    [
      'a media map that is not zstd protobuf',
      'anki_corrupt_media',
      () =>
        zipSync({
          ...unzipSync(ankiPackage(COLLECTION, 'anki21b')),
          media: new TextEncoder().encode('{"0": "map.png"}'),
        }),
    ],
  ];

  it.each(badFiles)(
    'refuses %s with 400 naming file and %s, importing nothing',
    async (_, code, bytes) => {
      const ana = await t.signUp();
      const res = await upload(ana, bytes());
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation_error', field_codes: { file: [code] } });
      expect(res.body.fields.file).toHaveLength(1);
      const [count] = await t.deps.sql<{ n: number }[]>`
      select count(*)::int as n from desks where owner_id = ${ana.user.id}`;
      expect(count?.n).toBe(0);
    },
  );

  it('refuses a form with no file with 400 anki_file_required', async () => {
    const ana = await t.signUp();
    const missing = new FormData();
    missing.set('other', 'x');
    const none = await t.request('POST', IMPORT, { token: ana.access, form: missing });
    expect(none.status).toBe(400);
    expect(none.body.field_codes).toMatchObject({ file: ['anki_file_required'] });
  });

  it('answers 413 to a body declared larger than the route limit of 256 MiB + 64 KiB', async () => {
    const ana = await t.signUp();
    const res = await t.app.request(IMPORT, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${ana.access}`,
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(268_500_993),
      },
      body: '--x--',
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'payload_too_large' });
  });

  it('answers 415 to JSON and 401 without a token', async () => {
    const ana = await t.signUp();
    const json = await t.request('POST', IMPORT, { token: ana.access, body: { file: 'x' } });
    expect(json.status).toBe(415);
    const form = new FormData();
    form.set('file', new Blob([ankiPackage(COLLECTION) as Uint8Array<ArrayBuffer>]), 'deck.apkg');
    expect((await t.request('POST', IMPORT, { form })).status).toBe(401);
  });

  it('accepts a package larger than an image upload, and leaves another learner untouched', async () => {
    const ana = await t.signUp();
    const bea = await t.signUp();
    const deck = await makeDeck(bea, { name: 'Mine' });
    await makeCard(bea, deck.id, 'q', 'a');
    // Incompressible padding above the router's default form limit (a few MiB).
    const padding = new Uint8Array(8 * 1024 * 1024);
    for (let i = 0; i < padding.length; i += 65536) {
      crypto.getRandomValues(padding.subarray(i, i + 65536));
    }
    const big = zipSync({
      ...unzipSync(ankiPackage(COLLECTION)),
      padding: [padding, { level: 0 }],
    });
    const res = await upload(ana, big);
    expect(res.status).toBe(201);
    expect((res.body as unknown as Summary).cards_imported).toBe(3);
    const beas = await t.deps.sql<{ n: number }[]>`
      select (select count(*)::int from desks where owner_id = ${bea.user.id})
        + (select count(*)::int from review_logs where user_id = ${bea.user.id}) as n`;
    expect(beas[0]?.n).toBe(1);
    const list = await t.request('GET', `${SR}/desks/`, { token: bea.access });
    expect(JSON.stringify(list.body)).not.toContain('Geo');
  });
});

/** This server's import folders present now (`memoria-anki-import-*` in its work folder). */
const importDirs = () =>
  readdirSync(ownTmp).filter((name) => name.startsWith(ANKI_IMPORT_DIR_PREFIX));

/**
 * An upload whose body the test releases: its first half is sent at once, the rest when
 * `release` is called; `reading` resolves once the server is reading it.
 */
function heldUpload(learner: Learner, bytes: Uint8Array) {
  const boundary = 'held-upload-boundary';
  const head = new TextEncoder().encode(
    `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="deck.apkg"\r\n` +
      'content-type: application/octet-stream\r\n\r\n',
  );
  const tail = new TextEncoder().encode(`\r\n--${boundary}--\r\n`);
  const half = Math.floor(bytes.length / 2);
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let started = () => {};
  const reading = new Promise<void>((resolve) => {
    started = resolve;
  });
  let step = 0;
  // Nothing is pulled before the server reads (high-water mark 0), and the second pull comes
  // once it has taken the first half: by then the handler has made its folder and is reading.
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        step += 1;
        if (step === 1) {
          controller.enqueue(head);
          controller.enqueue(bytes.slice(0, half));
          return;
        }
        if (step === 2) started();
        await released;
        controller.enqueue(bytes.slice(half));
        controller.enqueue(tail);
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  const response = t.app.request(IMPORT, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${learner.access}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    body,
    duplex: 'half',
  } as RequestInit);
  return { response, reading, release };
}

describe('Anki import: one at a time, through temporary files', () => {
  it('answers 429 with Retry-After to an import while another runs, then imports again', async () => {
    const ana = await t.signUp();
    const bea = await t.signUp();
    const before = importDirs();
    const first = heldUpload(ana, ankiPackage(COLLECTION));
    await first.reading;
    // The first import holds its folder, where the upload is being written.
    expect(importDirs().filter((d) => !before.includes(d))).toHaveLength(1);

    const second = await upload(bea, ankiPackage(COLLECTION));
    expect(second.status).toBe(429);
    expect(second.headers.get('retry-after')).toBe(String(ANKI_IMPORT_RETRY_AFTER_S));
    expect(second.body).toMatchObject({ code: 'rate_limited' });

    first.release();
    const done = await first.response;
    expect(done.status).toBe(201);
    expect(((await done.json()) as Summary).cards_imported).toBe(3);
    // Its folder is gone; the next import runs.
    expect(importDirs().filter((d) => !before.includes(d))).toEqual([]);
    expect((await upload(bea, ankiPackage(COLLECTION))).status).toBe(201);
    expect(importDirs().filter((d) => !before.includes(d))).toEqual([]);
  });

  it('removes its temporary files when the package is refused', async () => {
    const ana = await t.signUp();
    const before = importDirs();
    // Another process's import meanwhile (the OS temp folder is everyone's): not this server's.
    const elsewhere = path.join(tmpdir(), `${ANKI_IMPORT_DIR_PREFIX}elsewhere-${process.pid}`);
    mkdirSync(elsewhere, { recursive: true });
    try {
      const bad = await upload(ana, zipSync({ 'collection.anki2': new Uint8Array(100) }));
      expect(bad.status).toBe(400);
      const broken = await upload(ana, new TextEncoder().encode('not a zip'));
      expect(broken.status).toBe(400);
      expect(importDirs().filter((d) => !before.includes(d))).toEqual([]);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('decodes each image: one that does not decode is left out and listed, EXIF is not kept', async () => {
    const ana = await t.signUp();
    const zeros = Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(4096)]);
    const listed = await upload(ana, ankiPackage({ ...COLLECTION, media: { 'map.png': zeros } }));
    expect(listed.status).toBe(201);
    expect((listed.body as unknown as Summary).skipped).toContainEqual({
      note_id: 10,
      reason: 'unsupported_media',
    });

    const photo = await jpegWithGps();
    const withPhoto: TestCollection = {
      ...COLLECTION,
      notes: [
        { id: 10, fields: ['Where?', '<img src="photo.jpg">'], cards: [{ id: 100, deck: 1 }] },
      ],
      revlog: [],
      media: { 'photo.jpg': photo },
    };
    const res = await upload(ana, ankiPackage(withPhoto, 'anki21b'));
    expect(res.status).toBe(201);
    const [row] = await t.deps.sql<{ image: Buffer; type: string }[]>`
      select m.bytes as image, m.mime as type from desk_media dm join media m on m.hash = dm.media_hash
      where dm.desk_id = ${(res.body as unknown as Summary).desks[0]?.id as number}`;
    expect(row?.type).toBe('image/jpeg');
    expect((await sharp(row?.image).metadata()).exif).toBeUndefined();
    expect(row?.image.includes(Buffer.from('Secret Camera'))).toBe(false);
  });
});

/** The export's raw answer: the harness's request reads JSON only. */
function download(learner: Learner, deckId: number, format?: string) {
  return t.app.request(`${SR}/desks/${deckId}/export/${format ? `?format=${format}` : ''}`, {
    headers: { authorization: `Bearer ${learner.access}` },
  });
}

describe('deck export', () => {
  it('writes an .apkg the reader reads back with the same cards, image and review count', async () => {
    const ana = await t.signUp();
    const imported = (await upload(ana, ankiPackage(COLLECTION))).body as unknown as Summary;
    const capitals = imported.desks[0]?.id as number;
    const cards = await t.request('GET', `${SR}/desks/${capitals}/cards/`, { token: ana.access });
    const [spain] = (cards.body as { results: { id: number }[] }).results;
    expect(spain).toBeDefined();
    expect((await rate(ana, spain?.id as number, { difficulty: 'good' })).status).toBe(200);

    const res = await download(ana, capitals);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="Geo_Capitals.apkg"');
    const back = await readPackageBytes(new Uint8Array(await res.arrayBuffer()));
    expect(back.decks).toEqual(['Geo::Capitals']);
    expect(back.cards.map((c) => [c.front, c.back])).toEqual([['Spain', 'Madrid']]);
    const [image] = [...back.media.values()];
    expect(image?.mime).toBe('image/png');
    await expectStoredPng(image?.bytes);
    // Three imported ratings and the one just made.
    expect(back.reviews.map((r) => r.rating)).toEqual([3, 3, 1, 3]);

    const stats = async () =>
      (await t.request('GET', `${SR}/card-stats/`, { token: ana.access })).body.total_reviews;
    const before = await stats();
    const again = await upload(
      ana,
      new Uint8Array(await (await download(ana, capitals)).arrayBuffer()),
    );
    expect(again.status).toBe(201);
    // Issue 40: the learner's own reviews, imported again, are already in the history: the
    // cards come back, the review count does not double.
    expect(again.body).toMatchObject({ cards_imported: 1, reviews_imported: 0 });
    expect(await stats()).toBe(before);
  });

  it('writes CSV with the review count of each card, and 404s a deck of another user', async () => {
    const ana = await t.signUp();
    const bea = await t.signUp();
    const deck = await makeDeck(ana, { name: 'Quotes' });
    const card = await makeCard(ana, deck.id, 'Say "hi", then\nwave', 'ok');
    expect((await rate(ana, card.id, { difficulty: 'again' })).status).toBe(200);
    const res = await download(ana, deck.id, 'csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await res.text()).split('\r\n');
    expect(lines[0]).toBe('front,back,reviews,last_review');
    expect(lines[1]).toMatch(/^"Say ""hi"", then\nwave",ok,1,\d{4}-\d\d-\d\dT/);
    expect((await download(bea, deck.id)).status).toBe(404);
    expect((await download(ana, deck.id, 'xls')).status).toBe(400);
  });
});
