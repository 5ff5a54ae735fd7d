import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { createTestBackend, type TestBackend } from '../../test/harness.ts';

let t: TestBackend;
beforeAll(async () => {
  t = await createTestBackend();
});
afterAll(async () => {
  await t?.close();
});

const CT = '/be/api/conversiontable';
const MI = '/be/api/macroimages';

async function standard() {
  const who = await t.signUp();
  await t.database.db
    .update(users)
    .set({ accountType: 'standard' })
    .where(eq(users.id, who.user.id));
  return who;
}

type Entry = { digits: string; word: string | null; suggestions: string[] };

const save = (token: string, entries: { digits: string; word: string }[], language = 'en') =>
  t.request('PUT', `${CT}/table/`, { token, body: { language, entries } });

describe("the learner's own table", () => {
  it('lists 00 to 99 with suggestions, nothing saved yet', async () => {
    const ana = await standard();
    const res = await t.request('GET', `${CT}/table/`, { token: ana.access });
    expect(res.status).toBe(200);
    expect(res.body.language).toBe('en');
    const entries = res.body.entries as Entry[];
    expect(entries.map((e) => e.digits)).toEqual(
      Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0')),
    );
    expect(entries.every((e) => e.word === null)).toBe(true);
    expect(entries.find((e) => e.digits === '28')?.suggestions).toContain('knife');
    expect(entries.every((e) => e.suggestions.length > 0 && e.suggestions.length <= 5)).toBe(true);
    const es = await t.request('GET', `${CT}/table/?language=es`, { token: ana.access });
    expect(es.body.language).toBe('es');
  });

  it('saves words by sound, clears with an empty word, per language and per learner', async () => {
    const ana = await standard();
    const ben = await standard();
    const saved = await save(ana.access, [
      { digits: '28', word: 'gnaw' }, // silent g, no f or v: 2, not 28
    ]);
    expect(saved.status).toBe(400);
    const ok = await save(ana.access, [
      { digits: '28', word: 'navy' },
      { digits: '13', word: 'thumb' },
      { digits: '58', word: 'laugh' },
      { digits: '01', word: 'city' },
      { digits: '73', word: 'comb' },
    ]);
    expect(ok.status).toBe(200);
    const byDigits = new Map((ok.body.entries as Entry[]).map((e) => [e.digits, e.word]));
    expect(byDigits.get('28')).toBe('navy');
    expect(byDigits.get('13')).toBe('thumb');
    expect(byDigits.get('73')).toBe('comb');
    expect(byDigits.get('00')).toBeNull();

    const cleared = await save(ana.access, [{ digits: '13', word: '' }]);
    expect((cleared.body.entries as Entry[]).find((e) => e.digits === '13')?.word).toBeNull();
    expect((cleared.body.entries as Entry[]).find((e) => e.digits === '28')?.word).toBe('navy');

    const spanish = await save(ana.access, [{ digits: '69', word: 'llave' }], 'es');
    expect(spanish.status).toBe(200);
    const english = await t.request('GET', `${CT}/table/`, { token: ana.access });
    expect((english.body.entries as Entry[]).find((e) => e.digits === '69')?.word).toBeNull();
    const others = await t.request('GET', `${CT}/table/`, { token: ben.access });
    expect((others.body.entries as Entry[]).every((e) => e.word === null)).toBe(true);
  });

  it('names each failing entry and saves nothing when one fails', async () => {
    const ana = await standard();
    const res = await save(ana.access, [
      { digits: '12', word: 'tin' },
      { digits: '28', word: 'knight' },
      { digits: '33', word: 'zzxqj' },
      { digits: '44', word: 'two words!' },
      { digits: '12', word: 'tone' },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_error');
    expect(res.body.field_codes).toEqual({
      'entries.1.word': ['word_does_not_encode'],
      'entries.2.word': ['word_not_in_dictionary'],
      'entries.3.word': ['one_word_letters_only'],
      'entries.4.digits': ['number_repeated'],
    });
    expect(res.body.fields['entries.1.word']).toEqual(["This word's sounds encode 21, not 28."]);
    const table = await t.request('GET', `${CT}/table/`, { token: ana.access });
    expect((table.body.entries as Entry[]).find((e) => e.digits === '12')?.word).toBeNull();
  });

  it('refuses malformed entries with the contract’s field errors', async () => {
    const ana = await standard();
    const cases: [unknown, Record<string, string[]>][] = [
      [{ entries: [] }, { entries: ['too_few_items'] }],
      [{ entries: [{ digits: '100', word: 'x' }] }, { 'entries.0.digits': ['invalid_format'] }],
      [{ entries: [{ digits: '12', word: 'x'.repeat(41) }] }, { 'entries.0.word': ['too_long'] }],
      [{ entries: [{ digits: '12' }] }, { 'entries.0.word': ['required'] }],
    ];
    for (const [body, codes] of cases) {
      const res = await t.request('PUT', `${CT}/table/`, { token: ana.access, body });
      expect(res.status).toBe(400);
      expect(res.body.field_codes).toEqual(codes);
    }
    const many = Array.from({ length: 101 }, () => ({ digits: '12', word: 'tin' }));
    const res = await t.request('PUT', `${CT}/table/`, {
      token: ana.access,
      body: { entries: many },
    });
    expect(res.body.field_codes).toEqual({ entries: ['too_many_items'] });
  });

  it('is gated: free learners get 403', async () => {
    const free = await t.signUp();
    const res = await t.request('GET', `${CT}/table/`, { token: free.access });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'plan_required', feature: 'conversion_table' });
  });

  it('comes first in conversions, phrases and macro-image stories of its language', async () => {
    const ana = await standard();
    await save(ana.access, [
      { digits: '31', word: 'mat' },
      { digits: '41', word: 'rat' },
      { digits: '59', word: 'lip' },
      { digits: '26', word: 'notch' },
      { digits: '53', word: 'lime' },
    ]);
    const converted = await t.request('POST', `${CT}/convert-numbers/`, {
      token: ana.access,
      body: { numbers: '31 3141592653' },
    });
    expect(converted.body.results[0].words[0]).toBe('mat');
    expect(converted.body.results[1].splits[0]).toEqual([
      { digits: '31', word: 'mat' },
      { digits: '41', word: 'rat' },
      { digits: '59', word: 'lip' },
      { digits: '26', word: 'notch' },
      { digits: '53', word: 'lime' },
    ]);
    const phrase = await t.request('POST', `${CT}/generate-phrase/`, {
      token: ana.access,
      body: { number: '3141' },
    });
    expect(phrase.body.words.map((w: { word: string }) => w.word)).toEqual(['mat', 'rat']);

    const chat = await t.request('POST', `${MI}/chats/`, { token: ana.access, body: {} });
    const sent = await t.request('POST', `${MI}/chats/${chat.body.id}/send_message/`, {
      token: ana.access,
      body: { content: '3141592653' },
    });
    expect(sent.body.assistant_message.storyboard.map((s: { word: string }) => s.word)).toEqual([
      'mat',
      'rat',
      'lip',
      'notch',
      'lime',
    ]);
    // Spanish conversions do not take English words.
    const es = await t.request('POST', `${CT}/convert-numbers/`, {
      token: ana.access,
      body: { numbers: '31', language: 'es' },
    });
    expect(es.body.results[0].words[0]).not.toBe('mat');
  });
});

describe('the lexicon for converting offline', () => {
  it("gives the browser what it needs to answer as convert-numbers does, the learner's table on top", async () => {
    const { convertNumber, unpackLexicon } = await import('@memoria/api/major-system');
    const ana = await standard();
    expect(
      (
        await save(ana.access, [
          { digits: '28', word: 'navy' },
          { digits: '14', word: 'tower' },
        ])
      ).status,
    ).toBe(200);
    const numbers = '28 3141592653 1428 0 999999999999 7 281428';
    for (const language of ['en', 'es'] as const) {
      const lex = await t.request('GET', `${CT}/lexicon/?language=${language}`, {
        token: ana.access,
      });
      expect(lex.status).toBe(200);
      expect(lex.body.language).toBe(language);
      const table = await t.request('GET', `${CT}/table/?language=${language}`, {
        token: ana.access,
      });
      const own = new Map(
        (table.body.entries as Entry[])
          .filter((e) => e.word)
          .map((e) => [e.digits, e.word as string]),
      );
      const server = await t.request('POST', `${CT}/convert-numbers/`, {
        token: ana.access,
        body: { numbers, language },
      });
      const index = unpackLexicon(lex.body.words);
      const local = {
        language,
        results: numbers.split(' ').map((n) => convertNumber(index, n, own)),
      };
      expect(JSON.stringify(local)).toBe(JSON.stringify(server.body));
    }
  });

  it('refuses free plans like the other conversion tools', async () => {
    const free = await t.signUp();
    const res = await t.request('GET', `${CT}/lexicon/`, { token: free.access });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'plan_required', feature: 'conversion_table' });
  });
});
