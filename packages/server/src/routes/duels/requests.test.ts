import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, type TestBackend } from '../../test/harness.ts';
import { readSse } from '../../test/sse.ts';
import { D, helpers, type Player } from './test-support.ts';

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
    expect(sent.body[0]).toMatchObject({ duel_id: duel.id, direction: 'sent', status: 'accepted' });
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
