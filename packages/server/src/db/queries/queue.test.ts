/**
 * The review queue the product serves, at fixed instants: its SQL against a real PostgreSQL, with
 * the domain's due window and allowance (the route composes them the same way, in
 * services/review/today.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MODEL } from '../../domain/review/memory-model.ts';
import { dueWindow, newCardsAllowance } from '../../domain/review/queue.ts';
import { learnerDay } from '../../domain/review/scheduling.ts';
import { createTestBackend, type TestBackend } from '../../test/harness.ts';
import { addShare, insertDeck, setNewCardsPerDay, visibleDecks } from './desks.ts';
import { insertBasicCard } from './notes.ts';
import { dueQueue, introducedOn, newCardsAllowanceIn, queueCounts } from './queue.ts';

let t: TestBackend;
let userId: number;

beforeAll(async () => {
  t = await createTestBackend();
  userId = (await t.signUp()).user.id;
});

afterAll(async () => {
  await t?.close();
});

const tz = 'America/Argentina/Buenos_Aires'; // UTC−3
const now = new Date('2025-01-15T02:30:00Z'); // 23:30 on the 14th there
const today = learnerDay(now, tz);
const window = dueWindow(now, today);

async function newDeck(owner = userId, newCardsPerDay = 10): Promise<number> {
  return insertDeck(t.deps.sql, { ownerId: owner, name: 'Q', newCardsPerDay, allowEditing: false });
}

/** A card of `deckId` in `state` (0 new, 1 learning, 2 review, 3 relearning) due at `due`. */
async function card(deckId: number, state: number, due = '2025-01-01T00:00:00Z', owner = userId) {
  const id = await insertBasicCard(t.deps.sql, { deckId, front: 'f', back: 'b', createdBy: owner });
  await t.deps.sql`
    update card_schedules set state = ${state}, due = ${due}
    where user_id = ${owner} and card_id = ${id}`;
  return id;
}

/** The queue of one deck or all the learner's decks, on the test's day. */
const queueOf = (owner: number, limit: number, deckId?: number) =>
  dueQueue(t.deps.sql, { userId: owner, deckId, day: today.day, window, limit });

const ids = (cards: { id: number }[]) => cards.map((c) => c.id);

describe('due cards', () => {
  it('learning steps are due at their time or learned ahead within 20 minutes, review cards for the whole local day', async () => {
    const deck = await newDeck();
    const learningDue = await card(deck, 1, '2025-01-15T02:29:00Z');
    const learningSoon = await card(deck, 1, '2025-01-15T02:31:00Z'); // a minute from now
    const reviewTonight = await card(deck, 2, '2025-01-15T02:59:00Z'); // 23:59 local today
    await card(deck, 2, '2025-01-15T03:01:00Z'); // 00:01 local tomorrow
    const relearning = await card(deck, 3, '2025-01-15T02:40:00Z'); // relearning in ten minutes
    const edge = await card(deck, 1, '2025-01-15T02:50:00Z'); // exactly the learn-ahead limit
    await card(deck, 1, '2025-01-15T02:50:01Z'); // just past it
    const fresh = await card(deck, 0);
    const queue = await queueOf(userId, 100, deck);
    // Due now first, then the new card, then the steps learned ahead by their due time.
    expect(ids(queue.cards)).toEqual([
      learningDue,
      reviewTonight,
      fresh,
      learningSoon,
      relearning,
      edge,
    ]);
    const counts = await queueCounts(t.deps.sql, userId, [{ deckId: deck, allowance: 1 }], window);
    expect(counts.decks.get(deck)).toEqual({ dueCount: 5, newCount: 1 });
    // The queue's own counts are the same.
    expect([queue.decks, queue.dueCount, queue.newCount]).toEqual([1, 5, 1]);
    // The next step past the window (02:50:01) is today's; the review card tomorrow's is not.
    expect(counts.nextStepDue?.toISOString()).toBe('2025-01-15T02:50:01.000Z');
    expect(queue.nextStepDue?.toISOString()).toBe('2025-01-15T02:50:01.000Z');
    // A limit keeps the cards due now before those learned ahead.
    const first = await queueOf(userId, 2, deck);
    expect(ids(first.cards)).toEqual([learningDue, reviewTonight]);
  });

  it('orders due cards by due then id, then each deck’s allowance of new cards by id', async () => {
    // A learner of their own: the queue of all their decks holds these two.
    const owner = (await t.signUp()).user.id;
    const [a, b] = [await newDeck(owner, 10), await newDeck(owner, 2)];
    const c1 = await card(a, 3, '2025-01-15T02:00:00Z', owner);
    const c2 = await card(b, 2, '2025-01-14T10:00:00Z', owner);
    const c3 = await card(a, 2, '2025-01-14T10:00:00Z', owner);
    const c4 = await card(b, 0, undefined, owner);
    const c5 = await card(b, 0, undefined, owner);
    await card(b, 0, undefined, owner); // beyond b's allowance of 2
    const c7 = await card(a, 0, undefined, owner);
    await card(a, 2, '2025-01-20T00:00:00Z', owner); // due next week
    await card(a, 0, undefined, owner); // beyond a's allowance of 1
    // a's limit is 10 and 9 were introduced today: an allowance of 1.
    await t.deps.sql`
      insert into new_cards_introduced (user_id, day, desk_id, count)
      values (${owner}, ${today.day}, ${a}, 9), (${owner}, '2025-01-13', ${b}, 2)`;
    const allowances = [
      { deckId: a, allowance: newCardsAllowance(10, 9) },
      { deckId: b, allowance: newCardsAllowance(2, 0) },
    ];
    const queue = (limit: number) => queueOf(owner, limit).then((q) => ids(q.cards));
    expect(await queue(100)).toEqual([c2, c3, c1, c4, c5, c7]);
    expect(await queue(4)).toEqual([c2, c3, c1, c4]);
    const counts = await queueCounts(t.deps.sql, owner, allowances, window);
    expect(counts.decks.get(a)).toEqual({ dueCount: 2, newCount: 1 });
    expect(counts.decks.get(b)).toEqual({ dueCount: 1, newCount: 2 });
    const whole = await queueOf(owner, 100);
    expect([whole.decks, whole.dueCount, whole.newCount]).toEqual([2, 3, 3]);
  });

  it('reads a shared deck with the learner’s own limit, and no deck they do not see', async () => {
    const owner = (await t.signUp()).user.id;
    const learner = (await t.signUp()).user.id;
    const deck = await newDeck(owner, 3);
    for (let i = 0; i < 5; i += 1) await card(deck, 0, undefined, owner);
    expect((await queueOf(learner, 100, deck)).decks).toBe(0); // not shared yet
    expect((await queueOf(learner, 100, deck)).cards).toEqual([]);
    await addShare(t.deps.sql, deck, learner);
    const [seen] = await visibleDecks(t.deps.sql, learner, { id: deck });
    if (!seen) throw new Error('the share is not visible');
    await setNewCardsPerDay(t.deps.sql, seen, learner, 2);
    const limit = (await visibleDecks(t.deps.sql, learner, { id: deck }))[0]?.newCardsPerDay;
    expect(limit).toBe(2);
    const shared = await queueOf(learner, 100, deck);
    expect([shared.decks, shared.newCount, shared.cards.length]).toEqual([1, 2, 2]);
    // The owner's own limit is untouched.
    expect((await queueOf(owner, 100, deck)).newCount).toBe(3);
  });

  it('carries the learner’s memory model, the defaults without a row', async () => {
    const owner = (await t.signUp()).user.id;
    expect((await queueOf(owner, 10)).model).toEqual(DEFAULT_MODEL);
    await t.deps.sql`
      insert into memory_models (user_id, desired_retention) values (${owner}, 0.85)`;
    expect((await queueOf(owner, 10)).model).toEqual({ desiredRetention: 0.85, parameters: null });
  });
});

describe('the allowance in SQL', () => {
  it('agrees with the domain’s newCardsAllowance', async () => {
    const pairs = [0, 1, 5, 10, 20, 9999].flatMap((limit) =>
      [0, 1, 5, 10, 11, 30].map((introduced) => [limit, introduced] as const),
    );
    const { sql } = t.deps;
    const rows = await sql<{ allowance: number }[]>`
      select ${newCardsAllowanceIn(sql, sql`p.l`, sql`p.i`)}::int as allowance
      from unnest(${pairs.map((p) => p[0])}::int[], ${pairs.map((p) => p[1])}::int[])
        with ordinality as p(l, i, n)
      order by p.n`;
    expect(rows.map((r) => r.allowance)).toEqual(pairs.map(([l, i]) => newCardsAllowance(l, i)));
  });
});

describe('cards introduced today', () => {
  it('are read per deck from the counters of the learner’s day', async () => {
    const [a, b] = [await newDeck(), await newDeck()];
    await t.deps.sql`
      insert into new_cards_introduced (user_id, day, desk_id, count)
      values (${userId}, '2025-01-14', ${a}, 5), (${userId}, '2025-01-14', ${b}, 2),
             (${userId}, '2025-01-13', ${a}, 7)`;
    const on = async (day: string) =>
      Object.fromEntries(await introducedOn(t.deps.sql, userId, day));
    expect(await on(today.day)).toEqual({ [a]: 5, [b]: 2 }); // 23:30 on the 14th there
    expect(await on('2025-01-13')).toEqual({ [a]: 7 });
    expect(await on('2025-01-15')).toEqual({});
  });
});
