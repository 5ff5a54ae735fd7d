/**
 * Matches between two friends: the challenge, vetoes and picks in turn, each game played by both
 * on the same content, the game's winner and rating, the match's end, a reload reading the whole
 * state, the live `match_progress` events, and nobody else seeing any of it.
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
const M = `${D}/matches`;

async function stream(who: Player): Promise<SseReader> {
  const body = await t.deps.events.open({
    userId: who.user.id,
    expiresAt: new Date(Date.now() + 60_000),
    signal: new AbortController().signal,
  });
  const sse = readSse(body);
  expect((await sse.nextEvent()).event).toBe('ready');
  return sse;
}

/** The next `match_progress` event of `sse` about `matchId`. */
async function progressOf(sse: SseReader, matchId: number) {
  for (;;) {
    const frame = await sse.nextEvent();
    if (frame.event !== 'match_progress') continue;
    const data = JSON.parse(frame.data ?? '{}');
    if (data.match_id === matchId) return data as { match_id: number; phase: string };
  }
}

async function truthOf(matchId: number, number: number): Promise<string[]> {
  const [row] = await t.deps.sql<{ content: { truth: string[] } }[]>`
    select content from match_games where match_id = ${matchId} and number = ${number}`;
  if (!row) throw new Error('no such game');
  return row.content.truth;
}

/** Both play game `number`; `winner` recalls everything, the other nothing (null: both all). */
async function playGame(id: number, number: number, a: Player, b: Player, winner: Player | null) {
  for (const who of [a, b]) expect((await h.post(who, `${M}/${id}/play/`)).status).toBe(200);
  const truth = await truthOf(id, number);
  let last: { status: number; body: Record<string, unknown> } | undefined;
  for (const who of [a, b]) {
    const answers = winner === null || winner === who ? truth : truth.map(() => '');
    last = await h.post(who, `${M}/${id}/submit/`, { answers, memorize_ms: 30_000 });
    expect(last.status).toBe(200);
  }
  return last?.body;
}

describe('a best-of-three match', () => {
  it('runs from the challenge to the winner, live, and a reload reads the whole state', async () => {
    const [ana, ben] = await h.pair();
    const benSse = await stream(ben);
    const created = await h.post(ana, `${M}/`, { opponent_id: ben.user.id, best_of: 3 });
    expect(created.status).toBe(201);
    const id: number = created.body.id;
    expect(created.body).toMatchObject({ phase: 'invited', my_side: 'creator', best_of: 3 });
    expect(await progressOf(benSse, id)).toEqual({ match_id: id, phase: 'invited' });
    expect(await h.lastNotification(ben)).toMatchObject({
      kind: 'match_request',
      payload: { match_id: id, best_of: 3, from_username: ana.user.username },
    });

    // Only the challenged answers; nobody vetoes before.
    expect((await h.post(ana, `${M}/${id}/respond/`, { action: 'accept' })).status).toBe(403);
    expect((await h.post(ana, `${M}/${id}/veto/`, { discipline: 'cards' })).status).toBe(409);
    const accepted = await h.post(ben, `${M}/${id}/respond/`, { action: 'accept' });
    expect(accepted.body).toMatchObject({ phase: 'veto', turn_user_id: ana.user.id });
    expect(accepted.body.choices).toEqual([]);
    expect((await h.lastNotification(ana))?.kind).toBe('match_accepted');

    // The challenger vetoes first, then the challenged; a vetoed discipline is out.
    expect((await h.post(ben, `${M}/${id}/veto/`, { discipline: 'cards' })).status).toBe(409);
    expect((await h.post(ana, `${M}/${id}/veto/`, { discipline: 'cards' })).status).toBe(200);
    expect(await progressOf(benSse, id)).toMatchObject({ phase: 'veto' });
    const again = await h.post(ben, `${M}/${id}/veto/`, { discipline: 'cards' });
    expect(again.status).toBe(400);
    expect(again.body.fields.discipline).toBeDefined();
    const vetoed = await h.post(ben, `${M}/${id}/veto/`, { discipline: 'words' });
    expect(vetoed.body).toMatchObject({ phase: 'pick', turn_user_id: ben.user.id });
    expect(vetoed.body.choices).toEqual(['numbers', 'images', 'names']);

    // The challenged picks the first game; bad options are 400 naming the field.
    const badCount = await h.post(ben, `${M}/${id}/pick/`, {
      discipline: 'numbers',
      options: { count: 3 },
    });
    expect(badCount.status).toBe(400);
    expect(badCount.body.fields['options.count']).toBeDefined();
    const picked = await h.post(ben, `${M}/${id}/pick/`, {
      discipline: 'numbers',
      options: { count: 10, scoring: 'digits' },
    });
    expect(picked.body).toMatchObject({ phase: 'play', turn_user_id: null });
    expect(picked.body.games[0]).toMatchObject({ number: 1, discipline: 'numbers', max_score: 10 });

    // Both get the same content; a second open keeps the clock.
    const anaPlay = await h.post(ana, `${M}/${id}/play/`);
    const benPlay = await h.post(ben, `${M}/${id}/play/`);
    expect(anaPlay.body.content).toEqual(benPlay.body.content);
    const reopened = await h.post(ana, `${M}/${id}/play/`);
    expect(reopened.body.started_at).toBe(anaPlay.body.started_at);

    // Ana's recall is in: ben does not see her score before the game is over.
    const truth = await truthOf(id, 1);
    const sent = await h.post(ana, `${M}/${id}/submit/`, { answers: truth, memorize_ms: 20_000 });
    expect(sent.body.games[0].creator).toMatchObject({ submitted: true, score: 10 });
    expect((await h.post(ana, `${M}/${id}/submit/`, { answers: truth })).status).toBe(409);
    const benView = await h.get(ben, `${M}/${id}/`);
    expect(benView.body.games[0].creator).toMatchObject({ submitted: true, score: null });
    expect(benView.body.games[0].creator.marks).toBeNull();
    const benSent = await h.post(ben, `${M}/${id}/submit/`, { answers: truth.map(() => '') });
    expect(benSent.body.games[0]).toMatchObject({ outcome: 'creator' });
    expect(benSent.body.games[0].creator.marks).toHaveLength(10);
    expect(benSent.body).toMatchObject({ creator_wins: 1, opponent_wins: 0, phase: 'pick' });
    expect(benSent.body.turn_user_id).toBe(ana.user.id);

    // The game was rated in its discipline.
    const ratings = (await h.get(ben, `${D}/ratings/?discipline=numbers`)).body;
    expect(
      ratings.ratings.find((r: { discipline: string }) => r.discipline === 'numbers'),
    ).toMatchObject({
      games: 1,
    });

    // Game two: the challenger picks; game three decides after 1-1.
    expect(
      (await h.post(ana, `${M}/${id}/pick/`, { discipline: 'images', options: { count: 5 } }))
        .status,
    ).toBe(200);
    await playGame(id, 2, ana, ben, ben);
    // Ben picked numbers before: he may not pick it again.
    const repeat = await h.post(ben, `${M}/${id}/pick/`, { discipline: 'numbers' });
    expect(repeat.status).toBe(400);
    expect(
      (await h.post(ben, `${M}/${id}/pick/`, { discipline: 'names', options: { count: 5 } }))
        .status,
    ).toBe(200);
    const end = await playGame(id, 3, ana, ben, ben);
    expect(end).toMatchObject({
      phase: 'finished',
      status: 'finished',
      winner: 'opponent',
      creator_wins: 1,
      opponent_wins: 2,
    });
    // Ben's page heard every move, up to the end.
    let heard = await progressOf(benSse, id);
    while (heard.phase !== 'finished') heard = await progressOf(benSse, id);

    // A reload: the whole state from one read, for each player.
    const reload = await h.get(ana, `${M}/${id}/`);
    expect(reload.body).toMatchObject({
      phase: 'finished',
      winner: 'opponent',
      my_side: 'creator',
    });
    expect(reload.body.games.map((g: { discipline: string }) => g.discipline)).toEqual([
      'numbers',
      'images',
      'names',
    ]);
    expect(reload.body.vetoes).toEqual([
      { user_id: ana.user.id, discipline: 'cards' },
      { user_id: ben.user.id, discipline: 'words' },
    ]);
    expect((await h.post(ben, `${M}/${id}/pick/`, { discipline: 'images' })).status).toBe(409);
    const list = await h.get(ben, `${M}/`);
    expect(list.body[0]).toMatchObject({ id, my_side: 'opponent' });
  });

  it('is hidden from other learners (404) and needs a friend (400)', async () => {
    const [ana, ben] = await h.pair();
    const eve = await h.player();
    const notFriend = await h.post(ana, `${M}/`, { opponent_id: eve.user.id, best_of: 3 });
    expect(notFriend.status).toBe(400);
    expect(notFriend.body.fields.opponent_id).toBeDefined();
    const created = await h.post(ana, `${M}/`, { opponent_id: ben.user.id, best_of: 5 });
    const id = created.body.id;
    expect((await h.get(eve, `${M}/${id}/`)).status).toBe(404);
    expect((await h.post(eve, `${M}/${id}/respond/`, { action: 'accept' })).status).toBe(404);
    expect((await h.post(eve, `${M}/${id}/veto/`, { discipline: 'cards' })).status).toBe(404);
    expect((await h.post(eve, `${M}/${id}/play/`)).status).toBe(404);
    expect((await h.post(ana, `${M}/`, { opponent_id: ben.user.id, best_of: 4 })).status).toBe(400);
    const rejected = await h.post(ben, `${M}/${id}/respond/`, { action: 'reject' });
    expect(rejected.body).toMatchObject({ phase: 'rejected', status: 'rejected' });
    expect((await h.lastNotification(ana))?.kind).toBe('match_rejected');
    expect((await h.post(ben, `${M}/${id}/respond/`, { action: 'accept' })).status).toBe(409);
  });
});
