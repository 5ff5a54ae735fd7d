import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, startOfLocalDay } from '../../domain/review/scheduling.ts';
import { helpers as friendHelpers, type Person } from '../../test/friends.ts';
import { createTestBackend, type TestBackend } from '../../test/harness.ts';
import { AUTH, recorder, todayIn } from '../../test/progress.ts';

let t: TestBackend;
beforeAll(async () => {
  t = await createTestBackend();
});
afterAll(async () => {
  await t?.close();
});

const record = recorder(() => t);
const { befriend, request, act } = friendHelpers(() => t);
const HOUR = 3_600_000;
// One row per day whose count grows with each use: any kind counts the same.
const CONVERSION = { type: 'conversion_table' } as const;

async function ranking(who: Person, query = '') {
  const res = await t.request('GET', `${AUTH}/progress/ranking/${query}`, { token: who.access });
  expect(res.status).toBe(200);
  return res.body as {
    entries: {
      rank: number;
      user: { id: number; username: string };
      is_me: boolean;
      activities: number;
    }[];
    my_rank: number;
    total: number;
  };
}

/** `times` activities on `offset` days from today in `tz`, at noon there. */
async function activeOn(who: Person, tz: string, offset: number, times = 1) {
  const at = new Date(startOfLocalDay(addDays(todayIn(tz), offset), tz).getTime() + 12 * HOUR);
  for (let i = 0; i < times; i += 1) await record(who.user.id, CONVERSION, at);
}

const rows = (body: Awaited<ReturnType<typeof ranking>>) =>
  body.entries.map((e) => [e.user.username, e.rank, e.activities, e.is_me]);

describe('the friends ranking', () => {
  it('ranks a learner without friends first of one', async () => {
    const ana = await t.signUp();
    const body = await ranking(ana);
    expect(body).toMatchObject({ my_rank: 1, total: 1 });
    expect(rows(body)).toEqual([[ana.user.username, 1, 0, true]]);
  });

  it('ranks the learner among accepted friends only, by activities of the last 7 days', async () => {
    const ana = await t.signUp({ timezone: 'Europe/Madrid' });
    const bea = await t.signUp({ timezone: 'Asia/Tokyo' });
    const cy = await t.signUp({ timezone: 'America/Los_Angeles' });
    const pending = await t.signUp();
    const stranger = await t.signUp();
    await befriend(ana, bea);
    await befriend(cy, ana);
    await request(ana, pending);
    await activeOn(ana, 'Europe/Madrid', 0, 2);
    // Six days ago is inside each one's 7 days, seven days ago is not.
    await activeOn(bea, 'Asia/Tokyo', -6, 3);
    await activeOn(bea, 'Asia/Tokyo', -7, 5);
    await activeOn(cy, 'America/Los_Angeles', -1, 1);
    await activeOn(pending, 'UTC', 0, 9);
    await activeOn(stranger, 'UTC', 0, 9);
    const body = await ranking(ana);
    expect(rows(body)).toEqual([
      [bea.user.username, 1, 3, false],
      [ana.user.username, 2, 2, true],
      [cy.user.username, 3, 1, false],
    ]);
    expect(body).toMatchObject({ my_rank: 2, total: 3 });
    // The friend sees the same order from their side, without the learner's other friends.
    expect(rows(await ranking(cy)).map(([name]) => name)).toEqual([
      ana.user.username,
      cy.user.username,
    ]);
  });

  it('gives equal counts one rank and lists them by username', async () => {
    const ana = await t.signUp();
    const bea = await t.signUp();
    await befriend(ana, bea);
    const body = await ranking(ana);
    const names = [ana.user.username, bea.user.username].sort();
    expect(rows(body).map(([name, rank]) => [name, rank])).toEqual([
      [names[0], 1],
      [names[1], 1],
    ]);
    expect(body.my_rank).toBe(1);
  });

  it('leaves a removed friend out', async () => {
    const ana = await t.signUp();
    const bea = await t.signUp();
    const id = await befriend(ana, bea);
    expect((await ranking(ana)).total).toBe(2);
    expect((await act(bea, id, 'remove')).status).toBe(204);
    expect(await ranking(ana)).toMatchObject({ total: 1, my_rank: 1 });
  });

  it('lists `limit` people from the top and still gives the learner their rank', async () => {
    const ana = await t.signUp();
    const bea = await t.signUp();
    const cy = await t.signUp();
    await befriend(ana, bea);
    await befriend(ana, cy);
    await activeOn(bea, 'UTC', 0, 2);
    await activeOn(cy, 'UTC', 0, 1);
    const body = await ranking(ana, '?limit=1');
    expect(rows(body)).toEqual([[bea.user.username, 1, 2, false]]);
    expect(body).toMatchObject({ my_rank: 3, total: 3 });
  });

  it.each(['0', '101', 'ten'])('answers 400 naming limit for limit=%s', async (limit) => {
    const ana = await t.signUp();
    const res = await t.request('GET', `${AUTH}/progress/ranking/?limit=${limit}`, {
      token: ana.access,
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_error');
    expect(Object.keys(res.body.fields)).toEqual(['limit']);
  });

  it('needs a signed-in learner', async () => {
    const res = await t.request('GET', `${AUTH}/progress/ranking/`);
    expect(res.status).toBe(401);
  });
});
