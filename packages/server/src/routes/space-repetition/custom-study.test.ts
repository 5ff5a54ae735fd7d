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

const { deckOf, rate } = helpers(() => t);

const DAY = 86_400_000;

const study = (who: Learner, body: Record<string, unknown>) =>
  t.request('POST', `${SR}/custom-study/`, { token: who.access, body });

const idsOf = (res: { body: { cards: { id: number }[] } }) =>
  res.body.cards.map((c) => c.id).sort((a, b) => a - b);

/** Makes a card of `who` a review card due `inDays` days from now (test setup). */
async function dueIn(who: Learner, cardId: number, inDays: number) {
  const due = new Date(Date.now() + inDays * DAY);
  await t.database.sql`
    update card_schedules set state = 2, due = ${due.toISOString()}, stability = 10,
      difficulty = 5, reps = 3, scheduled_days = 10,
      last_review = ${new Date(Date.now() - 5 * DAY).toISOString()},
      introduced_at = ${new Date(Date.now() - 30 * DAY).toISOString()}
    where user_id = ${who.user.id} and card_id = ${cardId}`;
}

const schedulesOf = (who: Learner) => t.database.sql`
  select card_id, state, due, stability, difficulty, reps, lapses, last_review
  from card_schedules where user_id = ${who.user.id} order by card_id`;

describe('custom study', () => {
  it('cram: any cards of a desk or a tag, and its ratings change no schedule', async () => {
    const ana = await t.signUp();
    const { deck, ids } = await deckOf(ana, 3);
    const other = await deckOf(ana, 2);
    await dueIn(ana, ids[0] ?? 0, 40);
    const byDeck = await study(ana, { kind: 'cram', desk_id: deck.id });
    expect(byDeck.status).toBe(200);
    expect(byDeck.body).toMatchObject({ kind: 'cram', desk_id: deck.id, cram: true });
    expect(idsOf(byDeck)).toEqual(ids);
    await t.database.sql`
      update notes set tags = '{geo::europe}'
      where id = (select note_id from cards where id = ${other.ids[1] ?? 0})`;
    await t.database.sql`
      update notes set tags = '{geography}'
      where id = (select note_id from cards where id = ${other.ids[0] ?? 0})`;
    const byTag = await study(ana, { kind: 'cram', tag: 'geo' });
    expect(idsOf(byTag)).toEqual([other.ids[1]]);

    const before = await schedulesOf(ana);
    const logsBefore = await t.database
      .sql`select id from review_logs where user_id = ${ana.user.id}`;
    for (const id of ids) {
      const res = await rate(ana, id, { difficulty: 'again', cram: true });
      expect(res.status).toBe(200);
      expect(res.body.review_id).toBeNull();
    }
    expect(await schedulesOf(ana)).toEqual(before);
    const logsAfter = await t.database
      .sql`select id from review_logs where user_id = ${ana.user.id}`;
    expect(logsAfter).toEqual(logsBefore);
  });

  it('ahead: review cards due in the next days, not today’s and not later ones', async () => {
    const ana = await t.signUp();
    const { deck, ids } = await deckOf(ana, 4);
    await dueIn(ana, ids[0] ?? 0, 2);
    await dueIn(ana, ids[1] ?? 0, 5);
    await dueIn(ana, ids[2] ?? 0, 30);
    const res = await study(ana, { kind: 'ahead', desk_id: deck.id, days: 7 });
    expect(res.status).toBe(200);
    expect(res.body.cram).toBe(false);
    expect(res.body.cards.map((c: { id: number }) => c.id)).toEqual([ids[0], ids[1]]);
    // Rated early, FSRS schedules it from now (its own early-review handling).
    const rated = await rate(ana, ids[0] ?? 0, { difficulty: 'good' });
    expect(rated.status).toBe(200);
    expect(rated.body.review_id).toEqual(expect.any(Number));
  });

  it('forgotten: the cards rated again today', async () => {
    const ana = await t.signUp();
    const { deck, ids } = await deckOf(ana, 3);
    await dueIn(ana, ids[0] ?? 0, -1);
    await dueIn(ana, ids[1] ?? 0, -1);
    expect((await rate(ana, ids[0] ?? 0, { difficulty: 'again' })).status).toBe(200);
    expect((await rate(ana, ids[1] ?? 0, { difficulty: 'good' })).status).toBe(200);
    const res = await study(ana, { kind: 'forgotten', desk_id: deck.id });
    expect(res.status).toBe(200);
    expect(idsOf(res)).toEqual([ids[0]]);
  });

  it('new: new cards beyond today’s limit', async () => {
    const ana = await t.signUp();
    const { deck, ids } = await deckOf(ana, 4);
    const configured = await t.request('POST', `${SR}/desks/${deck.id}/configure_new_cards/`, {
      token: ana.access,
      body: { new_cards_per_day: 1 },
    });
    expect(configured.status).toBe(200);
    const res = await study(ana, { kind: 'new', desk_id: deck.id, limit: 2 });
    expect(res.status).toBe(200);
    expect(res.body.cards.map((c: { id: number }) => c.id)).toEqual([ids[1], ids[2]]);
  });

  it("never shows another user's cards: their desk is 404, their cards are not gathered", async () => {
    const ana = await t.signUp();
    const bob = await t.signUp();
    const bobs = await deckOf(bob, 2);
    await deckOf(ana, 1);
    for (const kind of ['cram', 'ahead', 'forgotten', 'new']) {
      const res = await study(ana, { kind, desk_id: bobs.deck.id });
      expect(res.status, kind).toBe(404);
    }
    const all = await study(ana, { kind: 'cram' });
    expect(all.body.cards.map((c: { desk_id: number }) => c.desk_id)).not.toContain(bobs.deck.id);
    const foreign = await rate(ana, bobs.ids[0] ?? 0, { difficulty: 'good', cram: true });
    expect(foreign.status).toBe(404);
  });
});
