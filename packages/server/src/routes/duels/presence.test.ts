/**
 * The opponent's connection: a duel says whether the other player has a live events stream, and
 * tells the player when it drops or comes back. The duel itself goes on on the server clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { D, helpers, type Player } from '../../test/duels.ts';
import { createTestBackend, type TestBackend } from '../../test/harness.ts';
import { readSse, type SseReader } from '../../test/sse.ts';

let t: TestBackend;

beforeAll(async () => {
  t = await createTestBackend();
});

afterAll(async () => {
  await t?.close();
});

const h = helpers(() => t);

/** `who`'s events stream, opened on the test instance; `close` is the tab going away. */
async function stream(who: Player): Promise<{ sse: SseReader; close: () => Promise<void> }> {
  const gone = new AbortController();
  const body = await t.deps.events.open({
    userId: who.user.id,
    expiresAt: new Date(Date.now() + 60_000),
    signal: gone.signal,
  });
  const sse = readSse(body);
  expect((await sse.nextEvent()).event).toBe('ready');
  await t.deps.events.presenceSettled();
  return {
    sse,
    close: async () => {
      gone.abort();
      await sse.ended;
      await t.deps.events.presenceSettled();
    },
  };
}

/** The next `duel_progress` event of `sse` about `duelId`. */
async function progressOf(sse: SseReader, duelId: number) {
  for (;;) {
    const frame = await sse.nextEvent();
    if (frame.event !== 'duel_progress') continue;
    const data = JSON.parse(frame.data ?? '{}');
    if (data.duel_id === duelId) return data;
  }
}

async function deckDuel(a: Player, b: Player) {
  const deckId = await h.deck(a, [
    ['Spain', 'Madrid'],
    ['France', 'Paris'],
  ]);
  const res = await h.post(a, `${D}/create/`, {
    duel_type: 'desk',
    desk_id: deckId,
    question_count: 2,
    answer_time: 30,
    opponent_id: b.user.id,
  });
  expect(res.status).toBe(201);
  return res.body.id as number;
}

describe('the opponent’s connection', () => {
  it('shows when the opponent’s stream drops and comes back, and the duel goes on meanwhile', async () => {
    const [ana, ben] = await h.pair();
    const duelId = await deckDuel(ana, ben);
    await h.accept(ben, duelId);
    const anas = await stream(ana);
    expect((await h.get(ana, `${D}/${duelId}/`)).body.opponent_connected).toBe(false);

    const bens = await stream(ben);
    await progressOf(anas.sse, duelId);
    expect((await h.get(ana, `${D}/${duelId}/`)).body.opponent_connected).toBe(true);
    expect((await h.get(ben, `${D}/${duelId}/`)).body.opponent_connected).toBe(true);

    await bens.close();
    const dropped = await progressOf(anas.sse, duelId);
    expect(dropped).toMatchObject({ status: 'in_progress', opponent_finished: false });
    const view = (await h.get(ana, `${D}/${duelId}/`)).body;
    expect(view).toMatchObject({ status: 'in_progress', opponent_connected: false });

    // Ben is not out: his clock kept running and he answers where he was when he comes back.
    const back = await stream(ben);
    await progressOf(anas.sse, duelId);
    expect((await h.get(ana, `${D}/${duelId}/`)).body.opponent_connected).toBe(true);
    const bensView = (await h.get(ben, `${D}/${duelId}/`)).body;
    const answered = await h.post(ben, `${D}/submit-response/`, {
      duel_id: duelId,
      question_id: bensView.my_answered + 1,
      answer: 'Madrid',
    });
    expect(answered.status).toBe(200);
    await back.close();
    await anas.close();
  });

  it('counts a user online while any of their tabs has a stream, on any instance', async () => {
    const [ana, ben] = await h.pair();
    const duelId = await deckDuel(ana, ben);
    await h.accept(ben, duelId);
    const first = await stream(ben);
    const second = await stream(ben);
    await first.close();
    expect((await h.get(ana, `${D}/${duelId}/`)).body.opponent_connected).toBe(true);
    // Another instance's row counts as well, until it goes stale.
    await second.close();
    await t.deps.sql`
      insert into stream_presence (instance_id, user_id) values ('other-instance', ${ben.user.id})`;
    expect((await h.get(ana, `${D}/${duelId}/`)).body.opponent_connected).toBe(true);
    await t.deps.sql`
      update stream_presence set seen_at = now() - interval '2 minutes'
      where instance_id = 'other-instance'`;
    expect((await h.get(ana, `${D}/${duelId}/`)).body.opponent_connected).toBe(false);
  });

  it('shows the opponent’s connection in recall duels too', async () => {
    const [ana, ben] = await h.pair();
    const res = await h.post(ana, `${D}/table-duels/`, {
      number_limit: 4,
      view_time: 10,
      answer_time: 30,
      opponent_id: ben.user.id,
    });
    expect(res.status).toBe(201);
    await h.accept(ben, res.body.id);
    const bens = await stream(ben);
    const view = (await h.get(ana, `${D}/table-duels/${res.body.id}/`)).body;
    expect(view.opponent_connected).toBe(true);
    await bens.close();
    const after = (await h.get(ana, `${D}/table-duels/${res.body.id}/`)).body;
    expect(after.opponent_connected).toBe(false);
  });
});
