import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, type TestBackend } from '../test/harness.ts';
import { insertDeck } from './queries/desks.ts';

let t: TestBackend;

beforeAll(async () => {
  t = await createTestBackend();
});

afterAll(async () => {
  await t?.close();
});

describe('every card has a note', () => {
  it('makes a basic note of a card a bulk SQL load inserts without one', async () => {
    const ana = await t.signUp();
    const deckId = await insertDeck(t.deps.sql, {
      ownerId: ana.user.id,
      name: 'Bulk',
      newCardsPerDay: 10,
      allowEditing: false,
    });
    const [card] = await t.deps.sql<{ note_id: number; front_html: string; back_html: string }[]>`
      insert into cards (desk_id, front, back, created_by)
      values (${deckId}, ${'a < b\nc'}, ${'"q" & r'}, ${ana.user.id})
      returning note_id, front_html, back_html`;
    expect(card).toEqual({
      note_id: expect.any(Number),
      front_html: 'a &lt; b<br>c',
      back_html: '&quot;q&quot; &amp; r',
    });
    const [note] = await t.deps.sql`
      select desk_id, owner_id, stock_type, fields from notes where id = ${card?.note_id ?? 0}`;
    expect(note).toEqual({
      desk_id: deckId,
      owner_id: ana.user.id,
      stock_type: 'basic',
      fields: { front: 'a &lt; b<br>c', back: '&quot;q&quot; &amp; r' },
    });
  });
});
