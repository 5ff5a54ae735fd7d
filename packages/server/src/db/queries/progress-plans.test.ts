/**
 * The statements behind `learning-stats/` and `card-stats/` on a learner with two years of daily
 * reviews (REVIEWS review-log rows, 200,000 by default as in the issue's bench), among another
 * learner with as many: each statement the product sends is run again under EXPLAIN (ANALYZE,
 * BUFFERS), the plans are printed with their times (figures, never asserted). The test fails when
 * a statement scans the whole review log, when one converts each row's time to the learner's zone
 * to find its day (what made a year of reviews per day take most of a second), or when card-stats
 * reads more of the log than the last days' rows (its all-time total is the `review_counts`
 * counter, not a count of two years of rows).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastDays } from '../../domain/progress/streaks.ts';
import { addDays, learnerDay, localDate, mondayOf } from '../../domain/review/scheduling.ts';
import { FORECAST_DAYS, HISTORY_DAYS, RETENTION_DAYS } from '../../routes/progress/learning.ts';
import { createTestBackend, type TestBackend } from '../../test/harness.ts';
import {
  describePlans,
  fixStatistics,
  type PlanSpy,
  planSpy,
  type StatementPlan,
  seqScansOf,
} from '../../test/plans.ts';
import { deckMaturity, dueForecast, retentionSince, reviewsPerDay } from './learning.ts';
import { reviewTotals } from './reviews.ts';

/** Review-log rows per learner (PROGRESS_PLAN_REVIEWS to read the plans at another size). */
const REVIEWS = Number(process.env.PROGRESS_PLAN_REVIEWS ?? 200_000);
const DAYS = 730;
const CARDS = 20_000;
const DECKS = 20;
const TZ = 'America/Argentina/Buenos_Aires';

let t: TestBackend;
let spy: PlanSpy;
let userId: number;

beforeAll(async () => {
  t = await createTestBackend();
  userId = (await t.signUp()).user.id;
  const other = (await t.signUp()).user.id;
  const { sql } = t.deps;
  for (const owner of [other, userId]) {
    const decks = await sql<{ id: number }[]>`
      insert into desks (owner_id, name, new_cards_per_day)
      select ${owner}, 'Desk ' || g, 10 from generate_series(1, ${DECKS}) g returning id`;
    const deckIds = decks.map((d) => d.id);
    await sql`
      insert into cards (desk_id, front, back, created_by)
      select (${deckIds}::int[])[1 + g % ${DECKS}], 'Q' || g, 'A' || g, ${owner}
      from generate_series(0, ${CARDS - 1}) g`;
    // 40 % new, 2 % learning, the rest review cards due over the next 90 days.
    await sql`
      insert into card_schedules (user_id, card_id, desk_id, state, due, scheduled_days)
      select ${owner}, c.id, c.desk_id, k.state,
        case k.state when 0 then c.created_at
                     when 1 then now() + ((c.id % 60) - 30) * interval '1 minute'
                     else now() + ((c.id % 9000) / 100.0 - 3) * interval '1 day' end,
        case k.state when 2 then 1 + c.id % 90 else 0 end
      from cards c cross join lateral (
        select (case when c.id % 100 < 40 then 0 when c.id % 100 < 42 then 1 else 2 end)::smallint
          as state) k
      where c.desk_id = any(${deckIds}::int[])`;
    // A few hundred reviews a day over two years, about 10 % again, as the bench seeds them.
    await sql`
      with rated as (
        select array_agg(card_id order by card_id) as cards,
          array_agg(desk_id order by card_id) as desks
        from card_schedules where user_id = ${owner} and state <> 0
      )
      insert into review_logs (user_id, card_id, desk_id, rating, state_before, state_after,
        elapsed_days, reviewed_at)
      select ${owner}, rated.cards[1 + (g * 7919) % cardinality(rated.cards)],
        rated.desks[1 + (g * 7919) % cardinality(rated.cards)],
        case g % 10 when 0 then 1 when 1 then 2 when 9 then 4 else 3 end,
        jsonb_build_object('state', case when g % 7 = 0 then 1 else 2 end, 'scheduled_days', g % 60),
        jsonb_build_object('state', 2, 'scheduled_days', 1 + g % 90),
        g % 30,
        now() - (g % ${DAYS}) * interval '1 day' - (g * 37 % 50000) * interval '1 second'
      from rated, generate_series(0, ${REVIEWS - 1}) g`;
  }
  await fixStatistics(sql, ['review_logs', 'card_schedules', 'cards', 'desks']);
  spy = planSpy(t.url);
}, 300_000);

afterAll(async () => {
  await spy?.end();
  await t?.close();
});

/** The learning-stats statements, with the arguments `getLearningStats` gives them. */
function learningStats() {
  const now = new Date();
  const today = localDate(now, TZ);
  return Promise.all([
    retentionSince(spy.sql, userId, new Date(now.getTime() - RETENTION_DAYS * 86_400_000)),
    dueForecast(spy.sql, userId, TZ, lastDays(addDays(today, FORECAST_DAYS - 1), FORECAST_DAYS)),
    reviewsPerDay(spy.sql, userId, TZ, lastDays(today, HISTORY_DAYS)),
    deckMaturity(spy.sql, userId),
  ]);
}

/** The card-stats statements, with the arguments `getCardStats` gives them. */
function cardStats() {
  const today = learnerDay(new Date(), TZ);
  const monday = mondayOf(today.day);
  return Promise.all([
    reviewsPerDay(spy.sql, userId, TZ, lastDays(addDays(monday, 6), 7)),
    reviewTotals(spy.sql, userId, today),
  ]);
}

const onReviewLog = (plans: StatementPlan[]) =>
  plans.flatMap((p) => p.nodes).filter((n) => n['Relation Name'] === 'review_logs');

/**
 * The most review-log rows one node of a statement read (an index or its table: a bitmap scan
 * reads the same rows twice, so the largest node, not their sum).
 */
const logRowsRead = (p: StatementPlan) =>
  Math.max(
    0,
    ...p.nodes
      .filter(
        (n) => n['Relation Name'] === 'review_logs' || n['Index Name']?.startsWith('review_logs_'),
      )
      .map((n) => (n['Actual Rows'] ?? 0) * (n['Actual Loops'] ?? 1)),
  );

/** Grouping keys that convert each row's time to the learner's zone. */
const perRowZoneConversions = (plans: StatementPlan[]) =>
  plans
    .flatMap((p) => p.nodes)
    .flatMap((n) => n['Group Key'] ?? [])
    .filter((key) => /timezone\(/.test(key));

describe(`the progress statistics’ plans on ${2 * REVIEWS} review-log rows`, () => {
  it.each([
    ['learning-stats', learningStats],
    ['card-stats', cardStats],
  ])(
    '%s reads time ranges through the index, days placed without zone conversions',
    async (name, run) => {
      const plans = await spy.plansOf(run);
      // The plans, and their execution times on this machine as figures (never asserted).
      console.log(`${name}: ${describePlans(plans)}`);
      expect(onReviewLog(plans).length).toBeGreaterThan(0);
      expect(seqScansOf(plans, ['review_logs'])).toEqual([]);
      expect(perRowZoneConversions(plans)).toEqual([]);
    },
    // EXPLAIN ANALYZE runs each statement again over the whole seeded year.
    180_000,
  );

  it('card-stats reads no more of the log than the learner’s last days: the total is a counter', async () => {
    const [recent] = await t.deps.sql<{ n: number }[]>`
      select count(*)::int as n from review_logs
      where user_id = ${userId} and reviewed_at >= now() - interval '8 days'`;
    const plans = await spy.plansOf(cardStats);
    expect(Math.max(...plans.map(logRowsRead))).toBeLessThanOrEqual(recent?.n ?? 0);
    const [, totals] = await cardStats();
    expect(totals.total).toBe(REVIEWS);
  });

  it('counts the seeded rows of each learner, inserted in one statement each', async () => {
    const rows = await t.deps.sql<{ user_id: number; counter: number; n: number }[]>`
      select l.user_id, c.total as counter, count(*)::int as n
      from review_logs l left join review_counts c using (user_id)
      group by l.user_id, c.total`;
    expect(rows).toHaveLength(2);
    for (const r of rows) expect(r.counter).toBe(r.n);
  });
});
