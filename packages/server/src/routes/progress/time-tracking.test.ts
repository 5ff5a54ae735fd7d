import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, type TestBackend } from '../../test/harness.ts';
import { AUTH, todayIn } from '../../test/progress.ts';

let t: TestBackend;
beforeAll(async () => {
  t = await createTestBackend();
});
afterAll(async () => {
  await t?.close();
});

const TRACK = `${AUTH}/time-tracking/`;
const HOUR = 3_600_000;

/** Visits back to back from `start`, each `ms` long. */
function visits(start: Date, pages: string[], ms = 60_000) {
  return pages.map((page, i) => {
    const from = new Date(start.getTime() + i * ms);
    const to = new Date(from.getTime() + ms);
    return {
      page,
      start_time: from.toISOString(),
      end_time: to.toISOString(),
      duration: ms,
      timestamp: to.toISOString(),
    };
  });
}

function batch(sessionId: string, start: Date, pages: ReturnType<typeof visits>) {
  return {
    session_id: sessionId,
    session_start_time: start.toISOString(),
    total_time: pages.reduce((sum, p) => sum + p.duration, 0),
    pages,
  };
}

describe('time tracking', () => {
  it('stores a batch once: a retried batch records nothing new', async () => {
    const ana = await t.signUp();
    const start = new Date(Date.now() - 10 * 60_000);
    const body = batch('s1', start, visits(start, ['/', '/space-repetition/3']));
    const first = await t.request('POST', TRACK, { token: ana.access, body });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ session_id: 's1', total_time: 120_000, pages_recorded: 2 });
    const retry = await t.request('POST', TRACK, { token: ana.access, body });
    expect(retry.status).toBe(201);
    expect(retry.body.pages_recorded).toBe(0);
    const stats = await t.request('GET', `${TRACK}stats/`, { token: ana.access });
    expect(stats.body).toMatchObject({ total_time: 120_000, sessions_count: 1 });
  });

  it('answers stats: today, this week, per day, per page and per feature', async () => {
    const tz = 'America/Argentina/Buenos_Aires';
    const ana = await t.signUp({ timezone: tz });
    const start = new Date(Date.now() - 30 * 60_000);
    const pages = visits(
      start,
      ['/space-repetition/1', '/friends', '/space-repetition/1'],
      5 * 60_000,
    );
    await t.request('POST', TRACK, { token: ana.access, body: batch('s', start, pages) });
    const res = await t.request('GET', `${TRACK}stats/?days=3`, { token: ana.access });
    expect(res.status).toBe(200);
    expect(res.body.daily).toHaveLength(3);
    const today = todayIn(tz);
    expect(res.body.daily.at(-1).date).toBe(today);
    // The visits started within the last 30 minutes: today, unless today began meanwhile.
    const todayMs = res.body.daily.at(-1).total_time + res.body.daily.at(-2).total_time;
    expect(todayMs).toBe(15 * 60_000);
    expect(res.body.top_pages[0]).toEqual({
      page: '/space-repetition/1',
      total_time: 10 * 60_000,
      visits: 2,
    });
    expect(res.body.features).toEqual([
      { feature: 'space_repetition', total_time: 10 * 60_000 },
      { feature: 'friends', total_time: 5 * 60_000 },
    ]);
    expect(res.body.week_time).toBeGreaterThanOrEqual(res.body.today_time);
  });

  it('refuses a visit overlapping one stored for the session', async () => {
    const ana = await t.signUp();
    const start = new Date(Date.now() - 20 * 60_000);
    await t.request('POST', TRACK, {
      token: ana.access,
      body: batch('s', start, visits(start, ['/a'])),
    });
    const later = new Date(start.getTime() + 30_000);
    const res = await t.request('POST', TRACK, {
      token: ana.access,
      body: batch('s', start, visits(later, ['/b'])),
    });
    expect(res.status).toBe(400);
    expect(res.body.field_codes).toEqual({ 'pages.0.start_time': ['visits_overlap'] });
    // Another session of the learner (a second tab) may run at the same time.
    const tab = await t.request('POST', TRACK, {
      token: ana.access,
      body: batch('tab2', start, visits(later, ['/b'])),
    });
    expect(tab.status).toBe(201);
  });

  it('refuses more than 24 hours on one day', async () => {
    const ana = await t.signUp({ timezone: 'UTC' });
    const dayStart = new Date(`${todayIn('UTC')}T00:00:00Z`);
    const yesterday = new Date(dayStart.getTime() - 24 * HOUR);
    const full = visits(yesterday, ['/a'], 24 * HOUR);
    const ok = await t.request('POST', TRACK, {
      token: ana.access,
      body: batch('a', yesterday, full),
    });
    expect(ok.status).toBe(201);
    // A second tab's visit on the same day would make it more than 24 h.
    const res = await t.request('POST', TRACK, {
      token: ana.access,
      body: batch('b', yesterday, visits(yesterday, ['/b'], 1000)),
    });
    expect(res.status).toBe(400);
    expect(res.body.field_codes).toEqual({ pages: ['day_over_24h'] });
  });

  type Change = { start?: number; swap?: boolean; duration?: number };
  it.each<[string, Change, string, string]>([
    ['a visit in the future', { start: 10 * 60_000 }, 'pages.0.start_time', 'time_in_future'],
    ['an end before the start', { swap: true }, 'pages.0.end_time', 'end_before_start'],
    ['a duration past the end', { duration: 999_999 }, 'pages.0.duration', 'duration_too_long'],
    ['a negative duration', { duration: -1 }, 'pages.0.duration', 'too_small'],
  ])('answers 400 for %s', async (_, change, field, code) => {
    const ana = await t.signUp();
    const start = new Date(Date.now() - 5 * 60_000 + (change.start ?? 0));
    const [page] = visits(start, ['/x']);
    if (!page) throw new Error('no visit');
    if (change.swap) [page.start_time, page.end_time] = [page.end_time, page.start_time];
    if (change.duration !== undefined) page.duration = change.duration;
    const res = await t.request('POST', TRACK, {
      token: ana.access,
      body: { ...batch('s', new Date(Date.now() - HOUR), [page]) },
    });
    expect(res.status).toBe(400);
    expect(res.body.field_codes[field]).toContain(code);
  });

  it('answers 400 for a stats range out of bounds', async () => {
    const ana = await t.signUp();
    for (const days of [0, 366, 'x']) {
      const res = await t.request('GET', `${TRACK}stats/?days=${days}`, { token: ana.access });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.fields)).toEqual(['days']);
    }
  });

  it('keeps each learner’s time apart', async () => {
    const ana = await t.signUp();
    const bo = await t.signUp();
    const start = new Date(Date.now() - 5 * 60_000);
    await t.request('POST', TRACK, {
      token: ana.access,
      body: batch('s', start, visits(start, ['/'])),
    });
    // The same session id from another learner is their own session.
    const res = await t.request('POST', TRACK, {
      token: bo.access,
      body: batch('s', start, visits(start, ['/'])),
    });
    expect(res.body.pages_recorded).toBe(1);
    const stats = await t.request('GET', `${TRACK}stats/`, { token: bo.access });
    expect(stats.body.total_time).toBe(60_000);
  });
});
