import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, startOfLocalDay } from '../../domain/review/scheduling.ts';
import { createTestBackend, type TestBackend } from '../../test/harness.ts';
import { AUTH, recorder, todayIn } from '../../test/progress.ts';
import { helpers } from '../../test/space-repetition.ts';

let t: TestBackend;
beforeAll(async () => {
  t = await createTestBackend();
});
afterAll(async () => {
  await t?.close();
});

const { makeDeck, makeCard, rate } = helpers(() => t);
const record = recorder(() => t);
const CONVERSION = { type: 'conversion_table' } as const;
const MINUTE = 60_000;

async function streak(token: string) {
  const res = await t.request('GET', `${AUTH}/streaks/my_streak/`, { token });
  expect(res.status).toBe(200);
  return res.body;
}

/** An instant `minutes` after the start of the day `offset` days from today in `tz`. */
function localInstant(tz: string, offset: number, minutes: number): Date {
  const day = addDays(todayIn(tz), offset);
  return new Date(startOfLocalDay(day, tz).getTime() + minutes * MINUTE);
}

describe('my_streak', () => {
  it('is empty for a new learner, with 31 idle days ending today', async () => {
    const ana = await t.signUp({ timezone: 'America/Argentina/Buenos_Aires' });
    const body = await streak(ana.access);
    expect(body).toMatchObject({
      current_streak: 0,
      longest_streak: 0,
      days_active: 0,
      today_active: false,
      last_activity_date: null,
    });
    const days = Object.keys(body.monthly_activity);
    expect(days).toHaveLength(31);
    expect(days.at(-1)).toBe(todayIn('America/Argentina/Buenos_Aires'));
    expect(Object.values(body.monthly_activity).every((n) => n === 0)).toBe(true);
    expect(Object.values(body.monthly_kinds).every((k) => Array.isArray(k) && k.length === 0)).toBe(
      true,
    );
  });

  it('counts a review today, with its count and kind', async () => {
    const ana = await t.signUp({ timezone: 'Europe/Madrid' });
    const d = await makeDeck(ana);
    const a = await makeCard(ana, d.id, 'a', '1');
    const b = await makeCard(ana, d.id, 'b', '2');
    expect((await rate(ana, a.id, { difficulty: 'good' })).status).toBe(200);
    expect((await rate(ana, b.id, { difficulty: 'again' })).status).toBe(200);
    const today = todayIn('Europe/Madrid');
    const body = await streak(ana.access);
    expect(body).toMatchObject({
      current_streak: 1,
      longest_streak: 1,
      days_active: 1,
      today_active: true,
      last_activity_date: today,
    });
    expect(body.monthly_activity[today]).toBe(2);
    expect(body.monthly_kinds[today]).toEqual(['space_repetition']);
  });

  it('splits activities at the learner’s midnight: 23:59 and 00:01 are two days', async () => {
    const tz = 'Asia/Kolkata';
    const ana = await t.signUp({ timezone: tz });
    await record(ana.user.id, CONVERSION, localInstant(tz, -1, 24 * 60 - 1));
    await record(ana.user.id, CONVERSION, localInstant(tz, 0, 1));
    const body = await streak(ana.access);
    expect(body.current_streak).toBe(2);
    expect(body.monthly_activity[addDays(todayIn(tz), -1)]).toBe(1);
    expect(body.monthly_activity[todayIn(tz)]).toBe(1);
  });

  it('counts the same instant on each learner’s own day', async () => {
    // One minute before midnight in Auckland is the previous afternoon in UTC.
    const instant = localInstant('Pacific/Auckland', 0, -1);
    const kiwi = await t.signUp({ timezone: 'Pacific/Auckland' });
    const brit = await t.signUp({ timezone: 'UTC' });
    await record(kiwi.user.id, CONVERSION, instant);
    await record(brit.user.id, CONVERSION, instant);
    const [k, b] = await Promise.all([streak(kiwi.access), streak(brit.access)]);
    expect(k.last_activity_date).toBe(addDays(todayIn('Pacific/Auckland'), -1));
    expect(b.last_activity_date).toBe(
      new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC' }).format(instant),
    );
  });

  it('breaks after an idle day and keeps the longest run', async () => {
    const tz = 'UTC';
    const ana = await t.signUp({ timezone: tz });
    for (const offset of [-6, -5, -4, -2])
      await record(ana.user.id, CONVERSION, localInstant(tz, offset, 600));
    let body = await streak(ana.access);
    expect(body).toMatchObject({ current_streak: 0, longest_streak: 3, days_active: 4 });
    await record(ana.user.id, CONVERSION, localInstant(tz, -1, 600));
    body = await streak(ana.access);
    expect(body).toMatchObject({ current_streak: 2, longest_streak: 3, today_active: false });
  });

  it('keeps the streak when the learner moves to a zone behind (Tokyo → Los Angeles)', async () => {
    const ana = await t.signUp({ timezone: 'Asia/Tokyo' });
    await record(ana.user.id, CONVERSION, localInstant('Asia/Tokyo', -1, 600));
    // Late in Tokyo's evening: already "tomorrow" compared with Los Angeles' date.
    await record(ana.user.id, CONVERSION, localInstant('Asia/Tokyo', 0, 23 * 60 + 30));
    const moved = await t.request('PATCH', `${AUTH}/users/${ana.user.id}/`, {
      token: ana.access,
      body: { timezone: 'America/Los_Angeles' },
    });
    expect(moved.status).toBe(200);
    const body = await streak(ana.access);
    expect(body.current_streak).toBe(2);
    expect(body.today_active).toBe(true);
    // The grid ends on the latest day, so today's activity shows.
    expect(Object.keys(body.monthly_activity).at(-1)).toBe(body.last_activity_date);
  });

  it('stores the learner’s day across daylight-saving changes (Europe/Madrid)', async () => {
    const ana = await t.signUp({ timezone: 'Europe/Madrid' });
    // 00:30 on the day clocks go forward (CET, +1) and on the day they go back (CEST, +2).
    await record(ana.user.id, CONVERSION, new Date('2025-03-29T23:30:00Z'));
    await record(ana.user.id, CONVERSION, new Date('2025-10-25T22:30:00Z'));
    // 23:30 on the spring day (now CEST, +2) is still that day.
    await record(ana.user.id, CONVERSION, new Date('2025-03-30T21:30:00Z'));
    const rows = await t.deps.sql<{ day: string; count: number }[]>`
      select to_char(day, 'YYYY-MM-DD') as day, count from activities
      where user_id = ${ana.user.id} order by day`;
    expect(rows).toEqual([
      { day: '2025-03-30', count: 2 },
      { day: '2025-10-26', count: 1 },
    ]);
    expect((await streak(ana.access)).longest_streak).toBe(1);
  });

  it('sees only the caller’s activity', async () => {
    const ana = await t.signUp();
    const bo = await t.signUp();
    await record(ana.user.id, CONVERSION);
    expect((await streak(bo.access)).days_active).toBe(0);
  });

  it('needs a signed-in caller', async () => {
    const res = await t.request('GET', `${AUTH}/streaks/my_streak/`);
    expect(res.status).toBe(401);
  });
});

describe('progress summary', () => {
  it('adds reviews and duel responses and rates finished duels', async () => {
    const ana = await t.signUp();
    let res = await t.request('GET', `${AUTH}/progress/`, { token: ana.access });
    expect(res.body).toMatchObject({ total_responses: 0, duels_played: 0, win_rate: null });
    const d = await makeDeck(ana);
    const card = await makeCard(ana, d.id);
    await rate(ana, card.id, { difficulty: 'good' });
    const duel = (duelId: number, result: 'win' | 'lose' | 'draw' | 'in_progress') => ({
      type: 'desk_duel' as const,
      duelId,
      duelType: 'desk' as const,
      opponentUsername: 'bo',
      result,
      myScore: 1,
      opponentScore: 0,
    });
    await record(ana.user.id, duel(1, 'in_progress'));
    await record(ana.user.id, duel(1, 'win'));
    await record(ana.user.id, duel(2, 'lose'));
    await record(ana.user.id, duel(3, 'in_progress'));
    res = await t.request('GET', `${AUTH}/progress/`, { token: ana.access });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      current_streak: 1,
      longest_streak: 1,
      days_active: 1,
      reviews: 1,
      total_responses: 5,
      duels_played: 2,
      duels_won: 1,
      win_rate: 0.5,
    });
  });
});
