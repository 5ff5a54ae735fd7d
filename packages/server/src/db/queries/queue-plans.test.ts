/**
 * The queue's statements read index ranges, never a whole table: each statement the product sends
 * (captured from the driver) is run again under EXPLAIN (ANALYZE, BUFFERS) on a seeded learner
 * with 20,000 cards in 20 decks, among other learners (one of them with 5,000 decks), and the test
 * fails on a sequential scan of `card_schedules`, `cards` or `decks`. The plans it prints are the
 * ones the comments in queue.ts describe.
 */
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.ts';
import { dueWindow, newCardsAllowance } from '../../domain/review/queue.ts';
import { learnerDay, review } from '../../domain/review/scheduling.ts';
import { createTestBackend, type TestBackend } from '../../test/harness.ts';
import {
  describePlans,
  fixStatistics,
  type PlanNode,
  type PlanSpy,
  planNodes,
  planSpy,
  type StatementPlan,
  seqScansOf,
  wholeTableScans,
} from '../../test/plans.ts';
import * as schema from '../schema.ts';
import { visibleDecks } from './desks.ts';
import { dueQueue, introducedOn, queueCounts } from './queue.ts';
import { applyRatings, ratingSnapshot } from './reviews.ts';

let t: TestBackend;
let spy: postgres.Sql;
let recorder: PlanSpy;
let userId: number;
let otherId: number;
let access: string;
let deckIds: number[];
let cardId: number;

/** Cards per learner (QUEUE_PLAN_CARDS to read the plans at another size). */
const CARDS = Number(process.env.QUEUE_PLAN_CARDS ?? 20_000);
const DECKS = 20;

beforeAll(async () => {
  t = await createTestBackend();
  const learner = await t.signUp();
  userId = learner.user.id;
  access = learner.access;
  const other = (await t.signUp()).user.id;
  otherId = other;
  const { sql } = t.deps;
  // Two learners: the one read and another with as many cards, so that an index pays.
  for (const owner of [other, userId]) {
    const decks = await sql<{ id: number }[]>`
      insert into desks (owner_id, name, new_cards_per_day)
      select ${owner}, 'Desk ' || g, 10 from generate_series(1, ${DECKS}) g returning id`;
    deckIds = decks.map((d) => d.id);
    await sql`
      insert into cards (desk_id, front, back, created_by)
      select (${deckIds}::int[])[1 + g % ${DECKS}], 'Q' || g, 'A' || g, ${owner}
      from generate_series(0, ${CARDS - 1}) g`;
    // 40 % new, 2 % learning steps within the hour, the rest review cards over 90 days.
    await sql`
      insert into card_schedules (user_id, card_id, desk_id, state, due)
      select ${owner}, c.id, c.desk_id, k.state,
        case k.state when 0 then c.created_at
                     when 1 then now() + ((c.id % 60) - 30) * interval '1 minute'
                     else now() + ((c.id % 9000) / 100.0 - 3) * interval '1 day' end
      from cards c cross join lateral (
        select (case when c.id % 100 < 40 then 0 when c.id % 100 < 42 then 1 else 2 end)::smallint
          as state) k
      where c.desk_id = any(${deckIds}::int[])`;
  }
  // Many more learners' decks than the learner's own: reading the learner's decks must not read
  // every deck (PostgreSQL reads a small table whole, whatever its indexes).
  const crowd = (await t.signUp()).user.id;
  await sql`
    insert into desks (owner_id, name, new_cards_per_day)
    select ${crowd}, 'Crowd desk ' || g, 10 from generate_series(1, 5000) g`;
  await fixStatistics(sql, ['card_schedules', 'cards', 'desks']);
  const [card] = await sql<{ id: number }[]>`
    select card_id as id from card_schedules where user_id = ${userId} and state = 2 limit 1`;
  cardId = card?.id ?? 0;
  recorder = planSpy(t.url);
  spy = recorder.sql;
}, 120_000);

afterAll(async () => {
  await recorder?.end();
  await t?.close();
});

const seqScans = (found: StatementPlan[]) =>
  seqScansOf(found, ['card_schedules', 'cards', 'desks']);

describe(`the queue’s plans on ${2 * CARDS} cards`, () => {
  const now = new Date();
  const today = learnerDay(now, 'UTC');
  const window = dueWindow(now, today);
  const allowances = () =>
    deckIds.map((deckId) => ({ deckId, allowance: newCardsAllowance(10, 0) }));

  it.each([
    ['the queue of every desk', () => dueQueue(spy, { userId, day: today.day, window, limit: 20 })],
    [
      'the queue of one desk',
      () => dueQueue(spy, { userId, deckId: deckIds[0], day: today.day, window, limit: 20 }),
    ],
    ['the counts of every desk', () => queueCounts(spy, userId, allowances(), window)],
    ['the day’s introductions', () => introducedOn(spy, userId, today.day)],
    ['the learner’s desks (the desk list)', () => visibleDecks(spy, userId)],
    [
      'a rating’s read',
      () => ratingSnapshot(spy, { userId, cardId, key: null, day: today.day, window }),
    ],
    [
      // At a version the row never has, so that neither run applies it: the plan is the same.
      'a group of ratings’ write',
      async () => {
        const read = await ratingSnapshot(t.deps.sql, {
          userId,
          cardId,
          key: null,
          day: today.day,
          window,
        });
        if (!read) throw new Error('no snapshot');
        const after = review(read.card.schedule, 3, now, { sameDay: false, dueAt: now }).schedule;
        const rating = {
          userId,
          cardId,
          deckId: read.deck.id,
          deckName: read.deck.name,
          grade: 3,
          before: read.card.schedule,
          introducedBefore: read.card.introducedAt,
          after,
          introducedAfter: read.card.introducedAt,
          elapsedDays: 0,
          answerTimeMs: null,
          sameDay: false,
          reviewedAt: now,
          idempotencyKey: null,
          version: '1',
          introducedOn: null,
        };
        expect(await applyRatings(spy, [rating])).toEqual([undefined]);
      },
    ],
  ])('%s reads indexes only', async (name, run) => {
    const plans = await recorder.plansOf(run);
    expect(plans.length).toBeGreaterThan(0);
    // The plans, and their execution times on this machine as figures (never asserted).
    console.log(`${name}: ${describePlans(plans)}`);
    expect(seqScans(plans)).toEqual([]);
  });

  // With a scan per deck (a sub-plan run once for each deck), counting 20 decks read the due
  // index 20 times over; grouped, one range of it is read once, whatever the number of decks.
  it('the counts of every deck read the due index once, not once per deck', async () => {
    const plans = await recorder.plansOf(() => queueCounts(spy, userId, allowances(), window));
    const dueIndexScans = plans
      .flatMap((p) => p.nodes)
      .filter((n) => /^card_schedules_(desk_)?due_idx$/.test(n['Index Name'] ?? ''));
    expect(dueIndexScans.length).toBeGreaterThan(0);
    expect(dueIndexScans.map((n) => n['Actual Loops'])).toEqual(dueIndexScans.map(() => 1));
  });

  // The learner has hundreds of cards due: the page is theirs, and the new cards and the steps
  // learned ahead that would follow them are not read for it (only counted, from the kept counts).
  it('a page the due cards fill reads no new card and no step learned ahead for it', async () => {
    const plans = await recorder.plansOf(() =>
      dueQueue(spy, { userId, day: today.day, window, limit: 20 }),
    );
    const loops = (index: string) =>
      plans
        .flatMap((p) => p.nodes)
        .filter((n) => n['Index Name'] === index)
        .map((n) => n['Actual Loops'])
        .sort((a = 0, b = 0) => a - b);
    // The new cards: never picked (in creation order or, for a preset's random order, the other
    // branch), and counted from `schedule_new_counts`, not from their index.
    expect(loops('card_schedules_new_idx')).toEqual([0, 0]);
    // The due index: the steps learned ahead never read; the page, the next step past the window,
    // and the count's hour and minute at the window's ends once each.
    // The preset path's learning steps (0: no preset limits or orders reviews) never read either.
    expect(loops('card_schedules_due_idx')).toEqual([0, 0, 1, 1, 1, 1]);
  });

  // The due count of every deck sums the kept counts: it reads the due index only for the hour
  // the learner's day ends in and the minute of the learn-ahead limit, not once for each of the
  // learner's hundreds of due cards (as counting them did).
  it('the due count of every deck reads kept counts, not each due card', async () => {
    const plans = await recorder.plansOf(() =>
      dueQueue(spy, { userId, day: today.day, window, limit: 20 }),
    );
    const nodes = plans.flatMap((p) => p.nodes);
    const [row] = await spy<{ due: number }[]>`
      select count(*)::int as due from card_schedules
      where user_id = ${userId} and state <> 0
        and (state = 2 and due < ${window.reviewBefore.toISOString()}
             or state <> 2 and due <= ${window.learnAheadBy.toISOString()})`;
    const due = row?.due ?? 0;
    expect(due).toBeGreaterThan(500);
    const dueEntries = nodes
      .filter((n) => /^card_schedules_(desk_)?due_idx$/.test(n['Index Name'] ?? ''))
      .reduce((sum, n) => sum + (n['Actual Rows'] ?? 0) * (n['Actual Loops'] ?? 0), 0);
    expect(dueEntries).toBeLessThan(100);
    expect(nodes.map((n) => n['Relation Name'])).toContain('schedule_due_counts');
  });
});

/**
 * The queue's statement is prepared (postgres.js prepares each statement) and PostgreSQL plans a
 * prepared statement for its first five executions with the values bound, then keeps a generic
 * plan if that costs no more than those did (with their planning counted). The queue's values
 * moved its estimates: some learners' custom plans came out a little cheaper than the generic one,
 * and their queue was planned again on every request (README, "The due queue"). Every value now
 * goes in as a subquery the planner cannot see into (`unseen` in queue.ts), so a custom plan is
 * the generic plan, and the generic plan is kept from the sixth execution on.
 */
describe('the queue statement’s plan', () => {
  const now = new Date();
  const today = learnerDay(now, 'UTC');
  const window = dueWindow(now, today);
  const kinds1 = (n: PlanNode) =>
    `${n['Node Type']} ${n['Relation Name'] ?? ''} ${n['Index Name'] ?? ''}`.trim();
  const kinds = (nodes: PlanNode[]) => nodes.map(kinds1);
  const isQueue = (nodes: PlanNode[]) => nodes.some((n) => n['Subplan Name'] === 'CTE due_first');
  /** The generic plan of the queue's statement (the spy's connection may send others first). */
  const queueGenericPlan = async () =>
    (
      await recorder.genericPlansOf(() =>
        dueQueue(spy, { userId, day: today.day, window, limit: 10 }),
      )
    ).find(isQueue) ?? [];

  it('is the same whatever the values: the generic plan, kept from the sixth execution on', async () => {
    const learners = [userId, otherId];
    const own = postgres(t.url, { max: 1, onnotice: () => {} });
    try {
      for (let i = 0; i < 8; i++) {
        await dueQueue(own, { userId: learners[i % 2] ?? 0, day: today.day, window, limit: 10 });
      }
      const prepared = await own<{ generic_plans: number; custom_plans: number }[]>`
        select generic_plans::int, custom_plans::int from pg_prepared_statements
        where statement like '%due_first as materialized%'
          and statement not like '%pg_prepared_statements%'`;
      expect(prepared).toEqual([{ generic_plans: 3, custom_plans: 5 }]);
    } finally {
      await own.end();
    }
    // Each learner's plan with its values bound is the generic plan, node for node and cost for
    // cost: nothing of a request's values reaches the planner.
    const generic = await queueGenericPlan();
    expect(isQueue(generic)).toBe(true);
    for (const learner of learners) {
      const custom = (
        await recorder.plansOf(() =>
          dueQueue(spy, { userId: learner, day: today.day, window, limit: 10 }),
        )
      ).find((p) => isQueue(p.nodes));
      expect(kinds(custom?.nodes ?? [])).toEqual(kinds(generic));
      expect(custom?.plan['Total Cost']).toBe(generic[0]?.['Total Cost']);
    }
  });

  it('reads the page’s due cards in the due index’s order, stopped at the page, never sorted', async () => {
    const generic = await queueGenericPlan();
    // The first due cards: a limit straight over the due index read in order (a plan that read
    // one deck's range after another and sorted them read every due card of the learner).
    // The CTE appends the usual queue's branch and the branches of decks whose preset limits or
    // orders review cards (run only for those: a one-time filter); the first is the usual one.
    const append = generic.find((n) => n['Subplan Name'] === 'CTE due_first');
    expect(append?.['Node Type']).toBe('Append');
    const dueFirst = append?.Plans?.[0];
    expect(dueFirst?.['Node Type']).toBe('Limit');
    const scans = [...planNodes(dueFirst as PlanNode)].filter((n) => n['Relation Name']);
    expect(kinds(scans)).toEqual(['Index Only Scan card_schedules card_schedules_due_idx']);
    expect([...planNodes(dueFirst as PlanNode)].map((n) => n['Node Type'])).not.toContain('Sort');
    // Schedules are read only by index: ranges of the learner's due and new indexes, and the
    // picked cards' own rows (by the key or by card). A count may read its due range through a
    // bitmap of the due index instead of index-only: PostgreSQL prices the two by how much of the
    // table is marked all-visible. Run beside another test file it chose the bitmap (2 runs of 2),
    // alone the index-only scan (3 of 3); both read the learner's range of the index only.
    const indexes = generic
      .filter((n) => n['Relation Name'] === 'card_schedules')
      .map((n) =>
        n['Node Type'] === 'Bitmap Heap Scan'
          ? `Bitmap Heap Scan ${(n.Plans ?? []).map((k) => k['Index Name']).join(' ')}`
          : `${n['Node Type']} ${n['Index Name']}`,
      );
    const allowed = [
      'Index Only Scan card_schedules_due_idx',
      'Index Only Scan card_schedules_new_idx',
      'Bitmap Heap Scan card_schedules_due_idx',
      // Today's new cards now also skip suspended and buried ones: the planner may read that
      // partial index through its bitmap when the extra conditions make it cheaper.
      'Bitmap Heap Scan card_schedules_new_idx',
      'Index Scan card_schedules_user_id_card_id_pk',
      'Index Scan card_schedules_card_idx',
      // The learner's cards buried now (the counts subtract them): the partial index of buried
      // cards only, by index or through its bitmap.
      'Bitmap Heap Scan card_schedules_buried_idx',
      'Index Scan card_schedules_buried_idx',
      // The preset path (a deck whose preset limits or orders its review cards): that deck's
      // range of its due index, read only for such decks.
      'Index Only Scan card_schedules_desk_due_idx',
      'Bitmap Heap Scan card_schedules_desk_due_idx',
    ];
    expect(
      indexes.map((scan) => scan.replace(/\s+/g, ' ')).filter((scan) => !allowed.includes(scan)),
    ).toEqual([]);
    expect(indexes).toContain('Index Only Scan card_schedules_new_idx');
    expect(wholeTableScans(generic, 'card_schedules')).toEqual([]);
    const seqScans = generic.filter((n) => n['Node Type'] === 'Seq Scan').map(kinds1);
    expect(seqScans.filter((scan) => /cards|desks/.test(scan))).toEqual([]);
  });
});

/**
 * Every statement one `GET cards/due_cards/` sends, the signed-in user's read included: it was six
 * (the user, then the decks and the day's counters, then the counts, the cards and the memory
 * model), each a write to a pooled connection's socket and a wait for its answer. Now the user's
 * and the queue's one statement.
 */
const DUE_CARDS_STATEMENTS = 2;

describe('a due-cards request', () => {
  it.each([
    ['of every desk', ''],
    ['of one desk', 'desk'],
  ])(`%s sends ${DUE_CARDS_STATEMENTS} statements, none a sequential scan`, async (_, which) => {
    // The product's app on the recording connection, so that every statement it sends is seen.
    const app = createApp({ ...t.deps, sql: spy, db: drizzle(spy, { schema }) });
    const query = which ? `?desk_id=${deckIds[0]}` : '';
    const plans = await recorder.plansOf(async () => {
      const res = await app.request(`/be/api/space-repetition/cards/due_cards/${query}`, {
        headers: { authorization: `Bearer ${access}` },
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { cards: unknown[] }).cards).toHaveLength(10);
    });
    console.log(`due_cards ${which || 'all'}: ${describePlans(plans)}`);
    expect(plans).toHaveLength(DUE_CARDS_STATEMENTS);
    expect(seqScans(plans)).toEqual([]);
  });
});

describe('a rating request', () => {
  /**
   * The signed-in user's read, the rating's read (with the learner's memory model and preset, a
   * statement of its own before), the load balancer's one read (the due counts of the days in the
   * new interval's fuzz range and the deck's exam date: the range is known only after FSRS has
   * scheduled, so it cannot ride with the rating's read), its write, then the activity's live
   * event: sent after the write has
   * committed, in a commit that does not wait for the disk, because PostgreSQL serializes the
   * commits of every transaction that notifies under one lock held through its WAL flush
   * (`sendLiveSignal`).
   */
  it('sends 5 statements, the live event last and apart from the write', async () => {
    const app = createApp({ ...t.deps, sql: spy, db: drizzle(spy, { schema }) });
    const [card] = await t.deps.sql<{ id: number }[]>`
      select card_id as id from card_schedules
      where user_id = ${userId} and state = 2 and card_id <> ${cardId} limit 1`;
    const sent = await recorder.statementsOf(async () => {
      const res = await app.request(
        `/be/api/space-repetition/cards/${card?.id}/update_difficulty/`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
          body: JSON.stringify({ difficulty: 'good' }),
        },
      );
      expect(res.status).toBe(200);
    });
    expect(sent).toHaveLength(5);
    const notifying = sent.map((s, i) => (s.includes('pg_notify') ? i : -1)).filter((i) => i >= 0);
    expect(notifying).toEqual([4]);
    expect(sent[4]).toContain("set_config('synchronous_commit', 'off', true)");
    expect(sent[2]).toContain('desk_exams');
    expect(sent[3]).toContain('insert into review_logs');
  });
});
