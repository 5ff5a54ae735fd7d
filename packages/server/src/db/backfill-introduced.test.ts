/**
 * The backfill migration (`*_backfill_new_cards_introduced.sql`) recomputes today's counters of new cards introduced from the schedules, for the
 * day the counters reach a database that had none. The test makes the counters through the real
 * rating and undo routes, empties them as a database before 0005 would have them, runs the
 * committed migration's SQL and expects the same counters (and the deck list's `new_cards_today`)
 * back, for a learner on UTC and one whose day is already tomorrow in UTC terms.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, type TestBackend } from '../test/harness.ts';
import { runMigration } from '../test/migrations.ts';
import { helpers, type Learner, SR } from '../test/space-repetition.ts';

let t: TestBackend;
const { makeDeck, makeCard, rate } = helpers(() => t);

beforeAll(async () => {
  t = await createTestBackend();
});

afterAll(async () => {
  await t?.close();
});

/** The committed backfill migration, statement by statement. */
const runBackfill = () => runMigration(t.deps.sql, '_backfill_new_cards_introduced.sql');

async function counters(userId: number) {
  const rows = await t.deps.sql<{ day: string; desk_id: number; count: number }[]>`
    select day::text, desk_id, count from new_cards_introduced
    where user_id = ${userId} order by day, desk_id`;
  return rows.map((r) => ({ ...r }));
}

/** A deck of `who` with `cards` new cards, `rated` of them rated once (introduced today). */
async function deckWithIntroductions(who: Learner, cards: number, rated: number) {
  const deck = await makeDeck(who);
  const ids: number[] = [];
  for (let i = 0; i < cards; i++) ids.push((await makeCard(who, deck.id, `Q${i}`, `A${i}`)).id);
  for (const id of ids.slice(0, rated)) {
    expect((await rate(who, id, { difficulty: 'good' })).status).toBe(200);
  }
  return { deck, ids };
}

describe('the counters’ backfill (migration 0010)', () => {
  it('recomputes each learner’s counters of their own today from the schedules', async () => {
    const utc = await t.signUp();
    // UTC+14: its local day is a day ahead of UTC's for ten hours of every UTC day.
    const ahead = await t.signUp();
    await t.deps.sql`update users set timezone = 'Pacific/Kiritimati' where id = ${ahead.user.id}`;

    const a = await deckWithIntroductions(utc, 4, 3);
    const b = await deckWithIntroductions(utc, 2, 1);
    // Undoing an introduction gives its place back: the backfill must not count it.
    const undone = a.ids[2] as number;
    const undo = await t.request('POST', `${SR}/cards/${undone}/undo_review/`, {
      token: utc.access,
    });
    expect(undo.status).toBe(200);
    // A card introduced two days ago belongs to that day, not today.
    const old = a.ids[3] as number;
    expect((await rate(utc, old, { difficulty: 'good' })).status).toBe(200);
    await t.deps.sql`
      update card_schedules set introduced_at = now() - interval '2 days'
      where user_id = ${utc.user.id} and card_id = ${old}`;
    await t.deps.sql`
      update new_cards_introduced set count = count - 1
      where user_id = ${utc.user.id} and desk_id = ${a.deck.id}`;
    const c = await deckWithIntroductions(ahead, 3, 2);

    const keptByRatings = {
      utc: await counters(utc.user.id),
      ahead: await counters(ahead.user.id),
    };
    expect(keptByRatings.utc.map((r) => [r.desk_id, r.count])).toEqual([
      [a.deck.id, 2],
      [b.deck.id, 1],
    ]);
    expect(keptByRatings.ahead.map((r) => [r.desk_id, r.count])).toEqual([[c.deck.id, 2]]);

    // A database on the day the counters arrive: none kept yet, or only part of the day's.
    await t.deps.sql`delete from new_cards_introduced where user_id = ${utc.user.id}`;
    await t.deps.sql`
      update new_cards_introduced set count = 1 where user_id = ${ahead.user.id}`;
    await runBackfill();
    expect(await counters(utc.user.id)).toEqual(keptByRatings.utc);
    expect(await counters(ahead.user.id)).toEqual(keptByRatings.ahead);

    // Running it again changes nothing, and the deck list reads the counters back.
    await runBackfill();
    expect(await counters(utc.user.id)).toEqual(keptByRatings.utc);
    const decks = await t.request<{ id: number; new_cards_today: number }[]>(
      'GET',
      `${SR}/desks/`,
      { token: utc.access },
    );
    expect(Object.fromEntries(decks.body.map((d) => [d.id, d.new_cards_today]))).toMatchObject({
      [a.deck.id]: 2,
      [b.deck.id]: 1,
    });
  });

  it('leaves out a learner whose stored time zone PostgreSQL does not know', async () => {
    const odd = await t.signUp();
    await deckWithIntroductions(odd, 1, 1);
    await t.deps.sql`delete from new_cards_introduced where user_id = ${odd.user.id}`;
    await t.deps.sql`update users set timezone = 'Not/AZone' where id = ${odd.user.id}`;
    await runBackfill();
    expect(await counters(odd.user.id)).toEqual([]);
  });
});
