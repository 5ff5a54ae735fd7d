/**
 * Matches that do not stall: an overdue recall scores 0 when the other player submits or when
 * either reads the match (the server's clock), and a player may forfeit: the other wins, the
 * forfeit is one rated loss, and the other player's page hears it.
 */
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
const M = `${D}/matches`;

/** A best of three between two friends, vetoed, game 1 (Numbers, 10 digits) picked by ben. */
async function inPlay(): Promise<{ id: number; ana: Player; ben: Player }> {
  const [ana, ben] = await h.pair();
  const id: number = (await h.post(ana, `${M}/`, { opponent_id: ben.user.id, best_of: 3 })).body.id;
  await h.post(ben, `${M}/${id}/respond/`, { action: 'accept' });
  await h.post(ana, `${M}/${id}/veto/`, { discipline: 'cards' });
  await h.post(ben, `${M}/${id}/veto/`, { discipline: 'words' });
  const picked = await h.post(ben, `${M}/${id}/pick/`, {
    discipline: 'numbers',
    options: { count: 10, scoring: 'digits' },
  });
  expect(picked.body.phase).toBe('play');
  return { id, ana, ben };
}

/** Moves `who`'s recall deadline of the match's current game `seconds` into the past. */
async function deadlinePassed(id: number, who: Player, seconds = 10) {
  await t.deps.sql`
    update match_plays set recall_ends_at = now() - make_interval(secs => ${seconds})
    where user_id = ${who.user.id}
      and game_id = (select id from match_games where match_id = ${id} order by number desc limit 1)`;
}

async function truthOf(id: number): Promise<string[]> {
  const [row] = await t.deps.sql<{ content: { truth: string[] } }[]>`
    select content from match_games where match_id = ${id} order by number desc limit 1`;
  return row?.content.truth ?? [];
}

describe('an overdue recall', () => {
  it('scores 0 when the other player submits', async () => {
    const { id, ana, ben } = await inPlay();
    await h.post(ana, `${M}/${id}/play/`);
    await h.post(ben, `${M}/${id}/play/`);
    await deadlinePassed(id, ben);
    const sent = await h.post(ana, `${M}/${id}/submit/`, { answers: await truthOf(id) });
    expect(sent.status).toBe(200);
    expect(sent.body.games[0]).toMatchObject({ outcome: 'creator' });
    expect(sent.body.games[0].opponent).toMatchObject({ submitted: true, score: 0, late: true });
    expect(sent.body).toMatchObject({ phase: 'pick', creator_wins: 1 });
    // Ben's recall is no longer taken.
    expect((await h.post(ben, `${M}/${id}/submit/`, { answers: [] })).status).toBe(409);
  });

  it('scores 0 when either reads the match, also for a player who never opened the game', async () => {
    const { id, ana, ben } = await inPlay();
    await h.post(ana, `${M}/${id}/play/`);
    await h.post(ana, `${M}/${id}/submit/`, { answers: await truthOf(id) });
    expect((await h.get(ben, `${M}/${id}/`)).body.phase).toBe('play');
    await deadlinePassed(id, ana);
    const read = await h.get(ben, `${M}/${id}/`);
    expect(read.status).toBe(200);
    expect(read.body.games[0]).toMatchObject({ outcome: 'creator' });
    expect(read.body.games[0].opponent).toMatchObject({ started: true, score: 0 });
    const ratings = (await h.get(ana, `${D}/ratings/?discipline=numbers`)).body;
    expect(ratings.leaderboard.entries[0]).toMatchObject({ is_me: true, games: 1 });
  });
});

describe('a forfeit', () => {
  it('ends the match for the other player, rates one loss, and tells both pages', async () => {
    const { id, ana, ben } = await inPlay();
    const body = await t.deps.events.open({
      userId: ana.user.id,
      expiresAt: new Date(Date.now() + 60_000),
      signal: new AbortController().signal,
    });
    const sse = readSse(body);
    const eve = await h.player();
    expect((await h.post(eve, `${M}/${id}/forfeit/`)).status).toBe(404);

    const done = await h.post(ben, `${M}/${id}/forfeit/`);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      phase: 'finished',
      status: 'finished',
      winner: 'creator',
      forfeited_by: ben.user.id,
    });
    for (;;) {
      const frame = await sse.nextEvent();
      if (frame.event !== 'match_progress') continue;
      const data = JSON.parse(frame.data ?? '{}');
      if (data.match_id === id && data.phase === 'finished') break;
    }
    expect((await h.post(ana, `${M}/${id}/forfeit/`)).status).toBe(409);
    expect((await h.post(ana, `${M}/${id}/play/`)).status).toBe(409);

    // One loss for ben in the game's discipline; the unplayed games are not rated.
    const benRatings = (await h.get(ben, `${D}/ratings/?discipline=numbers`)).body;
    const numbers = benRatings.ratings.find(
      (r: { discipline: string }) => r.discipline === 'numbers',
    );
    expect(numbers.games).toBe(1);
    expect(numbers.rating).toBeLessThan(1500);
    const anaRatings = (await h.get(ana, `${D}/ratings/?discipline=numbers`)).body;
    const anaNumbers = anaRatings.ratings.find(
      (r: { discipline: string }) => r.discipline === 'numbers',
    );
    expect(anaNumbers.rating).toBeGreaterThan(1500);
  });

  it('is 409 before the friend accepted', async () => {
    const [ana, ben] = await h.pair();
    const id = (await h.post(ana, `${M}/`, { opponent_id: ben.user.id, best_of: 3 })).body.id;
    expect((await h.post(ana, `${M}/${id}/forfeit/`)).status).toBe(409);
  });
});
