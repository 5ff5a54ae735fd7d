/**
 * Ratings applied in groups (`applyRatings`, one statement for many learners' ratings, and the
 * pool's group commit in `rating.ts`): each rating of a group ends as it would alone, and one
 * rating's failure is its answer only.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyRatings,
  ensureSchedule,
  type RatingApply,
  ratingSnapshot,
  ratingSnapshots,
} from '../../db/queries/reviews.ts';
import { uniqueViolation } from '../../db/unique-violation.ts';
import { schedulerFor } from '../../domain/review/memory-model.ts';
import { dueWindow } from '../../domain/review/queue.ts';
import { gradeOf, learnerDay, localDate, review } from '../../domain/review/scheduling.ts';
import { ratingGroups } from '../../services/review/rate.ts';
import { createTestBackend, type TestBackend } from '../../test/harness.ts';
import { helpers, type Learner } from '../../test/space-repetition.ts';

let t: TestBackend;
beforeAll(async () => {
  t = await createTestBackend();
});
afterAll(async () => {
  await t?.close();
});

const { deckOf, rate } = helpers(() => t);

/** A rating of `cardId` by `who`, scheduled from what the card's snapshot reads now. */
async function ratingOf(
  who: Learner,
  cardId: number,
  options: { difficulty?: 'again' | 'good'; key?: string } = {},
): Promise<RatingApply> {
  const sql = t.deps.sql;
  const [{ timezone: timeZone } = { timezone: '' }] = await sql<{ timezone: string }[]>`
    select timezone from users where id = ${who.user.id}`;
  await ensureSchedule(sql, who.user.id, cardId);
  const now = new Date();
  const day = learnerDay(now, timeZone);
  const read = await ratingSnapshot(sql, {
    userId: who.user.id,
    cardId,
    key: options.key ?? null,
    day: day.day,
    window: dueWindow(now, day),
  });
  if (!read?.version) throw new Error(`no snapshot of card ${cardId}`);
  const grade = gradeOf(options.difficulty ?? 'good');
  const before = read.card.schedule;
  const { schedule, elapsedDays } = review(before, grade, now, {
    sameDay: false,
    dueAt: now,
    scheduler: schedulerFor(read.model),
  });
  const introduced = read.card.introducedAt === null && before.state === 0;
  return {
    userId: who.user.id,
    cardId,
    deckId: read.deck.id,
    deckName: read.deck.name,
    grade,
    before,
    introducedBefore: read.card.introducedAt,
    after: schedule,
    introducedAfter: read.card.introducedAt ?? (introduced ? now : null),
    elapsedDays,
    answerTimeMs: 1200,
    sameDay: false,
    reviewedAt: now,
    idempotencyKey: options.key ?? null,
    version: read.version,
    introducedOn: introduced ? localDate(now, timeZone) : null,
  };
}

/** The learners' activity rows of ratings: deck and count, by learner. */
async function activityOf(...who: Learner[]) {
  const rows = await t.database.sql<{ user_id: number; deck_id: number; count: number }[]>`
    select user_id, deck_id, count from activities
    where user_id = any(${who.map((w) => w.user.id)}::int[])
      and activity_type = 'space_repetition'
    order by user_id, deck_id`;
  return rows.map((r) => [r.user_id, r.deck_id, r.count]);
}

describe('applyRatings', () => {
  it('applies many learners’ ratings in one transaction, each as it would alone', async () => {
    const ana = await t.signUp({ timezone: 'Europe/Madrid' });
    const bo = await t.signUp({ timezone: 'America/Lima' });
    const anaA = await deckOf(ana, 2);
    const anaB = await deckOf(ana, 1);
    const boA = await deckOf(bo, 2);
    const ratings = [
      await ratingOf(ana, anaA.ids[0] as number),
      await ratingOf(bo, boA.ids[0] as number, { difficulty: 'again' }),
      await ratingOf(ana, anaB.ids[0] as number),
      await ratingOf(ana, anaA.ids[1] as number, { key: randomUUID() }),
      await ratingOf(bo, boA.ids[1] as number),
    ];
    const applied = await applyRatings(t.deps.sql, ratings);
    expect(applied.every((a) => a !== undefined)).toBe(true);
    const ids = applied.map((a) => a?.reviewId);
    expect(new Set(ids).size).toBe(5);
    expect(applied.map((a) => a?.day)).toEqual([
      localDate(ratings[0]?.reviewedAt as Date, 'Europe/Madrid'),
      localDate(ratings[1]?.reviewedAt as Date, 'America/Lima'),
      localDate(ratings[2]?.reviewedAt as Date, 'Europe/Madrid'),
      localDate(ratings[3]?.reviewedAt as Date, 'Europe/Madrid'),
      localDate(ratings[4]?.reviewedAt as Date, 'America/Lima'),
    ]);
    // Each log row is its rating's, at the id answered for it.
    const logs = await t.database.sql<
      { id: string; card_id: number; rating: number; state_after: { reps: number } }[]
    >`select id, card_id, rating, state_after from review_logs
      where id = any(${ids as number[]}::bigint[])`;
    const byId = new Map(logs.map((l) => [Number(l.id), l]));
    ratings.forEach((r, i) => {
      const log = byId.get(ids[i] as number);
      expect(log?.card_id).toBe(r.cardId);
      expect(log?.rating).toBe(r.grade);
      expect(log?.state_after.reps).toBe(1);
    });
    // One statement: every schedule row it wrote carries one transaction id.
    const versions = await t.database.sql<{ n: number }[]>`
      select count(distinct xmin::text)::int as n from card_schedules
      where card_id = any(${ratings.map((r) => r.cardId)}::int[])`;
    expect(versions[0]?.n).toBe(1);
    // The activity adds up per learner, deck and day; so do the cards introduced.
    expect(await activityOf(ana, bo)).toEqual([
      [ana.user.id, anaA.deck.id, 2],
      [ana.user.id, anaB.deck.id, 1],
      [bo.user.id, boA.deck.id, 2],
    ]);
    const introduced = await t.database.sql<{ user_id: number; desk_id: number; count: number }[]>`
      select user_id, desk_id, count from new_cards_introduced
      where user_id in (${ana.user.id}, ${bo.user.id}) order by user_id, desk_id`;
    expect(introduced.map((r) => [r.user_id, r.desk_id, r.count])).toEqual([
      [ana.user.id, anaA.deck.id, 2],
      [ana.user.id, anaB.deck.id, 1],
      [bo.user.id, boA.deck.id, 2],
    ]);
    const totals = await t.database.sql<{ user_id: number; total: number }[]>`
      select user_id, total from review_counts
      where user_id in (${ana.user.id}, ${bo.user.id}) order by user_id`;
    expect(totals.map((r) => r.total)).toEqual([3, 2]);
  });

  it('skips a rating whose schedule changed since it was read, and applies the others', async () => {
    const ana = await t.signUp();
    const { ids } = await deckOf(ana, 2);
    const stale = await ratingOf(ana, ids[0] as number);
    // Another rating of the card commits first.
    expect((await rate(ana, ids[0] as number, { difficulty: 'good' })).status).toBe(200);
    const fresh = await ratingOf(ana, ids[1] as number);
    const applied = await applyRatings(t.deps.sql, [stale, fresh]);
    expect(applied[0]).toBeUndefined();
    expect(applied[1]?.reviewId).toEqual(expect.any(Number));
    const logs = await t.database.sql<{ card_id: number }[]>`
      select card_id from review_logs where user_id = ${ana.user.id} order by id`;
    expect(logs.map((l) => l.card_id)).toEqual([ids[0], ids[1]]);
  });

  it('refuses two ratings of one card, or of one key, in one statement, writing nothing', async () => {
    const ana = await t.signUp();
    const { ids } = await deckOf(ana, 2);
    const first = await ratingOf(ana, ids[0] as number);
    await expect(applyRatings(t.deps.sql, [first, { ...first }])).rejects.toThrow(
      'two ratings share card',
    );
    const key = randomUUID();
    const keyed = [
      await ratingOf(ana, ids[0] as number, { key }),
      await ratingOf(ana, ids[1] as number, { key }),
    ];
    await expect(applyRatings(t.deps.sql, keyed)).rejects.toThrow('two ratings share key');
    const [n] = await t.database.sql<{ n: number }[]>`
      select count(*)::int as n from review_logs where user_id = ${ana.user.id}`;
    expect(n?.n).toBe(0);
  });
});

describe('ratingSnapshots', () => {
  it('reads many ratings’ snapshots in one statement, each as it would alone', async () => {
    const ana = await t.signUp({ timezone: 'Asia/Tokyo' });
    const bo = await t.signUp({ timezone: 'America/Lima' });
    const anaDeck = await deckOf(ana, 2);
    const boDeck = await deckOf(bo, 1);
    const key = randomUUID();
    expect(
      (await rate(ana, anaDeck.ids[0] as number, { difficulty: 'again', idempotency_key: key }))
        .status,
    ).toBe(200);
    const now = new Date();
    const readOf = (userId: number, timeZone: string, cardId: number, k: string | null) => {
      const day = learnerDay(now, timeZone);
      return { userId, cardId, key: k, day: day.day, window: dueWindow(now, day) };
    };
    const reads = [
      readOf(ana.user.id, 'Asia/Tokyo', anaDeck.ids[0] as number, key),
      readOf(bo.user.id, 'America/Lima', boDeck.ids[0] as number, null),
      // Bo's card is not ana's to see.
      readOf(ana.user.id, 'Asia/Tokyo', boDeck.ids[0] as number, null),
      readOf(ana.user.id, 'Asia/Tokyo', anaDeck.ids[1] as number, randomUUID()),
    ];
    const together = await ratingSnapshots(t.deps.sql, reads);
    const alone = [];
    for (const read of reads) alone.push(await ratingSnapshot(t.deps.sql, read));
    expect(together).toEqual(alone);
    expect(together[0]?.earlier?.cardId).toBe(anaDeck.ids[0]);
    expect(together[0]?.dueCount).toBe(1);
    expect(together[0]?.introducedToday).toBe(1);
    expect(together[1]?.deck.id).toBe(boDeck.deck.id);
    expect(together[2]).toBeUndefined();
    expect(together[3]?.earlier).toBeUndefined();
    expect(together[3]?.newLeft).toBe(1);
  });
});

describe('the group commit of ratings', () => {
  it('answers a rating whose key a twin used meanwhile with its error, and applies its group', async () => {
    const ana = await t.signUp();
    const bo = await t.signUp();
    const anaDeck = await deckOf(ana, 2);
    const boDeck = await deckOf(bo, 1);
    const key = randomUUID();
    const ratings = [
      await ratingOf(ana, anaDeck.ids[0] as number),
      await ratingOf(bo, boDeck.ids[0] as number, { key }),
      await ratingOf(ana, anaDeck.ids[1] as number),
    ];
    // A twin of bo's rating (another card, the same key) commits after bo's rating was read.
    const twin = await ratingOf(bo, (await deckOf(bo, 1)).ids[0] as number, { key });
    await applyRatings(t.deps.sql, [twin]);
    // Submitted in one turn of the event loop: one group, whose statement fails on bo's key.
    const groups = ratingGroups(t.deps.sql);
    const settled = await Promise.allSettled(ratings.map((r) => groups.submit(r)));
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const failed = settled[1] as PromiseRejectedResult;
    expect(uniqueViolation(failed.reason)).toBe('review_logs_idempotency_key');
    const logs = await t.database.sql<{ card_id: number }[]>`
      select card_id from review_logs where user_id in (${ana.user.id}, ${bo.user.id})
      order by card_id`;
    expect(logs.map((l) => l.card_id)).toEqual([anaDeck.ids[0], anaDeck.ids[1], twin.cardId]);
  });

  it('rates many learners’ cards sent at once as if one by one', async () => {
    const learners = await Promise.all(Array.from({ length: 6 }, () => t.signUp()));
    const decks = await Promise.all(learners.map((who) => deckOf(who, 3)));
    const answers = await Promise.all(
      learners.flatMap((who, i) =>
        (decks[i]?.ids ?? []).map((id) => rate(who, id, { difficulty: 'good' })),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(18).fill(200));
    expect(new Set(answers.map((a) => a.body.review_id)).size).toBe(18);
    for (const [i, who] of learners.entries()) {
      expect(await activityOf(who)).toEqual([[who.user.id, decks[i]?.deck.id, 3]]);
      const mine = answers.slice(i * 3, i * 3 + 3);
      // Every answer counts the deck's cards left once its own rating applied.
      expect(mine.map((a) => a.body.card.reps)).toEqual([1, 1, 1]);
    }
  });
});
