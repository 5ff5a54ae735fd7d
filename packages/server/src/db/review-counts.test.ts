/**
 * Each learner's review count (`review_counts`, kept by the triggers of
 * `*_review_counts_triggers.sql`) is the number of their `review_logs` rows, whoever writes or
 * deletes them: ratings, undo, an Anki import's history, a card or a shared deck deleted with its
 * logs, ratings at the same time. Deleting a card or deck takes its logs, so the total means
 * "reviews in the learner's log now", the same rows the memory model fits on and the charts read.
 * The routes that show it (`card-stats/` `total_reviews`, `auth/progress/` `reviews`, the memory
 * model's `reviews_count`) are read back beside it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ankiPackage } from '../test/anki-package.ts';
import { createTestBackend, type TestBackend } from '../test/harness.ts';
import { runMigration } from '../test/migrations.ts';
import { helpers, type Learner, SR } from '../test/space-repetition.ts';

let t: TestBackend;
const { deckOf, rate } = helpers(() => t);

beforeAll(async () => {
  t = await createTestBackend();
});

afterAll(async () => {
  await t?.close();
});

/** The learner's counter and their log rows counted. */
async function stored(userId: number): Promise<{ counter: number | null; rows: number }> {
  const [row] = await t.deps.sql<{ counter: number | null; rows: number }[]>`
    select (select total from review_counts where user_id = ${userId}) as counter,
      (select count(*)::int from review_logs where user_id = ${userId}) as rows`;
  return { counter: row?.counter ?? null, rows: row?.rows ?? 0 };
}

/** What the three routes that show the total answer. */
async function shown(who: Learner) {
  const [cardStats, progress, model] = await Promise.all([
    t.request('GET', `${SR}/card-stats/`, { token: who.access }),
    t.request('GET', '/be/api/auth/progress/', { token: who.access }),
    t.request('GET', `${SR}/memory-model/`, { token: who.access }),
  ]);
  expect([cardStats.status, progress.status, model.status]).toEqual([200, 200, 200]);
  return {
    totalReviews: cardStats.body.total_reviews as number,
    reviews: progress.body.reviews as number,
    reviewsCount: model.body.reviews_count as number,
  };
}

/** The counter equals the log's rows, `n` of them, and every route shows `n`. */
async function expectTotal(who: Learner, n: number): Promise<void> {
  expect(await stored(who.user.id)).toEqual({ counter: n, rows: n });
  expect(await shown(who)).toEqual({ totalReviews: n, reviews: n, reviewsCount: n });
}

async function rateOk(who: Learner, cardId: number) {
  expect((await rate(who, cardId, { difficulty: 'good' })).status).toBe(200);
}

describe('the review count', () => {
  it('is zero, without a row, for a new learner', async () => {
    const ana = await t.signUp();
    expect(await stored(ana.user.id)).toEqual({ counter: null, rows: 0 });
    expect(await shown(ana)).toEqual({ totalReviews: 0, reviews: 0, reviewsCount: 0 });
  });

  it('counts each rating and takes an undone one away', async () => {
    const ana = await t.signUp();
    const { ids } = await deckOf(ana, 2);
    const [a, b] = ids as [number, number];
    await rateOk(ana, a);
    await rateOk(ana, b);
    await rateOk(ana, b);
    await expectTotal(ana, 3);
    const undo = await t.request('POST', `${SR}/cards/${b}/undo_review/`, { token: ana.access });
    expect(undo.status).toBe(200);
    await expectTotal(ana, 2);
  });

  it('counts a rating retried with its idempotency key once', async () => {
    const ana = await t.signUp();
    const { ids } = await deckOf(ana, 1);
    const body = { difficulty: 'good', idempotency_key: crypto.randomUUID() };
    const answers = await Promise.all([1, 2, 3].map(() => rate(ana, ids[0] as number, body)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    await expectTotal(ana, 1);
  });

  it('counts an imported Anki history', async () => {
    const ana = await t.signUp();
    const { ids } = await deckOf(ana, 1);
    await rateOk(ana, ids[0] as number);
    const day = 86_400_000;
    const t0 = Date.UTC(2025, 0, 6, 10);
    const apkg = ankiPackage({
      decks: { 1: 'Imported' },
      notes: [
        { id: 10, fields: ['Spain', 'Madrid'], cards: [{ id: 100, deck: 1 }] },
        { id: 11, fields: ['France', 'Paris'], cards: [{ id: 101, deck: 1 }] },
      ],
      revlog: [
        [t0, 100, 3, 4000, 0],
        [t0 + day, 100, 3, 3000, 1],
        [t0 + 2 * day, 101, 4, 2000, 0],
      ],
    });
    const form = new FormData();
    form.set('file', new Blob([apkg as Uint8Array<ArrayBuffer>]), 'deck.apkg');
    const res = await t.request('POST', `${SR}/anki-import/`, { token: ana.access, form });
    expect(res.status).toBe(201);
    expect(res.body.reviews_imported).toBe(3);
    await expectTotal(ana, 4);
  });

  it('takes away the logs of a deleted card and a deleted deck, from every learner who rated them', async () => {
    const owner = await t.signUp();
    const bea = await t.signUp();
    const shared = await deckOf(owner, 3);
    const kept = await deckOf(owner, 1);
    const share = await t.request('POST', `${SR}/desks/${shared.deck.id}/share_multiple/`, {
      token: owner.access,
      body: { emails: [bea.user.email] },
    });
    expect(share.status).toBe(200);
    const [a, b, c] = shared.ids as [number, number, number];
    for (const who of [owner, bea]) {
      await rateOk(who, a);
      await rateOk(who, a);
      await rateOk(who, b);
    }
    await rateOk(owner, kept.ids[0] as number);
    await rateOk(bea, c);
    await expectTotal(owner, 4);
    await expectTotal(bea, 4);

    const card = await t.request('DELETE', `${SR}/cards/${a}/`, { token: owner.access });
    expect(card.status).toBe(204);
    await expectTotal(owner, 2);
    await expectTotal(bea, 2);

    const deck = await t.request('DELETE', `${SR}/desks/${shared.deck.id}/`, {
      token: owner.access,
    });
    expect(deck.status).toBe(204);
    await expectTotal(owner, 1);
    await expectTotal(bea, 0);
  });

  it('goes with its learner’s account and leaves everyone else’s', async () => {
    const owner = await t.signUp();
    const bea = await t.signUp();
    const { deck, ids } = await deckOf(owner, 1);
    const share = await t.request('POST', `${SR}/desks/${deck.id}/share_multiple/`, {
      token: owner.access,
      body: { emails: [bea.user.email] },
    });
    expect(share.status).toBe(200);
    await rateOk(owner, ids[0] as number);
    await rateOk(bea, ids[0] as number);
    await t.deps.sql`delete from users where id = ${bea.user.id}`;
    expect(await stored(bea.user.id)).toEqual({ counter: null, rows: 0 });
    await expectTotal(owner, 1);
  });

  it('counts ratings sent at once, of one card and of many', async () => {
    const ana = await t.signUp();
    const { ids } = await deckOf(ana, 6);
    const oneCard = ids[0] as number;
    const answers = await Promise.all([
      rate(ana, oneCard, { difficulty: 'good' }),
      rate(ana, oneCard, { difficulty: 'again' }),
      ...ids
        .slice(1)
        .flatMap((id) => [
          rate(ana, id, { difficulty: 'good' }),
          rate(ana, id, { difficulty: 'hard' }),
        ]),
    ]);
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200));
    await expectTotal(ana, 12);
  });

  it('stays equal to the log when ratings race the deletion of their shared deck', async () => {
    const owner = await t.signUp();
    const learners = [await t.signUp(), await t.signUp()];
    const { deck, ids } = await deckOf(owner, 8);
    const share = await t.request('POST', `${SR}/desks/${deck.id}/share_multiple/`, {
      token: owner.access,
      body: { emails: learners.map((l) => l.user.email) },
    });
    expect(share.status).toBe(200);
    // Logs of the deck before the race, so the deletion has counts to take away.
    for (const who of learners) for (const id of ids.slice(0, 4)) await rateOk(who, id);
    const other = await deckOf(learners[0] as Learner, 1);
    await rateOk(learners[0] as Learner, other.ids[0] as number);

    const answers = await Promise.all([
      ...learners.flatMap((who) => ids.map((id) => rate(who, id, { difficulty: 'good' }))),
      t.request('DELETE', `${SR}/desks/${deck.id}/`, { token: owner.access }),
    ]);
    // Each rating applied before the deletion (200) or found its card gone (404); never a 500.
    const ratings = answers.slice(0, -1).map((r) => r.status);
    expect(ratings.filter((s) => s !== 200 && s !== 404)).toEqual([]);
    expect(answers.at(-1)?.status).toBe(204);
    await expectTotal(learners[0] as Learner, 1);
    await expectTotal(learners[1] as Learner, 0);
  });
});

/** The committed migration that creates the triggers and backfills the counts. */
const runBackfill = () => runMigration(t.deps.sql, '_review_counts_triggers.sql');

describe('the review counts’ migration', () => {
  it('counts the logs a database already has, and changes nothing when run again', async () => {
    const ana = await t.signUp();
    const bea = await t.signUp();
    const { ids } = await deckOf(ana, 2);
    await rateOk(ana, ids[0] as number);
    await rateOk(ana, ids[1] as number);
    await rateOk(ana, ids[1] as number);
    const mine = await deckOf(bea, 1);
    await rateOk(bea, mine.ids[0] as number);
    // A database before the counts: none kept, or a stale one.
    await t.deps.sql`delete from review_counts where user_id = ${ana.user.id}`;
    await t.deps.sql`update review_counts set total = 7 where user_id = ${bea.user.id}`;
    const none = await t.signUp();
    await t.deps.sql`insert into review_counts (user_id, total) values (${none.user.id}, 5)`;

    await runBackfill();
    await expectTotal(ana, 3);
    await expectTotal(bea, 1);
    await expectTotal(none, 0);

    await runBackfill();
    await expectTotal(ana, 3);
    // The triggers it put back count the next rating once, not twice.
    await rateOk(ana, ids[0] as number);
    await expectTotal(ana, 4);
  });
});
