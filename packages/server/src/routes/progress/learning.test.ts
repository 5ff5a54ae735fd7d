import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, type TestBackend } from '../../test/harness.ts';
import { todayIn } from '../../test/progress.ts';
import { helpers, SR } from '../../test/space-repetition.ts';

let t: TestBackend;
beforeAll(async () => {
  t = await createTestBackend();
});
afterAll(async () => {
  await t?.close();
});

const { makeDeck, makeCard, rate } = helpers(() => t);
const STATS = `${SR}/learning-stats/`;

describe('learning stats', () => {
  it('answers empty figures for a new learner', async () => {
    const ana = await t.signUp({ timezone: 'Asia/Tokyo' });
    const res = await t.request('GET', STATS, { token: ana.access });
    expect(res.status).toBe(200);
    expect(res.body.retention.total).toEqual({ reviews: 0, passed: 0, rate: null });
    expect(res.body.forecast).toHaveLength(30);
    expect(res.body.forecast[0].date).toBe(todayIn('Asia/Tokyo'));
    expect(res.body.reviews_per_day).toHaveLength(365);
    expect(res.body.reviews_per_day.at(-1)).toEqual({ date: todayIn('Asia/Tokyo'), count: 0 });
    expect(res.body.decks).toEqual([]);
  });

  it('counts reviews per day, the forecast and deck maturity', async () => {
    const ana = await t.signUp({ timezone: 'Europe/Madrid' });
    const d = await makeDeck(ana, { name: 'Capitals' });
    const a = await makeCard(ana, d.id, 'a', '1');
    const b = await makeCard(ana, d.id, 'b', '2');
    await makeCard(ana, d.id, 'c', '3');
    await rate(ana, a.id, { difficulty: 'easy' });
    await rate(ana, b.id, { difficulty: 'again' });
    const res = await t.request('GET', STATS, { token: ana.access });
    expect(res.body.reviews_per_day.at(-1).count).toBe(2);
    // b is learning (due today); a is in review, due within the 30 days.
    expect(res.body.forecast[0].count).toBeGreaterThanOrEqual(1);
    expect(res.body.forecast.reduce((n: number, f: { count: number }) => n + f.count, 0)).toBe(2);
    expect(res.body.decks).toEqual([
      { deck_id: d.id, deck_name: 'Capitals', new: 1, learning: 1, young: 1, mature: 0 },
    ]);
  });

  it('measures true retention of young and mature cards over 30 days', async () => {
    const ana = await t.signUp();
    const d = await makeDeck(ana);
    const card = await makeCard(ana, d.id);
    // Review-state ratings as the review log keeps them: 3 young (1 again), 2 mature (both kept),
    // one learning-state rating (not counted) and one mature lapse 40 days ago (too old).
    const log = (state: number, scheduledDays: number, rating: number, daysAgo: number) => t.deps
      .sql`
      insert into review_logs (user_id, card_id, desk_id, rating, state_before, state_after, reviewed_at)
      values (${ana.user.id}, ${card.id}, ${d.id}, ${rating},
        ${JSON.stringify({ state, scheduled_days: scheduledDays })}::jsonb, '{}'::jsonb,
        now() - make_interval(days => ${daysAgo}))`;
    await log(2, 3, 3, 1);
    await log(2, 5, 1, 2);
    await log(2, 10, 4, 3);
    await log(2, 21, 3, 4);
    await log(2, 60, 2, 5);
    await log(1, 0, 1, 1);
    await log(2, 60, 1, 40);
    const res = await t.request('GET', STATS, { token: ana.access });
    expect(res.body.retention.young).toEqual({ reviews: 3, passed: 2, rate: 2 / 3 });
    expect(res.body.retention.mature).toEqual({ reviews: 2, passed: 2, rate: 1 });
    expect(res.body.retention.total).toEqual({ reviews: 5, passed: 4, rate: 0.8 });
  });

  it('counts only the caller’s cards', async () => {
    const ana = await t.signUp();
    const bo = await t.signUp();
    const d = await makeDeck(ana);
    const c = await makeCard(ana, d.id);
    await rate(ana, c.id, { difficulty: 'good' });
    const res = await t.request('GET', STATS, { token: bo.access });
    expect(res.body.decks).toEqual([]);
    expect(res.body.reviews_per_day.at(-1).count).toBe(0);
  });
});
