/** Issue 40 item 9: an unnamed duel created in Spanish was titled "Table duel" / "Custom duel". */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { D, helpers, type Player } from '../../test/duels.ts';
import { createTestBackend, type TestBackend } from '../../test/harness.ts';

let t: TestBackend;

beforeAll(async () => {
  t = await createTestBackend();
});

afterAll(async () => {
  await t?.close();
});

const h = helpers(() => t);

const create = (who: Player, path: string, body: unknown, language: string) =>
  t.request('POST', `${D}/${path}`, {
    token: who.access,
    body,
    headers: { 'accept-language': language },
  });

describe('the title of an unnamed duel', () => {
  it.each([
    ['es-AR,es;q=0.9', ['Duelo personalizado', 'Duelo de imágenes', 'Duelo de números']],
    ['en-US', ['Custom duel', 'Image duel', 'Table duel']],
  ])('is the kind of duel in the creator’s language (%s)', async (language, titles) => {
    const [ana, ben] = await h.pair();
    const common = { opponent_id: ben.user.id, view_time: 10, answer_time: 30 };
    const custom = await create(
      ana,
      'create/',
      {
        ...common,
        duel_type: 'custom',
        questions: [{ question: 'Capital of Peru?', answer: 'Lima' }],
      },
      language,
    );
    const images = await create(ana, 'image-duels/', { ...common, word_limit: 3 }, language);
    const table = await create(ana, 'table-duels/', { ...common, number_limit: 3 }, language);
    expect([custom.status, images.status, table.status]).toEqual([201, 201, 201]);
    expect([custom.body.name, images.body.name, table.body.name]).toEqual(titles);
  });

  it('is the name given, when one is', async () => {
    const [ana, ben] = await h.pair();
    const res = await create(
      ana,
      'table-duels/',
      { opponent_id: ben.user.id, view_time: 10, answer_time: 30, number_limit: 3, name: 'Pi' },
      'es',
    );
    expect(res.body.name).toBe('Pi');
  });
});
