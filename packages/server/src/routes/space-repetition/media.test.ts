import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '../../domain/decks/images.ts';
import { createTestBackend, type TestBackend } from '../../test/harness.ts';
import { expectStoredPng, helpers, type Learner, PNG, SR } from '../../test/space-repetition.ts';

/** Audio this backend accepts: small, so that the oversized case stays small too. */
const AUDIO_LIMIT = 64 * 1024;

let t: TestBackend;
beforeAll(async () => {
  t = await createTestBackend({
    mediaLimits: { imageBytes: MAX_IMAGE_BYTES, audioBytes: AUDIO_LIMIT },
  });
});
afterAll(async () => {
  await t?.close();
});

const { makeDeck } = helpers(() => t);

/** A mono 8 kHz 16-bit PCM WAV of `samples` samples (silence plus a marker byte to vary it). */
function wav(samples: number, marker = 0): Uint8Array {
  const data = samples * 2;
  const b = Buffer.alloc(44 + data);
  b.write('RIFF', 0, 'ascii');
  b.writeUInt32LE(36 + data, 4);
  b.write('WAVE', 8, 'ascii');
  b.write('fmt ', 12, 'ascii');
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20); // PCM
  b.writeUInt16LE(1, 22); // mono
  b.writeUInt32LE(8000, 24);
  b.writeUInt32LE(16000, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write('data', 36, 'ascii');
  b.writeUInt32LE(data, 40);
  b[44] = marker;
  return new Uint8Array(b);
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

function upload(who: Learner, deckId: number, bytes: Uint8Array, name = 'word.wav', type = '') {
  const form = new FormData();
  form.set('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), name);
  return t.request('POST', `${SR}/desks/${deckId}/media/`, { token: who.access, form });
}

/** The media's answer as bytes (the contract harness reads JSON answers only). */
function fetchMedia(who: Learner, url: string, headers: Record<string, string> = {}) {
  return t.app.request(url, { headers: { authorization: `Bearer ${who.access}`, ...headers } });
}

async function share(owner: Learner, deckId: number, to: Learner, allowEditing = false) {
  const res = await t.request('POST', `${SR}/desks/${deckId}/share_multiple/`, {
    token: owner.access,
    body: { emails: [to.user.email], allow_editing: allowEditing },
  });
  expect(res.status).toBe(200);
}

describe('deck media', () => {
  it('stores a sound by its hash and serves it with long cache headers, ETag and ranges', async () => {
    const ana = await t.signUp();
    const deck = await makeDeck(ana);
    const sound = wav(1000, 1);
    const res = await upload(ana, deck.id, sound);
    expect(res.status).toBe(201);
    const hash = sha256(sound);
    expect(res.body).toEqual({
      hash,
      url: `/be/api/space-repetition/media/${hash}/`,
      mime: 'audio/wav',
      size: sound.byteLength,
    });

    const got = await fetchMedia(ana, res.body.url);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('audio/wav');
    expect(got.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(got.headers.get('etag')).toBe(`"${hash}"`);
    expect(got.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await got.arrayBuffer()).equals(Buffer.from(sound))).toBe(true);

    const again = await fetchMedia(ana, res.body.url, { 'if-none-match': `"${hash}"` });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');

    const part = await fetchMedia(ana, res.body.url, { range: 'bytes=40-47' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 40-47/${sound.byteLength}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(Buffer.from(sound.slice(40, 48)))).toBe(
      true,
    );
    const tail = await fetchMedia(ana, res.body.url, { range: 'bytes=-4' });
    expect(tail.status).toBe(206);
    expect((await tail.arrayBuffer()).byteLength).toBe(4);
    // A range past the end is ignored: the whole media.
    const past = await fetchMedia(ana, res.body.url, { range: `bytes=${sound.byteLength}-` });
    expect(past.status).toBe(200);
    expect((await past.arrayBuffer()).byteLength).toBe(sound.byteLength);
  });

  it('stores the same bytes once, whoever uploads them, and links them to each deck', async () => {
    const ana = await t.signUp();
    const bea = await t.signUp();
    const [one, two, hers] = [await makeDeck(ana), await makeDeck(ana), await makeDeck(bea)];
    const sound = wav(500, 2);
    const answers = [
      await upload(ana, one.id, sound),
      await upload(ana, two.id, sound, 'other-name.ogg', 'audio/ogg'),
      await upload(ana, two.id, sound),
      await upload(bea, hers.id, sound),
    ];
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.hash))).toEqual(new Set([sha256(sound)]));
    const [row] = await t.deps.sql<{ media: number; links: number }[]>`
      select (select count(*)::int from media where hash = ${sha256(sound)}) as media,
             (select count(*)::int from desk_media where media_hash = ${sha256(sound)}) as links`;
    expect(row).toEqual({ media: 1, links: 3 });
  });

  it('encodes an image again, as card images are, and serves what it stored', async () => {
    const ana = await t.signUp();
    const deck = await makeDeck(ana);
    const res = await upload(ana, deck.id, PNG, 'photo.png', 'image/png');
    expect(res.status).toBe(201);
    expect(res.body.mime).toBe('image/png');
    const got = await fetchMedia(ana, res.body.url);
    expect(got.headers.get('content-type')).toBe('image/png');
    const bytes = new Uint8Array(await got.arrayBuffer());
    expect(sha256(bytes)).toBe(res.body.hash);
    await expectStoredPng(bytes);
    // The encoding is deterministic: the same upload is the same media.
    const again = await upload(ana, deck.id, PNG, 'again.png');
    expect(again.body.hash).toBe(res.body.hash);
  });

  it('refuses by content, naming the file: text named .mp3, a missing file, a sound too large', async () => {
    const ana = await t.signUp();
    const deck = await makeDeck(ana);
    const text = new TextEncoder().encode('<script>alert(1)</script> not a sound');
    const wrong = await upload(ana, deck.id, text, 'song.mp3', 'audio/mpeg');
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('validation_error');
    expect(wrong.body.field_codes).toEqual({ file: ['media_type_not_allowed'] });

    const none = await t.request('POST', `${SR}/desks/${deck.id}/media/`, {
      token: ana.access,
      form: new FormData(),
    });
    expect(none.status).toBe(400);
    expect(none.body.field_codes).toEqual({ file: ['media_file_required'] });

    const large = await upload(ana, deck.id, wav(AUDIO_LIMIT / 2));
    expect(large.status).toBe(400);
    expect(large.body.fields).toEqual({ file: ['The sound is larger than 64 KiB.'] });
    expect(large.body.field_codes).toEqual({ file: ['media_too_large'] });
    const [row] = await t.deps.sql<{ n: number }[]>`
      select count(*)::int as n from desk_media where desk_id = ${deck.id}`;
    expect(row?.n).toBe(0);
  });

  it('serves media to share recipients, and 404 to anyone else as to an unknown hash', async () => {
    const ana = await t.signUp();
    const bea = await t.signUp();
    const eve = await t.signUp();
    const deck = await makeDeck(ana);
    const res = await upload(ana, deck.id, wav(300, 3));
    expect((await fetchMedia(bea, res.body.url)).status).toBe(404);
    await share(ana, deck.id, bea);
    const shared = await fetchMedia(bea, res.body.url);
    expect(shared.status).toBe(200);
    expect(shared.headers.get('content-type')).toBe('audio/wav');

    const other = await fetchMedia(eve, res.body.url);
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ code: 'not_found' });
    const unknown = await fetchMedia(ana, `${SR}/media/${'0'.repeat(64)}/`);
    expect(unknown.status).toBe(404);
    expect((await fetchMedia(eve, `${SR}/media/NOT-A-HASH/`)).status).toBe(400);
    expect((await t.app.request(res.body.url)).status).toBe(401);
  });

  it('lets only the deck editors upload: read-only recipients 403, others 404', async () => {
    const ana = await t.signUp();
    const bea = await t.signUp();
    const eve = await t.signUp();
    const deck = await makeDeck(ana);
    await share(ana, deck.id, bea);
    expect((await upload(bea, deck.id, wav(10, 4))).status).toBe(403);
    expect((await upload(eve, deck.id, wav(10, 4))).status).toBe(404);
    await share(ana, deck.id, bea, true);
    const editor = await upload(bea, deck.id, wav(10, 4));
    expect(editor.status).toBe(201);
    // Media a deck uses is readable by its owner, whoever uploaded it.
    expect((await fetchMedia(ana, editor.body.url)).status).toBe(200);
  });
});
