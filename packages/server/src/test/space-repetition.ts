/** What the space-repetition route tests share: a backend per test file and quick fixtures. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { TestBackend } from './harness.ts';

export const SR = '/be/api/space-repetition';

export type Learner = Awaited<ReturnType<TestBackend['signUp']>>;

/** An image of the OCR fixtures. */
export const fixture = (name: string) =>
  readFileSync(path.join(import.meta.dirname, '../providers/ocr/fixtures', name));

export const PNG = fixture('notes.png');
export const pngDataUrl = `data:image/png;base64,${PNG.toString('base64')}`;

/** The pixels of an image (a data: URL or bytes), to compare a stored image with its upload. */
async function pixels(image: string | Uint8Array) {
  const bytes =
    typeof image === 'string' ? Buffer.from(image.split(',')[1] ?? '', 'base64') : image;
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, channels: info.channels, data };
}

/**
 * Expects `image` (a data: URL or bytes) to be the PNG `original` as the server stores it: encoded again (so not the
 * same bytes), the same pixels.
 */
export async function expectStoredPng(image: unknown, original: Uint8Array = PNG) {
  const bytes = image instanceof Uint8Array;
  if (!bytes) expect(String(image)).toMatch(/^data:image\/png;base64,/);
  const [stored, sent] = await Promise.all([
    pixels(bytes ? image : String(image)),
    pixels(original),
  ]);
  expect({ ...stored, data: stored.data.equals(sent.data) }).toEqual({ ...sent, data: true });
}

/** Request helpers bound to the test file's backend (created in its beforeAll). */
export function helpers(backend: () => TestBackend) {
  const made = {
    async makeDeck(who: Learner, body: Record<string, unknown> = {}) {
      const res = await backend().request('POST', `${SR}/desks/`, {
        token: who.access,
        body: { name: 'Capitals', ...body },
      });
      expect(res.status).toBe(201);
      return res.body;
    },
    async makeCard(who: Learner, deckId: number, front = 'Spain', back = 'Madrid') {
      const res = await backend().request('POST', `${SR}/cards/`, {
        token: who.access,
        body: { desk_id: deckId, front, back },
      });
      expect(res.status).toBe(201);
      return res.body;
    },
    rate(who: Learner, cardId: number, body: Record<string, unknown>) {
      return backend().request('POST', `${SR}/cards/${cardId}/update_difficulty/`, {
        token: who.access,
        body,
      });
    },
  };
  return {
    ...made,
    /** A deck of `who` with `cards` cards (Q0/A0, Q1/A1, …) and their ids in order. */
    async deckOf(who: Learner, cards: number) {
      const deck = await made.makeDeck(who);
      const ids: number[] = [];
      for (let i = 0; i < cards; i++) {
        ids.push((await made.makeCard(who, deck.id, `Q${i}`, `A${i}`)).id);
      }
      return { deck, ids };
    },
  };
}
