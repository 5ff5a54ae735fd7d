import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { D, helpers, type Player } from '../../test/duels.ts';
import { createTestBackend, type TestBackend } from '../../test/harness.ts';
import { readSse } from '../../test/sse.ts';

let t: TestBackend;

beforeAll(async () => {
  t = await createTestBackend();
});

afterAll(async () => {
  await t?.close();
});

const h = helpers(() => t);

async function customDuel(a: Player, b: Player) {
  const res = await h.post(a, `${D}/create/`, {
    duel_type: 'custom',
    questions: [{ question: 'Capital of Peru?', answer: 'Lima' }],
    answer_time: 30,
    opponent_id: b.user.id,
  });
  expect(res.status).toBe(201);
  return res.body;
}

describe('answering a duel request', () => {
  it('accepting starts the duel at once and tells the sender, who sees it accepted', async () => {
    const [ana, ben] = await h.pair();
    const duel = await customDuel(ana, ben);
    const request = await h.accept(ben, duel.id);
    expect(request).toMatchObject({ status: 'accepted', duel_id: duel.id, direction: 'received' });
    const benView = (await h.get(ben, `${D}/${duel.id}/`)).body;
    expect(benView.status).toBe('in_progress');
    expect(benView.question_deadline_at).not.toBeNull();
    expect(await h.lastNotification(ana)).toMatchObject({
      kind: 'duel_accepted',
      payload: { duel_id: duel.id, from_username: ben.user.username },
    });
    const sent = await h.get(ana, `${D}/duel-requests/?status=accepted`);
    expect(sent.body[0]).toMatchObject({
      duel_id: duel.id,
      direction: 'sent',
      status: 'accepted',
      duel_status: 'in_progress', // issue 40: the list says where the duel is, not only the request
    });
  });

  it('rejecting cancels the duel; only the receiver answers, once', async () => {
    const [ana, ben] = await h.pair();
    const duel = await customDuel(ana, ben);
    const id = await h.requestFor(ben, duel.id);
    const bySender = await h.post(ana, `${D}/duel-requests/${id}/respond/`, { action: 'accept' });
    expect(bySender.status).toBe(403);
    const rejected = await h.post(ben, `${D}/duel-requests/${id}/respond/`, { action: 'reject' });
    expect(rejected.body.status).toBe('rejected');
    expect((await h.get(ana, `${D}/${duel.id}/`)).body.status).toBe('cancelled');
    const listed = (await h.get(ana, `${D}/duel-requests/`)).body;
    expect(listed.find((r: { id: number }) => r.id === id)?.duel_status).toBe('cancelled');
    expect((await h.lastNotification(ana))?.kind).toBe('duel_rejected');
    const again = await h.post(ben, `${D}/duel-requests/${id}/respond/`, { action: 'accept' });
    expect(again.status).toBe(409);
    const bad = await h.post(ben, `${D}/duel-requests/${id}/respond/`, { action: 'maybe' });
    expect(bad.status).toBe(400);
  });

  it('a free receiver sees the request but is refused 403 on accept, and may reject', async () => {
    const ana = await h.player();
    const free = await h.player('free');
    await h.befriend(ana, free);
    const duel = await customDuel(ana, free);
    const id = await h.requestFor(free, duel.id);
    const accept = await h.post(free, `${D}/duel-requests/${id}/respond/`, { action: 'accept' });
    expect(accept.status).toBe(403);
    expect(accept.body.code).toBe('plan_required');
    const reject = await h.post(free, `${D}/duel-requests/${id}/respond/`, { action: 'reject' });
    expect(reject.status).toBe(200);
  });

  it("answers 404 for another user's request", async () => {
    const [ana, ben] = await h.pair();
    const eve = await h.player();
    const duel = await customDuel(ana, ben);
    const id = await h.requestFor(ben, duel.id);
    const respond = await h.post(eve, `${D}/duel-requests/${id}/respond/`, { action: 'accept' });
    expect(respond.status).toBe(404);
    const hide = await h.post(eve, `${D}/duel-requests/${id}/delete_notification/`);
    expect(hide.status).toBe(404);
  });
});

describe('notifications of duel requests', () => {
  it('can be hidden by one side only (is_deleted), and leave the lists', async () => {
    const [ana, ben] = await h.pair();
    const duel = await customDuel(ana, ben);
    const id = await h.requestFor(ben, duel.id);
    const hidden = await h.post(ben, `${D}/duel-requests/${id}/delete_notification/`);
    expect(hidden.status).toBe(204);
    expect((await h.get(ben, `${D}/requests/pending/`)).body).toEqual([]);
    expect((await h.get(ben, `${D}/duel-requests/`)).body).toEqual([]);
    const anas = (await h.get(ana, `${D}/duel-requests/`)).body;
    expect(anas).toHaveLength(1);
    expect(anas[0]).toMatchObject({ id, is_deleted: false, direction: 'sent' });
  });

  it('a rejected duel can be sent again, to a friend only', async () => {
    const [ana, ben] = await h.pair();
    const eve = await h.player();
    const duel = await customDuel(ana, ben);
    const id = await h.requestFor(ben, duel.id);
    const body = { receiver_id: ben.user.id, duel_type: 'custom', duel_id: duel.id };
    const whilePending = await h.post(ana, `${D}/duel-requests/`, body);
    expect(whilePending.status).toBe(409);
    await h.post(ben, `${D}/duel-requests/${id}/respond/`, { action: 'reject' });
    const stranger = await h.post(ana, `${D}/duel-requests/`, {
      ...body,
      receiver_id: eve.user.id,
    });
    expect(stranger.status).toBe(400);
    expect(stranger.body.field_codes.opponent_id).toEqual(['opponent_not_friend']);
    const resent = await h.post(ana, `${D}/duel-requests/`, body);
    expect(resent.status).toBe(201);
    expect(resent.body).toMatchObject({ status: 'pending', duel_id: duel.id });
    expect((await h.get(ana, `${D}/${duel.id}/`)).body.status).toBe('waiting');
    const wrongType = await h.post(ana, `${D}/duel-requests/`, { ...body, duel_type: 'table' });
    expect(wrongType.status).toBe(404);
  });
});

describe('stats and the friends leaderboard', () => {
  it('count wins, losses, best scores and rank the caller among their friends', async () => {
    const [ana, ben] = await h.pair();
    const cat = await h.player();
    await h.befriend(ana, cat);
    const duel = await customDuel(ana, ben);
    await h.accept(ben, duel.id);
    await h.get(ana, `${D}/${duel.id}/`);
    for (const [who, answer] of [
      [ana, 'lima'],
      [ben, 'Quito'],
    ] as const) {
      const res = await h.post(who, `${D}/submit-response/`, {
        duel_id: duel.id,
        question_id: 1,
        answer,
      });
      expect(res.status).toBe(200);
    }
    const stats = (await h.get(ana, `${D}/stats/user/`)).body;
    expect(stats).toMatchObject({
      total_duels: 1,
      wins: 1,
      losses: 0,
      draws: 0,
      in_progress: 0,
      win_rate: 1,
      total_responses: 1,
      correct_responses: 1,
      accuracy: 1,
      ranking: 1,
      best_scores: { custom: 1, desk: null, images: null, table: null },
    });
    const board = (await h.get(ben, `${D}/stats/friends-leaderboard/`)).body;
    expect(board.entries.map((e: { user: { id: number } }) => e.user.id)).toEqual([
      ana.user.id,
      ben.user.id,
    ]);
    expect(board.my_rank).toBe(2);
    const anas = (await h.get(ana, `${D}/stats/friends-leaderboard/`)).body;
    expect(anas.entries).toHaveLength(3);
    expect(anas.entries[0]).toMatchObject({ is_me: true, wins: 1, rank: 1 });
  });
});

describe('a duel nobody opened after its time ran out', () => {
  /** Ana challenges Ben, Ben answers right and never comes back, Ana never opens it. */
  async function abandoned() {
    const [ana, ben] = await h.pair();
    const duel = await customDuel(ana, ben);
    await h.accept(ben, duel.id);
    const res = await h.post(ben, `${D}/submit-response/`, {
      duel_id: duel.id,
      question_id: 1,
      answer: 'Lima',
    });
    expect(res.status).toBe(200);
    // Ana's clock started 5 minutes after acceptance, then 30 s to answer and the 2 s grace.
    await h.age(duel.id, 5 * 60 + 33);
    return { ana, ben, duel };
  }

  it('is finished and counted in the friends leaderboard read by a friend of a player', async () => {
    const { ana, ben, duel } = await abandoned();
    const cleo = await h.player();
    await h.befriend(ben, cleo);
    const board = (await h.get(cleo, `${D}/stats/friends-leaderboard/`)).body;
    expect(board.entries[0]).toMatchObject({
      user: { id: ben.user.id },
      wins: 1,
      total_duels: 1,
      win_rate: 1,
    });
    const row = await t.deps.sql<{ status: string }[]>`
      select status from duels where id = ${duel.id}`;
    expect(row[0]?.status).toBe('finished');
    const anas = (await h.get(ana, `${D}/stats/user/`)).body;
    expect(anas).toMatchObject({ total_duels: 1, losses: 1, in_progress: 0, win_rate: 0 });
  });

  it('is finished and counted in the stats, progress figures and activity history', async () => {
    const { ana, ben, duel } = await abandoned();
    const summary = (await h.get(ben, '/be/api/auth/progress/')).body;
    expect(summary).toMatchObject({ duels_played: 1, duels_won: 1, win_rate: 1 });
    const history = (await h.get(ben, '/be/api/auth/activity-history/')).body;
    expect(history.results[0]).toMatchObject({
      activity_type: 'custom_duel',
      duel_id: duel.id,
      result: 'win',
      my_score: 1,
      opponent_score: 0,
      opponent_username: ana.user.username,
    });
    // Ana never opened the duel: it is no activity of hers (no history row, no streak day).
    const anas = (await h.get(ana, '/be/api/auth/activity-history/')).body;
    expect(anas.results).toEqual([]);
    const streak = (await h.get(ana, '/be/api/auth/streaks/my_streak/')).body;
    expect(streak).toMatchObject({ current_streak: 0 });
    const stats = (await h.get(ben, `${D}/stats/user/`)).body;
    expect(stats).toMatchObject({ total_duels: 1, wins: 1, in_progress: 0, win_rate: 1 });
  });

  it('is dated when its time ran out, not when a read noticed it', async () => {
    const { ana, duel } = await abandoned();
    const [row] = await t.deps.sql<{ ms: number }[]>`
      select floor(extract(epoch from accepted_at) * 1000)::float8 as ms from duels
      where id = ${duel.id}`;
    const entry = (await h.get(ana, `${D}/history/`)).body.results[0];
    expect(entry).toMatchObject({ duel_id: duel.id, status: 'finished', result: 'lose' });
    // Ana's deadline: 5 minutes after acceptance, her 30 s, then the 2 s grace.
    const end = (row?.ms ?? 0) + (5 * 60 + 30 + 2) * 1000;
    expect(Date.parse(entry.finished_at)).toBe(end);
  });
});

describe('live', () => {
  it('brings the request, its answer and the opponent’s progress to open event streams', async () => {
    const [ana, ben] = await h.pair();
    const open = (who: Player) =>
      t.app.request('/be/api/events/', {
        headers: { accept: 'text/event-stream', authorization: `Bearer ${who.access}` },
      });
    const [anaRes, benRes] = await Promise.all([open(ana), open(ben)]);
    const anaSse = readSse(anaRes.body as ReadableStream<Uint8Array>);
    const benSse = readSse(benRes.body as ReadableStream<Uint8Array>);
    try {
      expect((await anaSse.nextEvent()).event).toBe('ready');
      expect((await benSse.nextEvent()).event).toBe('ready');
      const duel = await customDuel(ana, ben);
      const invited = await benSse.nextEvent();
      expect(invited.event).toBe('notification');
      expect(JSON.parse(invited.data ?? '{}')).toMatchObject({
        kind: 'duel_request',
        payload: { duel_id: duel.id },
      });
      await h.accept(ben, duel.id);
      const frames = [await anaSse.nextEvent(), await anaSse.nextEvent()];
      expect(frames.map((f) => f.event).sort()).toEqual(['duel_progress', 'notification']);
      await h.get(ana, `${D}/${duel.id}/`);
      await h.post(ben, `${D}/submit-response/`, {
        duel_id: duel.id,
        question_id: 1,
        answer: 'Lima',
      });
      let progress = await anaSse.nextEvent();
      while (progress.event !== 'duel_progress') progress = await anaSse.nextEvent();
      expect(JSON.parse(progress.data ?? '{}')).toEqual({
        duel_id: duel.id,
        duel_type: 'custom',
        status: 'in_progress',
        opponent_answered: 1,
        opponent_finished: true,
      });
    } finally {
      await anaSse.cancel();
      await benSse.cancel();
    }
  });
});
