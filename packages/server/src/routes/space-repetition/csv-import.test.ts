import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, type TestBackend } from '../../test/harness.ts';
import { helpers, type Learner, SR } from '../../test/space-repetition.ts';

let t: TestBackend;
beforeAll(async () => {
  t = await createTestBackend();
});
afterAll(async () => {
  await t?.close();
});

const { makeDeck, makeCard, rate } = helpers(() => t);
const IMPORT = `${SR}/csv-import/`;

function upload(
  learner: Learner,
  text: string | Uint8Array,
  name = 'words.csv',
  deckName?: string,
) {
  const form = new FormData();
  const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : text;
  form.set('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'text/csv' }), name);
  if (deckName !== undefined) form.set('name', deckName);
  return t.request('POST', IMPORT, { token: learner.access, form });
}

type Summary = {
  desks: { id: number; name: string; cards: number }[];
  cards_imported: number;
  reviews_imported: number;
  skipped: unknown[];
};

async function cardsOf(learner: Learner, deckId: number) {
  const res = await t.request('GET', `${SR}/desks/${deckId}/cards/`, { token: learner.access });
  expect(res.status).toBe(200);
  return (res.body as { results: { front: string; back: string }[] }).results
    .map((c) => [c.front, c.back])
    .sort();
}

/** The decks and cards a learner owns: what a refused file must leave untouched. */
async function owned(learner: Learner) {
  const [row] = await t.deps.sql<{ n: number }[]>`
    select (select count(*)::int from desks where owner_id = ${learner.user.id})
      + (select count(*)::int from cards where created_by = ${learner.user.id}) as n`;
  return row?.n;
}

describe('CSV import', () => {
  it('imports the deck export of another deck, back into a new deck with the same cards', async () => {
    const ana = await t.signUp();
    const deck = await makeDeck(ana, { name: 'Quotes' });
    const card = await makeCard(ana, deck.id, 'Say "hi", then\nwave', 'ok, bye');
    await makeCard(ana, deck.id, 'Spain', 'Madrid');
    expect((await rate(ana, card.id, { difficulty: 'good' })).status).toBe(200);
    const exported = await t.app.request(`${SR}/desks/${deck.id}/export/?format=csv`, {
      headers: { authorization: `Bearer ${ana.access}` },
    });
    const res = await upload(ana, await exported.text(), 'Quotes.csv');
    expect(res.status).toBe(201);
    const summary = res.body as unknown as Summary;
    expect(summary).toMatchObject({
      desks: [{ name: 'Quotes', cards: 2 }],
      cards_imported: 2,
      reviews_imported: 0,
      skipped: [],
    });
    const id = summary.desks[0]?.id as number;
    expect(id).not.toBe(deck.id);
    expect(await cardsOf(ana, id)).toEqual([
      ['Say "hi", then\nwave', 'ok, bye'],
      ['Spain', 'Madrid'],
    ]);
    const list = await t.request('GET', `${SR}/desks/${id}/`, { token: ana.access });
    expect(list.body).toMatchObject({ name: 'Quotes', cards_count: 2 });
  });

  it('takes a simple front,back file with or without its header, and the name sent', async () => {
    const ana = await t.signUp();
    const withHeader = await upload(ana, '\uFEFFfront,back\r\nOne,Uno\r\n\r\nTwo,Dos\r\n');
    expect(withHeader.status).toBe(201);
    expect(withHeader.body).toMatchObject({ desks: [{ name: 'words', cards: 2 }] });
    const bare = await upload(ana, 'Three,Tres\nFour,Cuatro', 'x.csv', ' Numbers ');
    expect(bare.status).toBe(201);
    const summary = bare.body as unknown as Summary;
    expect(summary.desks[0]?.name).toBe('Numbers');
    expect(await cardsOf(ana, summary.desks[0]?.id as number)).toEqual([
      ['Four', 'Cuatro'],
      ['Three', 'Tres'],
    ]);
  });

  it('names every bad row with its number and why, and imports nothing', async () => {
    const ana = await t.signUp();
    const before = await owned(ana);
    const text = [
      'front,back',
      'Good,Bueno',
      'Only one column',
      ',Empty front',
      `Long,${'x'.repeat(5001)}`,
      'Bell\u0007,Campana',
      '"Two\nlines",ok',
      'a,b,c',
    ].join('\n');
    const res = await upload(ana, text);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_error');
    expect(res.body.field_codes).toEqual({
      'rows.3': ['csv_column_count'],
      'rows.4.front': ['blank'],
      'rows.5.back': ['too_long'],
      'rows.6.front': ['control_characters'],
      'rows.8': ['csv_column_count'],
    });
    expect(res.body.fields?.['rows.3']).toEqual(['Must have 2 columns.']);
    expect(await owned(ana)).toBe(before);
  });

  it("checks the export's own columns", async () => {
    const ana = await t.signUp();
    const res = await upload(
      ana,
      'front,back,reviews,last_review\nA,B,2,2025-01-02T03:04:05.000Z\nC,D,many,\nE,F,0,yesterday\n',
    );
    expect(res.status).toBe(400);
    expect(res.body.field_codes).toEqual({
      'rows.3.reviews': ['invalid_format'],
      'rows.4.last_review': ['invalid_format'],
    });
  });

  it('refuses a file that is not UTF-8, empty, or has a quote never closed', async () => {
    const ana = await t.signUp();
    const before = await owned(ana);
    const latin1 = await upload(ana, new Uint8Array([0x45, 0x73, 0xf1, 0x61, 0x2c, 0x61]));
    expect(latin1.body.field_codes).toEqual({ file: ['csv_not_utf8'] });
    const empty = await upload(ana, 'front,back\r\n\r\n');
    expect(empty.body.field_codes).toEqual({ file: ['csv_no_rows'] });
    const open = await upload(ana, 'A,B\nC,"never closed\nD,E\n');
    expect(open.body.field_codes).toEqual({ 'rows.2': ['csv_unclosed_quote'] });
    const nul = await upload(ana, 'A\u0000,B\n');
    expect(nul.body.field_codes).toEqual({ 'rows.1.front': ['control_characters'] });
    for (const res of [latin1, empty, open, nul]) expect(res.status).toBe(400);
    expect(await owned(ana)).toBe(before);
  });

  it('needs a file, bounds the rows and lists at most 100 bad rows', async () => {
    const ana = await t.signUp();
    const form = new FormData();
    form.set('name', 'No file');
    const none = await t.request('POST', IMPORT, { token: ana.access, form });
    expect(none.status).toBe(400);
    expect(none.body.field_codes).toEqual({ file: ['csv_file_required'] });

    const many = await upload(ana, 'a,b\n'.repeat(100_001));
    expect(many.status).toBe(400);
    expect(many.body.field_codes).toEqual({ file: ['csv_too_many_rows'] });

    const bad = await upload(ana, 'lonely\n'.repeat(150));
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.field_codes ?? {})).toHaveLength(100);
    expect(bad.body.detail).toBe(
      '150 rows of the CSV file cannot be imported; the first 100 are listed.',
    );
  });

  it('is for signed-in learners only', async () => {
    const form = new FormData();
    form.set('file', new Blob(['a,b']), 'a.csv');
    expect((await t.request('POST', IMPORT, { form })).status).toBe(401);
  });
});
