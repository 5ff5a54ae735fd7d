import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trainingAttempts } from '../../db/schema.ts';
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

async function start(who: Player, body: Record<string, unknown>) {
  const res = await h.post(who, `${D}/training/`, body);
  expect(res.status).toBe(201);
  return res.body;
}

/** The answer key the server keeps (read from storage, as only the server may). */
async function truthOf(id: number): Promise<string[]> {
  const [row] = await t.database.db
    .select({ content: trainingAttempts.content })
    .from(trainingAttempts)
    .where(eq(trainingAttempts.id, id));
  if (!row) throw new Error(`no attempt ${id}`);
  return (row.content as { truth: string[] }).truth;
}

/** Moves an attempt's clock `seconds` into the past. */
async function age(id: number, seconds: number) {
  const [row] = await t.database.db
    .select()
    .from(trainingAttempts)
    .where(eq(trainingAttempts.id, id));
  if (!row) throw new Error('no attempt');
  const back = (d: Date) => new Date(d.getTime() - seconds * 1000);
  await t.database.db
    .update(trainingAttempts)
    .set({
      startedAt: back(row.startedAt),
      memorizeEndsAt: back(row.memorizeEndsAt),
      recallEndsAt: back(row.recallEndsAt),
    })
    .where(eq(trainingAttempts.id, id));
}

describe('GET duels/disciplines/', () => {
  it('lists the five disciplines with their limits and scoring', async () => {
    const who = await h.player('free');
    const res = await h.get(who, `${D}/disciplines/`);
    expect(res.status).toBe(200);
    expect(res.body.map((d: { id: string }) => d.id)).toEqual([
      'numbers',
      'images',
      'words',
      'names',
      'cards',
    ]);
    expect(res.body[0]).toMatchObject({
      id: 'numbers',
      default_count: 80,
      memorize_seconds: 60,
      recall_seconds: 240,
    });
  });
});

describe('solo training', () => {
  it('starts with the content and deadlines, never the answer key, and scores the recall', async () => {
    const who = await h.player('free');
    const attempt = await start(who, { discipline: 'numbers' });
    expect(attempt.content.digits).toMatch(/^\d{80}$/);
    expect(JSON.stringify(attempt)).not.toContain('truth');
    expect(Date.parse(attempt.recall_ends_at) - Date.parse(attempt.started_at)).toBe(300_000);

    // First row right, second row with one mistake: 40 + 20 (WMC rows).
    const digits = [...attempt.content.digits];
    digits[45] = digits[45] === '0' ? '1' : '0';
    const res = await h.post(who, `${D}/training/${attempt.id}/submit/`, {
      answers: digits,
      memorize_ms: 30_000,
    });
    expect(res.status).toBe(200);
    expect(res.body.attempt).toMatchObject({ score: 60, max_score: 80, late: false });
    expect(res.body.row_points).toEqual([40, 20]);
    expect(res.body.marks[45]).toMatchObject({ correct: false });
    expect(res.body.marks[45].truth).toBe(attempt.content.digits[45]);
    expect(res.body.personal_best).toBe(true);
    expect(res.body.best.id).toBe(attempt.id);
  });

  it('sets a personal best only when beaten, and lists history and bests', async () => {
    const who = await h.player('free');
    const first = await start(who, { discipline: 'words', options: { count: 10, language: 'es' } });
    const truth = await truthOf(first.id);
    expect(first.content.words).toEqual(truth);
    const good = await h.post(who, `${D}/training/${first.id}/submit/`, { answers: truth });
    expect(good.body).toMatchObject({ personal_best: true, attempt: { score: 10 } });

    const second = await start(who, {
      discipline: 'words',
      options: { count: 10, language: 'es' },
    });
    const worse = await h.post(who, `${D}/training/${second.id}/submit/`, {
      answers: (await truthOf(second.id)).slice(0, 4),
    });
    expect(worse.body).toMatchObject({ personal_best: false, attempt: { score: 4 } });
    expect(worse.body.best).toMatchObject({ id: first.id, score: 10 });

    const history = await h.get(who, `${D}/training/`);
    expect(history.status).toBe(200);
    expect(history.body.attempts.map((a: { id: number }) => a.id)).toEqual([second.id, first.id]);
    expect(history.body.personal_bests).toEqual([
      expect.objectContaining({ id: first.id, discipline: 'words', personal_best: true }),
    ]);
  });

  it('scores a late submit on what arrived, marks it late and keeps it from the bests', async () => {
    const who = await h.player('free');
    const attempt = await start(who, { discipline: 'cards' });
    await age(attempt.id, 303);
    const res = await h.post(who, `${D}/training/${attempt.id}/submit/`, {
      answers: attempt.content.cards,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ attempt: { score: 52, late: true }, personal_best: false });
  });

  it('refuses a second submit with 409', async () => {
    const who = await h.player('free');
    const attempt = await start(who, { discipline: 'images', options: { count: 5 } });
    const path = `${D}/training/${attempt.id}/submit/`;
    expect((await h.post(who, path, { answers: [] })).status).toBe(200);
    const again = await h.post(who, path, { answers: [] });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('conflict');
  });

  it("answers 404 for another learner's attempt and leaves it unsubmitted", async () => {
    const [ana, ben] = [await h.player('free'), await h.player('free')];
    const attempt = await start(ana, { discipline: 'names', options: { count: 5 } });
    const res = await h.post(ben, `${D}/training/${attempt.id}/submit/`, { answers: [] });
    expect(res.status).toBe(404);
    expect((await h.get(ben, `${D}/training/`)).body.attempts).toEqual([]);
    const own = await h.post(ana, `${D}/training/${attempt.id}/submit/`, { answers: [] });
    expect(own.status).toBe(200);
  });

  it('answers 400 naming the option a discipline refuses or its count out of range', async () => {
    const who = await h.player('free');
    const bad = await h.post(who, `${D}/training/`, {
      discipline: 'images',
      options: { count: 7, scoring: 'digits' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({
      'options.count': ['Must be divisible by 5.'],
      'options.scoring': ['Must be left out: only Numbers takes a scoring.'],
    });
    expect(bad.body.field_codes['options.count']).toEqual(['not_allowed_value']);
    const unknown = await h.post(who, `${D}/training/`, { discipline: 'chess' });
    expect(unknown.status).toBe(400);
  });
});

describe('Major-System help in Numbers training', () => {
  /** Saves the table's first suggestion as the learner's word for `digits`; returns it. */
  async function ownWord(who: Player, digits: string, language: 'en' | 'es'): Promise<string> {
    const table = await h.get(who, `/be/api/conversiontable/table/?language=${language}`);
    expect(table.status).toBe(200);
    const entry = table.body.entries.find((e: { digits: string }) => e.digits === digits);
    const word = entry.suggestions[0] as string;
    const saved = await t.request('PUT', '/be/api/conversiontable/table/', {
      token: who.access,
      body: { language, entries: [{ digits, word }] },
    });
    expect(saved.status).toBe(200);
    return word;
  }

  it("gives each missed group of 2 digits the learner's own table word for its truth", async () => {
    const who = await h.player();
    const attempt = await start(who, { discipline: 'numbers', options: { count: 11 } });
    const truth: string = attempt.content.digits;
    const word = await ownWord(who, truth.slice(2, 4), 'en');
    const answers = [...truth];
    // Group 1 (digits 2–3) with one wrong digit; group 3 (6–7) left blank; the last digit wrong.
    answers[3] = truth[3] === '0' ? '1' : '0';
    answers[6] = '';
    answers[7] = '';
    answers[10] = truth[10] === '0' ? '1' : '0';
    const res = await h.post(who, `${D}/training/${attempt.id}/submit/`, { answers });
    expect(res.status).toBe(200);
    const group3 = truth.slice(6, 8);
    expect(res.body.missed_groups).toEqual([
      { start: 2, digits: truth.slice(2, 4), word },
      // The learner's table has a word only for group 1's number (unless it is the same one).
      { start: 6, digits: group3, word: group3 === truth.slice(2, 4) ? word : null },
      { start: 10, digits: truth.slice(10, 11), word: null },
    ]);
  });

  it('reads the table of the request language, and is null for other disciplines', async () => {
    const who = await h.player();
    const attempt = await start(who, { discipline: 'numbers', options: { count: 10 } });
    const truth: string = attempt.content.digits;
    const word = await ownWord(who, truth.slice(0, 2), 'es');
    const answers = [...truth];
    answers[0] = truth[0] === '0' ? '1' : '0';
    const res = await t.request('POST', `${D}/training/${attempt.id}/submit/`, {
      token: who.access,
      body: { answers },
      headers: { 'accept-language': 'es' },
    });
    expect(res.status).toBe(200);
    expect(res.body.missed_groups).toEqual([{ start: 0, digits: truth.slice(0, 2), word }]);

    const cards = await start(who, { discipline: 'cards' });
    const other = await h.post(who, `${D}/training/${cards.id}/submit/`, {
      answers: cards.content.cards,
    });
    expect(other.body.missed_groups).toBeNull();
  });
});
