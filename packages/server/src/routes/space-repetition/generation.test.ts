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
      notes: [
        {
          note_type: 'basic',
          fields: { front: 'Mitochondria', back: 'the powerhouse of the cell' },
        },
        { note_type: 'basic', fields: { front: 'Capital of Peru?', back: 'Lima' } },
        {
          note_type: 'cloze',
          fields: { text: 'The Battle of Hastings took place in {{c1::1066}}.', extra: '' },
        },
      ],
    });
    const saved = await t.request('GET', `${SR}/desks/${deck.id}/`, { token: ana.access });
    expect(saved.body.cards_count).toBe(0);
  });

  it('proposes cloze notes when asked, which save as notes with one card per deletion', async () => {
    const ana = await t.signUp();
    const deck = await makeDeck(ana);
    const res = await t.request('POST', `${SR}/desks/${deck.id}/generate_cards/`, {
      token: ana.access,
      body: {
        text: 'Cristóbal Colón llegó a Guanahani el 12 de octubre de 1492.\n¿Capital de Chile? Santiago',
        language: 'es',
        output: 'cloze',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.cards).toEqual([
      {
        front: '_____ llegó a _____ el _____.',
        back: 'Cristóbal Colón, Guanahani, 12 de octubre de 1492',
        kind: 'cloze',
      },
      { front: '¿Capital de Chile?', back: 'Santiago', kind: 'qa' },
    ]);
    expect(res.body.notes).toEqual([
      {
        note_type: 'cloze',
        fields: {
          text: '{{c1::Cristóbal Colón}} llegó a {{c2::Guanahani}} el {{c3::12 de octubre de 1492}}.',
          extra: '',
        },
      },
      { note_type: 'basic', fields: { front: '¿Capital de Chile?', back: 'Santiago' } },
    ]);
    for (const note of res.body.notes) {
      const created = await t.request('POST', `${SR}/notes/`, {
        token: ana.access,
        body: { desk_id: deck.id, ...note },
      });
      expect(created.status).toBe(201);
    }
    const saved = await t.request('GET', `${SR}/desks/${deck.id}/`, { token: ana.access });
    expect(saved.body.cards_count).toBe(4);
  });

  it('refuses an unknown output kind, in JSON and in a form', async () => {
    const ana = await t.signUp();
    const deck = await makeDeck(ana);
    const json = await t.request('POST', `${SR}/desks/${deck.id}/generate_cards/`, {
      token: ana.access,
      body: { text: 'Paris - France', output: 'poems' },
    });
    expect(json.status).toBe(400);
    expect(Object.keys(json.body.fields)).toEqual(['output']);
    const form = new FormData();
    form.set('text', 'Paris is the capital of France since 987.');
    form.set('output', 'poems');
    const bad = await t.request('POST', `${SR}/desks/${deck.id}/generate_cards/`, {
      token: ana.access,
      form,
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toEqual(['output']);
    form.set('output', 'cloze');
    const good = await t.request('POST', `${SR}/desks/${deck.id}/generate_cards/`, {
      token: ana.access,
      form,
    });
    expect(good.status).toBe(200);
    expect(good.body.notes[0].fields.text).toBe(
      'Paris is the capital of {{c1::France}} since {{c2::987}}.',
    );
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
