import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, type TestBackend } from '../../test/harness.ts';
import { jpegWithGps } from '../../test/images.ts';
import { expectStoredPng, helpers, PNG, pngDataUrl, SR } from '../../test/space-repetition.ts';

let t: TestBackend;

beforeAll(async () => {
  t = await createTestBackend();
});

afterAll(async () => {
  await t?.close();
});

const { makeDeck, makeCard, rate } = helpers(() => t);

describe('cards', () => {
  it('lists a deck’s cards paginated, oldest first, searchable case-insensitively', async () => {
    const ana = await t.signUp();
    const deck = await makeDeck(ana);
    for (let i = 1; i <= 25; i++)
      await makeCard(ana, deck.id, `Front ${i}`, i === 7 ? 'Oslo' : 'x');
    const first = await t.request('GET', `${SR}/desks/${deck.id}/cards/`, { token: ana.access });
    expect(first.body.count).toBe(25);
    expect(first.body.results).toHaveLength(20);
    expect(first.body.results[0].front).toBe('Front 1');
    expect(first.body.previous).toBeNull();
    expect(first.body.next).toContain('page=2');
    const second = await t.request('GET', first.body.next, { token: ana.access });
    expect(second.body.results.map((c: { front: string }) => c.front)).toEqual([
      'Front 21',
      'Front 22',
      'Front 23',
      'Front 24',
      'Front 25',
    ]);
    expect(second.body.next).toBeNull();
    const found = await t.request('GET', `${SR}/desks/${deck.id}/cards/?search=oSLO`, {
      token: ana.access,
    });
    expect(found.body.results.map((c: { front: string }) => c.front)).toEqual(['Front 7']);
    const percent = await t.request('GET', `${SR}/desks/${deck.id}/cards/?search=%25`, {
      token: ana.access,
    });
    expect(percent.body.count).toBe(0);
  });

  it('refuses an image that does not decode (a PNG signature and zeros), on create and update', async () => {
    const ana = await t.signUp();
    const deck = await makeDeck(ana);
    const card = await makeCard(ana, deck.id);
    const zeros = Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(4096)]);
    const dataUrl = `data:image/png;base64,${zeros.toString('base64')}`;
    const expected = {
      fields: { front_image: ['The image is damaged and could not be decoded.'] },
      field_codes: { front_image: ['image_undecodable'] },
    };
    const created = await t.request('POST', `${SR}/cards/`, {
      token: ana.access,
      body: { desk_id: deck.id, front: 'a', back: 'b', front_image: dataUrl },
    });
    expect([created.status, created.body]).toMatchObject([400, expected]);
    const updated = await t.request('PUT', `${SR}/cards/${card.id}/`, {
      token: ana.access,
      body: { front: 'a', back: 'b', front_image: dataUrl },
    });
    expect([updated.status, updated.body]).toMatchObject([400, expected]);
    const form = new FormData();
    form.set('front', 'a');
    form.set('back', 'b');
    form.set('front_image', new Blob([zeros], { type: 'image/png' }), 'zeros.png');
    const multipart = await t.request('PUT', `${SR}/cards/${card.id}/`, {
      token: ana.access,
      form,
    });
    expect([multipart.status, multipart.body]).toMatchObject([400, expected]);
    const [stored] = await t.database.sql`
      select count(*)::int as n from cards where desk_id = ${deck.id} and front_image is not null`;
    expect(stored?.n).toBe(0);
  });

  it('stores an image without its EXIF (GPS) and at most 2048 px on its long side', async () => {
    const ana = await t.signUp();
    const deck = await makeDeck(ana);
    const photo = await jpegWithGps();
    const big = await sharp({
      create: { width: 6000, height: 4000, channels: 3, background: 'teal' },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set('desk_id', String(deck.id));
    form.set('front', 'Where?');
    form.set('back', 'Here');
    form.set('front_image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
    form.set('back_image', new Blob([new Uint8Array(big)], { type: 'image/png' }), 'big.png');
    const created = await t.request('POST', `${SR}/cards/`, { token: ana.access, form });
    expect(created.status).toBe(201);
    const [row] = await t.database.sql<{ front: Buffer; back: Buffer }[]>`
      select front_image as front, back_image as back from cards where id = ${created.body.id}`;
    const front = await sharp(row?.front).metadata();
    expect([front.format, front.exif, front.width]).toEqual(['jpeg', undefined, 64]);
    expect(row?.front.includes(Buffer.from('Secret Camera'))).toBe(false);
    const back = await sharp(row?.back).metadata();
    expect([back.format, back.width, back.height]).toEqual(['png', 2048, 1365]);
  });

  it('edits text and images and keeps the schedule', async () => {
    const ana = await t.signUp();
    const deck = await makeDeck(ana);
    const card = await makeCard(ana, deck.id);
    await rate(ana, card.id, { difficulty: 'good' });
    const edited = await t.request('PUT', `${SR}/cards/${card.id}/`, {
      token: ana.access,
      body: { front: 'España', back: 'Madrid', back_image: pngDataUrl },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ front: 'España', state: 'learning', reps: 1 });
    await expectStoredPng(edited.body.back_image);
    const kept = await t.request('PUT', `${SR}/cards/${card.id}/`, {
      token: ana.access,
      body: { front: 'España', back: 'Madrid' },
    });
    expect(kept.body.back_image).toBe(edited.body.back_image);
    const removed = await t.request('PUT', `${SR}/cards/${card.id}/`, {
      token: ana.access,
      body: { front: 'España', back: 'Madrid', back_image: null },
    });
    expect(removed.body.back_image).toBeNull();
    const none = await t.request('PUT', `${SR}/cards/${card.id}/`, {
      token: ana.access,
      body: { front: ' ', back: 'Madrid' },
    });
    expect(none.status).toBe(400);
    expect(none.body.fields).toHaveProperty('front');
    expect(
      (await t.request('DELETE', `${SR}/cards/${card.id}/`, { token: ana.access })).status,
    ).toBe(204);
    const [logs] = await t.database.sql`
      select count(*)::int as n from review_logs where card_id = ${card.id}`;
    expect(logs?.n).toBe(0);
  });

  it('takes images as data: URLs or multipart files, checking their bytes and size', async () => {
    const ana = await t.signUp();
    const deck = await makeDeck(ana);
    const withImage = await t.request('POST', `${SR}/cards/`, {
      token: ana.access,
      body: { desk_id: deck.id, front: '', back: 'Notes', front_image: pngDataUrl },
    });
    expect(withImage.status).toBe(201);
    await expectStoredPng(withImage.body.front_image);

    // Declared PNG, but the bytes are text.
    const fake = `data:image/png;base64,${Buffer.from('hello, not an image').toString('base64')}`;
    const notImage = await t.request('POST', `${SR}/cards/`, {
      token: ana.access,
      body: { desk_id: deck.id, front: 'a', back: 'b', back_image: fake },
    });
    expect(notImage.status).toBe(400);
    expect(notImage.body.fields).toEqual({
      back_image: ['The file is not a PNG, JPEG, WebP or GIF image.'],
    });

    // A declared type outside the list is refused by the contract already.
    const svg = await t.request('POST', `${SR}/cards/`, {
      token: ana.access,
      body: {
        desk_id: deck.id,
        front: 'a',
        back: 'b',
        front_image: 'data:image/svg+xml;base64,AA==',
      },
    });
    expect(svg.status).toBe(400);
    expect(svg.body.fields).toHaveProperty('front_image');

    const form = new FormData();
    form.set('desk_id', String(deck.id));
    form.set('front', 'Diagram');
    form.set('back', '');
    form.set('back_image', new Blob([PNG], { type: 'image/png' }), 'notes.png');
    const multipart = await t.request('POST', `${SR}/cards/`, { token: ana.access, form });
    expect(multipart.status).toBe(201);
    await expectStoredPng(multipart.body.back_image);

    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(PNG.subarray(0, 8));
    const tooLarge = new FormData();
    tooLarge.set('desk_id', String(deck.id));
    tooLarge.set('front', 'a');
    tooLarge.set('back', 'b');
    tooLarge.set('front_image', new Blob([big], { type: 'image/png' }), 'big.png');
    const refused = await t.request('POST', `${SR}/cards/`, { token: ana.access, form: tooLarge });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ front_image: ['The image is larger than 2 MiB.'] });

    const textFile = new FormData();
    textFile.set('desk_id', String(deck.id));
    textFile.set('front', 'a');
    textFile.set('back', 'b');
    textFile.set('front_image', new Blob(['plain text'], { type: 'image/jpeg' }), 'x.jpg');
    const notJpeg = await t.request('POST', `${SR}/cards/`, { token: ana.access, form: textFile });
    expect(notJpeg.status).toBe(400);
    expect(notJpeg.body.fields).toHaveProperty('front_image');

    const update = new FormData();
    update.set('front', 'Diagram');
    update.set('back', 'text now');
    update.set('remove_back_image', 'true');
    const removed = await t.request('PUT', `${SR}/cards/${multipart.body.id}/`, {
      token: ana.access,
      form: update,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.back_image).toBeNull();

    const missing = new FormData();
    missing.set('front', 'x');
    const incomplete = await t.request('POST', `${SR}/cards/`, {
      token: ana.access,
      form: missing,
    });
    expect(incomplete.status).toBe(400);
    expect(Object.keys(incomplete.body.fields).sort()).toEqual(['back', 'desk_id']);
  });
});

describe('malformed multipart bodies', () => {
  it('answer 400 naming the problem on card creation, card update and generation', async () => {
    const ana = await t.signUp();
    const deck = await makeDeck(ana);
    const card = await makeCard(ana, deck.id);
    const bodies = [
      // The boundary of the header never appears: nothing can be read.
      { type: 'multipart/form-data; boundary=nope', body: '--other\r\nbroken' },
      // A part cut off before its closing boundary.
      {
        type: 'multipart/form-data; boundary=b',
        body: '--b\r\nContent-Disposition: form-data; name="front"\r\n\r\nhalf',
      },
      // No boundary at all.
      { type: 'multipart/form-data', body: 'front=a&back=b' },
    ];
    const calls = [
      ['POST', `${SR}/cards/`],
      ['PUT', `${SR}/cards/${card.id}/`],
      ['POST', `${SR}/desks/${deck.id}/generate_cards/`],
    ] as const;
    for (const [method, url] of calls) {
      for (const { type, body } of bodies) {
        const res = await t.request(method, url, {
          token: ana.access,
          rawBody: body,
          headers: { 'content-type': type },
        });
        expect({ method, url, type, status: res.status }).toEqual({
          method,
          url,
          type,
          status: 400,
        });
        expect(res.body).toMatchObject({
          code: 'validation_error',
          field_codes: { non_field_errors: ['malformed_form'] },
        });
      }
    }
  });
});
