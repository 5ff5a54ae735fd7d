import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { createTestBackend, type TestBackend } from '../../test/harness.ts';
import { AUTH, deck, recorder } from '../../test/progress.ts';
import { helpers } from '../../test/space-repetition.ts';

let t: TestBackend;
beforeAll(async () => {
  t = await createTestBackend();
});
afterAll(async () => {
  await t?.close();
});

const { makeDeck, makeCard, rate } = helpers(() => t);
const record = recorder(() => t);
const HISTORY = `${AUTH}/activity-history/`;

const duel = (result: 'win' | 'lose' | 'draw' | 'in_progress', myScore: number) =>
  ({
    type: 'table_duel',
    duelId: 41,
    duelType: 'table',
    opponentUsername: 'bo',
    result,
    myScore,
    opponentScore: 2,
  }) as const;

describe('activity history', () => {
  it('lists every kind with the spec’s fields, latest first', async () => {
    const ana = await t.signUp();
    const d = await makeDeck(ana, { name: 'Capitals' });
    const minute = (n: number) => new Date(Date.now() - (10 - n) * 60_000);
    await record(ana.user.id, deck(d.id, 'Capitals'), minute(1));
    await record(ana.user.id, duel('win', 5), minute(2));
    await record(ana.user.id, { type: 'macro_images', chatId: 9, chatTitle: 'Kings' }, minute(3));
    await record(ana.user.id, { type: 'conversion_table' }, minute(4));
    const res = await t.request('GET', HISTORY, { token: ana.access });
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(4);
    expect(res.body.results.map((a: { activity_type: string }) => a.activity_type)).toEqual([
      'conversion_table',
      'macro_images',
      'table_duel',
      'space_repetition',
    ]);
    const [conversion, chat, table, review] = res.body.results;
    expect(conversion).toMatchObject({ activity_type_display: 'Conversion Table', deck_id: null });
    expect(chat).toMatchObject({ chat_id: 9, chat_title: 'Kings', duel_id: null });
    expect(table).toMatchObject({
      duel_id: 41,
      duel_type: 'table',
      opponent_username: 'bo',
      result: 'win',
      my_score: 5,
      opponent_score: 2,
      deck_id: null,
    });
    expect(review).toMatchObject({
      deck_id: d.id,
      deck_name: 'Capitals',
      activity_type_display: 'Space Repetition',
      chat_id: null,
    });
  });

  it('keeps one row per subject and day, updated in place', async () => {
    const ana = await t.signUp();
    const d1 = await makeDeck(ana, { name: 'One' });
    const d2 = await makeDeck(ana, { name: 'Two' });
    const c1 = await makeCard(ana, d1.id);
    const c2 = await makeCard(ana, d1.id, 'b', '2');
    const c3 = await makeCard(ana, d2.id);
    await rate(ana, c1.id, { difficulty: 'good' });
    const first = (await t.request('GET', HISTORY, { token: ana.access })).body.results[0];
    await rate(ana, c3.id, { difficulty: 'good' });
    await rate(ana, c2.id, { difficulty: 'good' });
    const res = await t.request('GET', HISTORY, { token: ana.access });
    expect(res.body.count).toBe(2);
    const [latest, other] = res.body.results;
    expect(latest).toMatchObject({ id: first.id, deck_id: d1.id });
    expect(latest.updated_at > first.updated_at).toBe(true);
    expect(other.deck_id).toBe(d2.id);
    await record(ana.user.id, duel('in_progress', 1));
    await record(ana.user.id, duel('lose', 3));
    const duels = await t.request('GET', `${HISTORY}?activity_type=table_duel`, {
      token: ana.access,
    });
    expect(duels.body.count).toBe(1);
    expect(duels.body.results[0]).toMatchObject({ result: 'lose', my_score: 3 });
  });

  it('labels kinds in the caller’s language', async () => {
    const ana = await t.signUp();
    await record(ana.user.id, { type: 'conversion_table' });
    const res = await t.request('GET', HISTORY, {
      token: ana.access,
      headers: { 'Accept-Language': 'es-AR,es;q=0.9' },
    });
    expect(res.body.results[0].activity_type_display).toBe('Tabla de conversión');
  });

  it('pages with next and previous links and filters by kind', async () => {
    const ana = await t.signUp();
    for (let chatId = 1; chatId <= 5; chatId++) {
      await record(ana.user.id, { type: 'macro_images', chatId, chatTitle: `c${chatId}` });
    }
    await record(ana.user.id, { type: 'conversion_table' });
    const page2 = await t.request('GET', `${HISTORY}?page=2&page_size=2`, { token: ana.access });
    expect(page2.body).toMatchObject({ count: 6 });
    expect(page2.body.results).toHaveLength(2);
    expect(page2.body.next).toMatch(/page=3/);
    expect(page2.body.previous).toMatch(/page=1/);
    const chats = await t.request('GET', `${HISTORY}?activity_type=macro_images&page_size=10`, {
      token: ana.access,
    });
    expect(chats.body.count).toBe(5);
    expect(chats.body.next).toBeNull();
    const past = await t.request('GET', `${HISTORY}?page=9`, { token: ana.access });
    expect(past.body).toMatchObject({ count: 6, results: [] });
  });

  it.each([
    ['activity_type', 'activity_type=chess'],
    ['page_size', 'page_size=0'],
    ['page_size', 'page_size=101'],
    ['page', 'page=0'],
  ])('answers 400 naming %s for %s', async (field, query) => {
    const ana = await t.signUp();
    const res = await t.request('GET', `${HISTORY}?${query}`, { token: ana.access });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_error');
    expect(Object.keys(res.body.fields)).toEqual([field]);
  });

  it('drops an undone review’s row when nothing is left of it', async () => {
    const ana = await t.signUp();
    const d = await makeDeck(ana);
    const c = await makeCard(ana, d.id);
    await rate(ana, c.id, { difficulty: 'good' });
    const undo = await t.request('POST', `/be/api/space-repetition/cards/${c.id}/undo_review/`, {
      token: ana.access,
    });
    expect(undo.status).toBe(200);
    expect((await t.request('GET', HISTORY, { token: ana.access })).body.count).toBe(0);
  });

  it('drops a deleted chat and a deleted deck, and keeps the days they made', async () => {
    const ana = await t.signUp();
    await t.database.db
      .update(users)
      .set({ accountType: 'standard' })
      .where(eq(users.id, ana.user.id));
    const d = await makeDeck(ana, { name: 'Capitals' });
    await rate(ana, (await makeCard(ana, d.id)).id, { difficulty: 'good' });
    const MI = '/be/api/macroimages/chats';
    const chat = (await t.request('POST', `${MI}/`, { token: ana.access, body: {} })).body;
    await t.request('POST', `${MI}/${chat.id}/send_message/`, {
      token: ana.access,
      body: { content: 'apple, guitar' },
    });
    const kept = await t.request('POST', `${MI}/`, { token: ana.access, body: {} });
    await t.request('POST', `${MI}/${kept.body.id}/send_message/`, {
      token: ana.access,
      body: { content: 'moon, shoe' },
    });
    const before = await t.request('GET', HISTORY, { token: ana.access });
    expect(before.body.count).toBe(3);

    expect((await t.request('DELETE', `${MI}/${chat.id}/`, { token: ana.access })).status).toBe(
      204,
    );
    const deckGone = await t.request('DELETE', `/be/api/space-repetition/desks/${d.id}/`, {
      token: ana.access,
    });
    expect(deckGone.status).toBe(204);

    const after = await t.request('GET', HISTORY, { token: ana.access });
    expect(after.body.count).toBe(1);
    expect(after.body.results).toEqual([
      expect.objectContaining({ activity_type: 'macro_images', chat_id: kept.body.id }),
    ]);
    const chats = await t.request('GET', `${HISTORY}?activity_type=macro_images`, {
      token: ana.access,
    });
    expect(chats.body.count).toBe(1);
    // The day still counts: the streak reads the activity, not the history list.
    const streak = await t.request('GET', `${AUTH}/streaks/my_streak/`, { token: ana.access });
    expect(streak.body.current_streak).toBe(1);
  });

  it('shows no one else’s activity', async () => {
    const ana = await t.signUp();
    const bo = await t.signUp();
    await record(ana.user.id, { type: 'conversion_table' });
    expect((await t.request('GET', HISTORY, { token: bo.access })).body.count).toBe(0);
  });
});
