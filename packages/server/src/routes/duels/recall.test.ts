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
    expect(mine).toMatchObject({
      submitted: true,
      score: 9,
      answers: typed,
      item_points: [2, 2, 2, 2, 1],
    });
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

  // Issue 40 item 3: near names ("lorry", "bee") were silently wrong, and no item was marked.
  it.each([
    ['en', ['articulated lorry', 'honeybee', 'red apple'], ['Lorry', 'bee', 'red']],
    ['es', ['camión articulado', 'abeja', 'manzana roja'], ['camion', 'ABEJA', 'roja']],
  ] as const)(
    '(%s) accepts common names, and marks each picture',
    async (language, names, typed) => {
      const [ana, ben] = await h.pair();
      const created = await h.post(ana, `${D}/image-duels/`, {
        view_time: 10,
        answer_time: 60,
        word_limit: 3,
        language,
        opponent_id: ben.user.id,
      });
      const id = created.body.id;
      const pictures = ['🚛', '🐝', '🍎'];
      const items = names.map((word, i) => ({ picture: pictures[i], word }));
      await t.deps
        .sql`update duels set content = ${JSON.stringify({ items })}::jsonb where id = ${id}`;
      await h.accept(ben, id);
      await h.get(ben, `${D}/image-duels/${id}/`);
      await h.age(id, 14);
      const sent = await h.post(ben, `${D}/image-duels/${id}/submit_words/`, { words: typed });
      expect(sent.status).toBe(200);
      const mine = sent.body.results.find(
        (r: { user: { id: number } }) => r.user.id === ben.user.id,
      );
      expect(mine).toMatchObject({ score: 2, item_points: [1, 1, 0] });
      const anaView = (await h.get(ana, `${D}/image-duels/${id}/`)).body;
      const hidden = anaView.results.find(
        (r: { user: { id: number } }) => r.user.id === ben.user.id,
      );
      expect(hidden).toMatchObject({ answers: [], item_points: [] });
    },
  );

  async function imageDuel(a: Player, b: Player) {
    const res = await h.post(a, `${D}/image-duels/`, {
      view_time: 10,
      answer_time: 30,
      word_limit: 3,
      opponent_id: b.user.id,
    });
    expect(res.status).toBe(201);
    return res.body;
  }

  it('refuses a late submission with 409, and the duel ends with what was received', async () => {
    const [ana, ben] = await h.pair();
    const duel = await imageDuel(ana, ben);
    await h.accept(ben, duel.id);
    await h.get(ana, `${D}/image-duels/${duel.id}/`);
    await h.age(duel.id, 3 + 10 + 30 + 3);
    const late = await h.post(ben, `${D}/image-duels/${duel.id}/submit_words/`, {
      words: ['dog'],
    });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'conflict' });
    expect(late.body.detail).toMatch(/Time is up/);
    const view = (await h.get(ben, `${D}/image-duels/${duel.id}/`)).body;
    expect(view).toMatchObject({ status: 'finished', result: 'draw', my_phase: 'finished' });
    expect(view.items).toHaveLength(3);
    expect(view.results.map((r: { answers: string[] }) => r.answers)).toEqual([[], []]);
  });

  it('answers 404 for another user’s image duel', async () => {
    const [ana, ben] = await h.pair();
    const eve = await h.player();
    const duel = await imageDuel(ana, ben);
    expect((await h.get(eve, `${D}/image-duels/${duel.id}/`)).status).toBe(404);
    const submit = await h.post(eve, `${D}/image-duels/${duel.id}/submit_words/`, {
      words: ['dog'],
    });
    expect(submit.status).toBe(404);
    expect((await h.get(eve, `${D}/image-duels/`)).body).toEqual([]);
    // A table duel's id is not an image duel's.
    const table = await tableDuel(ana, ben);
    expect((await h.get(ana, `${D}/image-duels/${table.id}/`)).status).toBe(404);
  });

  it('shows the result to the player who submitted once the one who never plays ran out of time', async () => {
    const [ana, ben] = await h.pair();
    const duel = await imageDuel(ana, ben);
    await h.accept(ben, duel.id);
    await h.age(duel.id, 3);
    const words = (await h.get(ben, `${D}/image-duels/${duel.id}/`)).body.items.map(
      (i: { word: string }) => i.word,
    );
    await h.age(duel.id, 10);
    const sent = await h.post(ben, `${D}/image-duels/${duel.id}/submit_words/`, { words });
    expect(sent.status).toBe(200);
    // Ana never opened it: her clock starts 5 minutes after acceptance, then the countdown, the
    // view time and the answer time; Ben is told when that ends.
    const [row] = await t.deps.sql<{ ms: number }[]>`
      select floor(extract(epoch from accepted_at) * 1000)::float8 as ms from duels
      where id = ${duel.id}`;
    const anaEnds = (row?.ms ?? 0) + (5 * 60 + 3 + 10 + 30) * 1000;
    expect(sent.body).toMatchObject({ status: 'in_progress', my_phase: 'submitted' });
    expect(Date.parse(sent.body.opponent_deadline_at)).toBe(anaEnds);

    // At her deadline (within the grace) the duel still waits for her.
    await h.age(duel.id, 5 * 60 + 30);
    expect((await h.get(ben, `${D}/image-duels/${duel.id}/`)).body.status).toBe('in_progress');
    await h.age(duel.id, 3);
    const end = (await h.get(ben, `${D}/image-duels/${duel.id}/`)).body;
    expect(end).toMatchObject({
      status: 'finished',
      result: 'win',
      my_phase: 'finished',
      opponent_deadline_at: null,
    });
    const scores = end.results.map((r: { user: { id: number }; score: number }) => [
      r.user.id,
      r.score,
    ]);
    expect(scores).toEqual([
      [ana.user.id, 0],
      [ben.user.id, 3],
    ]);
    const history = (await h.get(ben, '/be/api/auth/activity-history/')).body.results;
    expect(history[0]).toMatchObject({
      activity_type: 'image_duel',
      duel_id: duel.id,
      duel_type: 'images',
      result: 'win',
      my_score: 3,
      opponent_score: 0,
      opponent_username: ana.user.username,
    });
    // Ana never opened it: no history row of hers, and no streak day.
    const anas = (await h.get(ana, '/be/api/auth/activity-history/')).body.results;
    expect(anas).toEqual([]);
    expect((await h.get(ana, `${D}/history/`)).body.results[0]).toMatchObject({
      duel_id: duel.id,
      result: 'lose',
    });
  });
});

describe('recall duels', () => {
  it('refuses free users with 403 plan_required on image and table duel creation', async () => {
    const ana = await h.player('free');
    const ben = await h.player();
    await h.befriend(ana, ben);
    const images = await h.post(ana, `${D}/image-duels/`, {
      view_time: 10,
      answer_time: 30,
      word_limit: 3,
      opponent_id: ben.user.id,
    });
    const table = await h.post(ana, `${D}/table-duels/`, {
      view_time: 10,
      answer_time: 30,
      number_limit: 3,
      opponent_id: ben.user.id,
    });
    expect([images.status, table.status]).toEqual([403, 403]);
    expect(images.body).toMatchObject({ code: 'plan_required', feature: 'image_duels' });
    expect(table.body).toMatchObject({ code: 'plan_required', feature: 'table_duels' });
    expect((await h.get(ben, `${D}/requests/pending/`)).body).toEqual([]);
  });

  it('finishes a duel once when both players submit at the same instant', async () => {
    const [ana, ben] = await h.pair();
    const duel = await tableDuel(ana, ben);
    await h.accept(ben, duel.id);
    await h.get(ana, `${D}/table-duels/${duel.id}/`);
    await h.age(duel.id, 3);
    const numbers: string[] = (await h.get(ben, `${D}/table-duels/${duel.id}/`)).body.numbers;
    await h.age(duel.id, 20);
    const sent = await Promise.all(
      [ana, ben].map((p) => h.post(p, `${D}/table-duels/${duel.id}/submit_numbers/`, { numbers })),
    );
    expect(sent.map((r) => r.status)).toEqual([200, 200]);
    const views = await Promise.all(
      [ana, ben].map((p) => h.get(p, `${D}/table-duels/${duel.id}/`)),
    );
    expect(views.map((v) => [v.body.status, v.body.result])).toEqual([
      ['finished', 'draw'],
      ['finished', 'draw'],
    ]);
    const rows = await t.deps.sql<{ user_id: number; result: string; my_score: number }[]>`
      select user_id, result, my_score from activities
      where duel_id = ${duel.id} and result <> 'in_progress' order by user_id`;
    expect([...rows]).toEqual(
      [ana, ben]
        .map((p) => ({ user_id: p.user.id, result: 'draw', my_score: 10 }))
        .sort((x, y) => x.user_id - y.user_id),
    );
  });
});
