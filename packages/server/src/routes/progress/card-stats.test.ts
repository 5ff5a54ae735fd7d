import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, type TestBackend } from '../../test/harness.ts';
import { helpers, SR } from '../../test/space-repetition.ts';

let t: TestBackend;

beforeAll(async () => {
  t = await createTestBackend();
});

afterAll(async () => {
  await t?.close();
});

const { makeDeck, makeCard, rate } = helpers(() => t);

describe('card stats', () => {
  it('counts reviews Monday to Sunday of the learner’s week', async () => {
    const ana = await t.signUp({ timezone: 'Europe/Madrid' });
    const deck = await makeDeck(ana);
    const a = await makeCard(ana, deck.id, 'a', '1');
    const b = await makeCard(ana, deck.id, 'b', '2');
    await rate(ana, a.id, { difficulty: 'good' });
    await rate(ana, b.id, { difficulty: 'good' });
    await rate(ana, b.id, { difficulty: 'good' });
    // One review last week (8 days ago) counts in the total only.
    await t.database.sql`
      update review_logs set reviewed_at = now() - interval '8 days'
      where id = (select min(id) from review_logs where user_id = ${ana.user.id})`;
    const res = await t.request('GET', `${SR}/card-stats/`, { token: ana.access });
    expect(res.status).toBe(200);
    const madridToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(
      new Date(),
    );
    const week = res.body.week_daily_breakdown;
    expect(week.map((d: { day: string }) => d.day)).toEqual([
      'monday',
      'tuesday',
      'wednesday',
      'thursday',
      'friday',
      'saturday',
      'sunday',
    ]);
    expect(week[0].date).toBe(res.body.week_start);
    expect(new Date(`${res.body.week_start}T12:00:00Z`).getUTCDay()).toBe(1);
    const todayEntry = week.find((d: { date: string }) => d.date === madridToday);
    expect(todayEntry.count).toBe(2);
    expect(res.body).toMatchObject({ total_this_week: 2, reviews_today: 2, total_reviews: 3 });
  });
});
