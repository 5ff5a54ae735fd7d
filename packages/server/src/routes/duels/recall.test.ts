import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, type TestBackend } from '../../test/harness.ts';
import { D, helpers, type Player } from './test-support.ts';

let t: TestBackend;

beforeAll(async () => {
  t = await createTestBackend();
});

afterAll(async () => {
  await t?.close();
});

const h = helpers(() => t);

async function tableDuel(a: Player, b: Player, extra: Record<string, unknown> = {}) {
  const res = await h.post(a, `${D}/table-duels/`, {
    view_time: 20,
    answer_time: 60,
    number_limit: 5,
    digits: 2,
    opponent_id: b.user.id,
    ...extra,
  });
  expect(res.status).toBe(201);
  return res.body;
}

describe('table (number) duels', () => {
  it('shows the digits only while memorizing, then takes the recall and scores digit by digit', async () => {
    const [ana, ben] = await h.pair();
    const created = await tableDuel(ana, ben);
    expect(created).toMatchObject({ status: 'waiting', my_phase: 'waiting', numbers: [] });
    await h.accept(ben, created.id);

    const counting = (await h.get(ben, `${D}/table-duels/${created.id}/`)).body;
    expect(counting).toMatchObject({ my_phase: 'countdown', numbers: [] });
    await h.age(created.id, 3);
    const memorizing = (await h.get(ben, `${D}/table-duels/${created.id}/`)).body;
    expect(memorizing.my_phase).toBe('memorize');
    expect(memorizing.numbers).toHaveLength(5);
    const numbers: string[] = memorizing.numbers;
    for (const n of numbers) expect(n).toMatch(/^[0-9]{2}$/);
    const tooEarly = await h.post(ben, `${D}/table-duels/${created.id}/submit_numbers/`, {
      numbers,
    });
    expect(tooEarly.status).toBe(409);

    await h.age(created.id, 21);
    const recalling = (await h.get(ben, `${D}/table-duels/${created.id}/`)).body;
    expect(recalling).toMatchObject({ my_phase: 'recall', numbers: [], item_count: 5 });

    // Four numbers right, the fifth with its first digit right only.
    const last = numbers[4] as string;
    const typed = [...numbers.slice(0, 4), `${last[0]}${last[1] === '9' ? '0' : '9'}`];
    const submitted = await h.post(ben, `${D}/table-duels/${created.id}/submit_numbers/`, {
      numbers: typed,
    });
    expect(submitted.status).toBe(200);
    expect(submitted.body.my_phase).toBe('submitted');
    const mine = submitted.body.results.find(
      (r: { user: { id: number } }) => r.user.id === ben.user.id,
    );
    expect(mine).toMatchObject({ submitted: true, score: 9, answers: typed });
    const again = await h.post(ben, `${D}/table-duels/${created.id}/submit_numbers/`, {
      numbers: typed,
    });
    expect(again.status).toBe(409);

    // Ana sees that Ben submitted, not what or how well.
    const anaView = (await h.get(ana, `${D}/table-duels/${created.id}/`)).body;
    const bens = anaView.results.find((r: { user: { id: number } }) => r.user.id === ben.user.id);
    expect(bens).toMatchObject({ submitted: true, answers: [], score: 0 });
    // Her own clock starts at this first read, with the countdown: no digits yet.
    expect(anaView).toMatchObject({ my_phase: 'countdown', numbers: [] });
  });

  it('refuses a submission after the recall deadline plus grace, and the duel ends with what was received', async () => {
    const [ana, ben] = await h.pair();
    const duel = await tableDuel(ana, ben);
    await h.accept(ben, duel.id);
    await h.get(ana, `${D}/table-duels/${duel.id}/`);
    await h.age(duel.id, 3 + 20 + 60 + 3);
    const late = await h.post(ben, `${D}/table-duels/${duel.id}/submit_numbers/`, {
      numbers: ['11'],
    });
    expect(late.status).toBe(409);
    expect(late.body.detail).toMatch(/Time is up/);
    const view = (await h.get(ana, `${D}/table-duels/${duel.id}/`)).body;
    expect(view).toMatchObject({ status: 'finished', result: 'draw', my_phase: 'finished' });
    const history = await h.get(ana, '/be/api/auth/activity-history/');
    expect(history.body.results[0]).toMatchObject({
      activity_type: 'table_duel',
      result: 'draw',
      opponent_username: ben.user.username,
    });
  });

  it('lists only the caller’s table duels and answers 404 for another user’s', async () => {
    const [ana, ben] = await h.pair();
    const eve = await h.player();
    const duel = await tableDuel(ana, ben);
    expect((await h.get(eve, `${D}/table-duels/${duel.id}/`)).status).toBe(404);
    const submit = await h.post(eve, `${D}/table-duels/${duel.id}/submit_numbers/`, {
      numbers: [],
    });
    expect(submit.status).toBe(404);
    expect((await h.get(eve, `${D}/table-duels/`)).body).toEqual([]);
    expect((await h.get(ben, `${D}/table-duels/`)).body.map((d: { id: number }) => d.id)).toEqual([
      duel.id,
    ]);
  });

  it("refuses limits out of the spec's range with its message", async () => {
    const [ana, ben] = await h.pair();
    const res = await h.post(ana, `${D}/table-duels/`, {
      view_time: 10,
      answer_time: 60,
      number_limit: 101,
      opponent_id: ben.user.id,
    });
    expect(res.status).toBe(400);
    expect(res.body.fields.number_limit).toEqual([
      'Value must be between 1 and 100 words (or numbers)',
    ]);
    expect(res.body.field_codes.number_limit).toEqual(['item_limit_out_of_range']);
  });
});

describe('image duels', () => {
  it('plays pictures with their Spanish names and scores a name at its own position', async () => {
    const [ana, ben] = await h.pair();
    const created = await h.post(ana, `${D}/image-duels/`, {
      view_time: 30,
      answer_time: 120,
      word_limit: 4,
      language: 'es',
      opponent_id: ben.user.id,
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    await h.accept(ben, id);
    await h.get(ana, `${D}/image-duels/${id}/`);
    await h.get(ben, `${D}/image-duels/${id}/`);
    await h.age(id, 3);
    const shown = (await h.get(ben, `${D}/image-duels/${id}/`)).body;
    expect(shown.items).toHaveLength(4);
    for (const item of shown.items) expect(item.picture).not.toBe('');
    const words: string[] = shown.items.map((i: { word: string }) => i.word);
    await h.age(id, 31);
    const mine = await h.post(ben, `${D}/image-duels/${id}/submit_words/`, {
      words: [words[0]?.toUpperCase(), words[2], words[2], words[3]],
    });
    expect(mine.status).toBe(200);
    const theirs = await h.post(ana, `${D}/image-duels/${id}/submit_words/`, { words });
    expect(theirs.body).toMatchObject({ status: 'finished', result: 'win' });
    const benEnd = (await h.get(ben, `${D}/image-duels/${id}/`)).body;
    expect(benEnd.result).toBe('lose');
    const scores = benEnd.results.map((r: { score: number }) => r.score).sort();
    expect(scores).toEqual([3, 4]);
  });
});
