import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, type TestBackend } from '../../test/harness.ts';
import { helpers, PNG, pngDataUrl, SR } from '../../test/space-repetition.ts';

let t: TestBackend;

beforeAll(async () => {
  t = await createTestBackend();
});

afterAll(async () => {
  await t?.close();
});

const { makeDeck } = helpers(() => t);

describe('card generation', () => {
  it('proposes cards from text with the offline rules engine, saving nothing', async () => {
    const ana = await t.signUp();
    const deck = await makeDeck(ana);
    const res = await t.request('POST', `${SR}/desks/${deck.id}/generate_cards/`, {
      token: ana.access,
      body: {
        text: 'Mitochondria - the powerhouse of the cell\nQ: Capital of Peru?\nA: Lima\nThe Battle of Hastings took place in 1066.',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      source: 'text',
      extracted_text: null,
      provider: 'rules',
      cards: [
        { front: 'Mitochondria', back: 'the powerhouse of the cell', kind: 'basic' },
        { front: 'Capital of Peru?', back: 'Lima', kind: 'qa' },
        { front: 'The Battle of Hastings took place in _____.', back: '1066', kind: 'cloze' },
      ],
    });
    const saved = await t.request('GET', `${SR}/desks/${deck.id}/`, { token: ana.access });
    expect(saved.body.cards_count).toBe(0);
  });

  it('needs text or an image', async () => {
    const ana = await t.signUp();
    const deck = await makeDeck(ana);
    for (const body of [{}, { text: '   ' }, { image: null }]) {
      const res = await t.request('POST', `${SR}/desks/${deck.id}/generate_cards/`, {
        token: ana.access,
        body,
      });
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe('Please provide either text or an image');
    }
  });

  it('reads an image with OCR (English traineddata from npm) and proposes cards', async () => {
    const ana = await t.signUp();
    const deck = await makeDeck(ana);
    const res = await t.request('POST', `${SR}/desks/${deck.id}/generate_cards/`, {
      token: ana.access,
      body: { image: pngDataUrl },
    });
    expect(res.status).toBe(200);
    expect(res.body.source).toBe('image');
    expect(res.body.extracted_text).toContain('Photosynthesis - how plants make food');
    expect(res.body.cards).toEqual([
      { front: 'Photosynthesis', back: 'how plants make food', kind: 'basic' },
      { front: 'Madrid', back: 'capital of Spain', kind: 'basic' },
    ]);
    // The same worker serves a multipart upload.
    const form = new FormData();
    form.set('image', new Blob([PNG], { type: 'image/png' }), 'notes.png');
    form.set('language', 'es');
    const multipart = await t.request('POST', `${SR}/desks/${deck.id}/generate_cards/`, {
      token: ana.access,
      form,
    });
    expect(multipart.status).toBe(200);
    expect(multipart.body.cards).toHaveLength(2);
  }, 60_000);

  it('answers 400 naming the image when OCR finds no text, and for non-images', async () => {
    const ana = await t.signUp();
    const deck = await makeDeck(ana);
    const blankPng = readFileSync(
      path.join(import.meta.dirname, '../../providers/ocr/fixtures/blank.png'),
    );
    const blank = `data:image/png;base64,${blankPng.toString('base64')}`;
    const res = await t.request('POST', `${SR}/desks/${deck.id}/generate_cards/`, {
      token: ana.access,
      body: { image: blank },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'validation_error',
      fields: { image: ['No text could be read from this image.'] },
    });
    const fake = `data:image/png;base64,${Buffer.from('nope').toString('base64')}`;
    const notImage = await t.request('POST', `${SR}/desks/${deck.id}/generate_cards/`, {
      token: ana.access,
      body: { image: fake },
    });
    expect(notImage.status).toBe(400);
    expect(notImage.body.fields).toEqual({
      image: ['The file is not a PNG, JPEG, WebP or GIF image.'],
    });
  }, 60_000);
});
