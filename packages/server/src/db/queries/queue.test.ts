/**
 * The review queue the product serves, at fixed instants: its SQL against a real PostgreSQL, with
 * the domain's due window and allowance (the route composes them the same way, in
 * routes/space-repetition/today.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dueWindow, newCardsAllowance } from '../../domain/queue.ts';
import { learnerDay } from '../../domain/scheduling.ts';
import { createTestBackend, type TestBackend } from '../../test/harness.ts';
import { insertCard } from './cards.ts';
import { insertDesk } from './desks.ts';
import { introducedOn, queueCounts, reviewQueue } from './queue.ts';

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

async function newDesk(): Promise<number> {
  return insertDesk(t.deps.sql, {
    ownerId: userId,
    name: 'Q',
    newCardsPerDay: 10,
    allowEditing: false,
  });
}

/** A card of `deskId` in `state` (0 new, 1 learning, 2 review, 3 relearning) due at `due`. */
async function card(deskId: number, state: number, due = '2025-01-01T00:00:00Z') {
  const id = await insertCard(t.deps.sql, { deskId, front: 'f', back: 'b', createdBy: userId });
  await t.deps.sql`
    update card_schedules set state = ${state}, due = ${due}
    where user_id = ${userId} and card_id = ${id}`;
  return id;
}

const ids = (cards: { id: number }[]) => cards.map((c) => c.id);

describe('due cards', () => {
  it('learning steps are due at their time or learned ahead within 20 minutes, review cards for the whole local day', async () => {
    const desk = await newDesk();
    const learningDue = await card(desk, 1, '2025-01-15T02:29:00Z');
    const learningSoon = await card(desk, 1, '2025-01-15T02:31:00Z'); // a minute from now
    const reviewTonight = await card(desk, 2, '2025-01-15T02:59:00Z'); // 23:59 local today
    await card(desk, 2, '2025-01-15T03:01:00Z'); // 00:01 local tomorrow
    const relearning = await card(desk, 3, '2025-01-15T02:40:00Z'); // relearning in ten minutes
    const edge = await card(desk, 1, '2025-01-15T02:50:00Z'); // exactly the learn-ahead limit
    await card(desk, 1, '2025-01-15T02:50:01Z'); // just past it
    const fresh = await card(desk, 0);
    const queue = await reviewQueue(
      t.deps.sql,
      userId,
      [desk],
      [{ deskId: desk, allowance: 1 }],
      window,
      100,
    );
    // Due now first, then the new card, then the steps learned ahead by their due time.
    expect(ids(queue)).toEqual([learningDue, reviewTonight, fresh, learningSoon, relearning, edge]);
    const counts = await queueCounts(t.deps.sql, userId, [{ deskId: desk, allowance: 1 }], window);
    expect(counts.desks.get(desk)).toEqual({ dueCount: 5, newCount: 1 });
    // The next step past the window (02:50:01) is today's; the review card tomorrow's is not.
    expect(counts.nextStepDue?.toISOString()).toBe('2025-01-15T02:50:01.000Z');
    // A limit keeps the cards due now before those learned ahead.
    const first = await reviewQueue(t.deps.sql, userId, [desk], [], window, 2);
    expect(ids(first)).toEqual([learningDue, reviewTonight]);
  });

  it('orders due cards by due then id, then each desk’s allowance of new cards by id', async () => {
    const [a, b] = [await newDesk(), await newDesk()];
    const c1 = await card(a, 3, '2025-01-15T02:00:00Z');
    const c2 = await card(b, 2, '2025-01-14T10:00:00Z');
    const c3 = await card(a, 2, '2025-01-14T10:00:00Z');
    const c4 = await card(b, 0);
    const c5 = await card(b, 0);
    await card(b, 0); // beyond b's allowance of 2
    const c7 = await card(a, 0);
    await card(a, 2, '2025-01-20T00:00:00Z'); // due next week
    await card(a, 0); // beyond a's allowance of 1
    const allowances = [
      { deskId: a, allowance: newCardsAllowance(10, 9) },
      { deskId: b, allowance: newCardsAllowance(2, 0) },
    ];
    const queue = (limit: number) =>
      reviewQueue(t.deps.sql, userId, [a, b], allowances, window, limit).then(ids);
    expect(await queue(100)).toEqual([c2, c3, c1, c4, c5, c7]);
    expect(await queue(4)).toEqual([c2, c3, c1, c4]);
    const counts = await queueCounts(t.deps.sql, userId, allowances, window);
    expect(counts.desks.get(a)).toEqual({ dueCount: 2, newCount: 1 });
    expect(counts.desks.get(b)).toEqual({ dueCount: 1, newCount: 2 });
  });
});

describe('cards introduced today', () => {
  it('are read per desk from the counters of the learner’s day', async () => {
    const [a, b] = [await newDesk(), await newDesk()];
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
