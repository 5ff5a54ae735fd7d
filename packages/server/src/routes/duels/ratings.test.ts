import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/transaction.ts';
import { DISCIPLINES } from '../../domain/ratings/disciplines.ts';
import { INITIAL_RATING, rateGame } from '../../domain/ratings/glicko.ts';
import { settleRunning } from '../../services/duels/duel-settlement.ts';
import { recordGameResult } from '../../services/ratings/record-game.ts';
import { D, helpers, type Player } from '../../test/duels.ts';
import { contract, createTestBackend, type TestBackend } from '../../test/harness.ts';

let t: TestBackend;

beforeAll(async () => {
  t = await createTestBackend();
});

afterAll(async () => {
  await t?.close();
});

const h = helpers(() => t);

/** A table duel both opened, `winner` typing every number and the other nothing; returns its id. */
async function playedTableDuel(a: Player, b: Player, winner: Player | null): Promise<number> {
  const created = await h.post(a, `${D}/table-duels/`, {
    view_time: 20,
    answer_time: 60,
    number_limit: 5,
    digits: 2,
    opponent_id: b.user.id,
  });
  expect(created.status).toBe(201);
  const id: number = created.body.id;
  await h.accept(b, id);
  await h.get(a, `${D}/table-duels/${id}/`);
  await h.get(b, `${D}/table-duels/${id}/`);
  await h.age(id, 3 + 21);
  if (winner) {
    const numbers = (
      await t.deps.sql<{ content: { numbers: string[] } }[]>`
      select content from duels where id = ${id}`
    )[0]?.content.numbers;
    const sent = await h.post(winner, `${D}/table-duels/${id}/submit_numbers/`, { numbers });
    expect(sent.status).toBe(200);
  }
  return id;
}

const ratingsOf = async (who: Player, query = '') =>
  (await h.get(who, `${D}/ratings/${query}`)).body;

interface RatingBody {
  discipline: string;
  rating: number;
  deviation: number;
  games: number;
}

const numberRating = (body: { ratings: RatingBody[] }) =>
  body.ratings.find((r) => r.discipline === 'number');

describe('Glicko-2 ratings of duels', () => {
  it("names the contract's disciplines from the one list of the domain", () => {
    const schemas = (
      contract as unknown as { components: { schemas: Record<string, { enum?: string[] }> } }
    ).components.schemas;
    expect(schemas.RatingDiscipline?.enum).toEqual([...DISCIPLINES]);
  });

  it('lists every discipline at 1500 ± 350 and no games before any duel', async () => {
    const ana = await h.player();
    const body = await ratingsOf(ana);
    expect(body.ratings.map((r: { discipline: string }) => r.discipline)).toEqual([
      'desk',
      'image',
      'number',
      'custom',
      'numbers',
      'images',
      'words',
      'names_faces',
      'cards',
    ]);
    expect(body.ratings[0]).toEqual({
      discipline: 'desk',
      rating: 1500,
      deviation: 350,
      conservative_rating: 800,
      games: 0,
    });
    expect(body.leaderboard).toEqual({
      scope: 'friends',
      school_id: null,
      discipline: 'desk',
      entries: [],
      my_rank: null,
    });
  });

  it("rates a finished table duel as `number` for both players, as the domain's Glicko-2 says", async () => {
    const [ana, ben] = await h.pair();
    const id = await playedTableDuel(ana, ben, ben);
    await h.age(id, 61);
    const expected = rateGame(INITIAL_RATING, INITIAL_RATING, 1);
    const bens = numberRating(await ratingsOf(ben));
    expect(bens).toMatchObject({ games: 1 });
    expect(bens?.rating).toBeCloseTo(expected.a.rating, 6);
    const anas = numberRating(await ratingsOf(ana, '?discipline=number'));
    expect(anas?.rating).toBeCloseTo(expected.b.rating, 6);
    expect(anas?.deviation).toBeCloseTo(expected.b.deviation, 6);

    // Friends ranked by conservative rating, the caller's place beside; the board's discipline
    // is the caller's most played one unless asked.
    const board = (await ratingsOf(ana)).leaderboard;
    expect(board.discipline).toBe('number');
    expect(board.entries.map((e: { user: { id: number }; rank: number }) => e.user.id)).toEqual([
      ben.user.id,
      ana.user.id,
    ]);
    expect(board.entries[1]).toMatchObject({ is_me: true, rank: 2, games: 1 });
    expect(board.my_rank).toBe(2);
  });

  it('rates a duel once when two settlements of it run at the same time', async () => {
    const [ana, ben] = await h.pair();
    const id = await playedTableDuel(ana, ben, null);
    await h.age(id, 61);
    const now = new Date();
    await Promise.all([
      settleRunning(t.deps.sql, [ana.user.id], now),
      settleRunning(t.deps.sql, [ben.user.id], now),
      h.get(ana, `${D}/table-duels/${id}/`),
      h.get(ben, `${D}/table-duels/${id}/`),
    ]);
    const rows = await t.deps.sql<{ games: number; rating: number }[]>`
      select games, rating from player_ratings
      where discipline = 'number' and user_id in (${ana.user.id}, ${ben.user.id})`;
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.games).toBe(1);
      // A draw between equals leaves both at 1500.
      expect(row.rating).toBeCloseTo(1500, 6);
    }
  });

  it('does not rate a duel one player never opened', async () => {
    const [ana, ben] = await h.pair();
    const created = await h.post(ana, `${D}/table-duels/`, {
      view_time: 20,
      answer_time: 60,
      number_limit: 5,
      digits: 2,
      opponent_id: ben.user.id,
    });
    // Accepting starts Ben's clock; Ana, who challenged him, never opens the duel.
    await h.accept(ben, created.body.id);
    // Past the 5-minute start window and her whole recall time after it.
    await h.age(created.body.id, 300 + 3 + 21 + 61 + 5);
    const view = await h.get(ben, `${D}/table-duels/${created.body.id}/`);
    expect(view.body.status).toBe('finished');
    expect(numberRating(await ratingsOf(ben))).toMatchObject({ games: 0, rating: 1500 });
    expect(numberRating(await ratingsOf(ana))).toMatchObject({ games: 0, rating: 1500 });
  });
});

describe('recordGameResult (the match flow calls it per game)', () => {
  it('rates one game once, however many transactions record it at the same time', async () => {
    const [ana, ben] = await Promise.all([h.player(), h.player()]);
    const game = {
      source: 'match_game' as const,
      sourceId: 4242,
      discipline: 'cards' as const,
      playerA: ana.user.id,
      playerB: ben.user.id,
      scoreA: 1 as const,
      at: new Date(),
    };
    const outcomes = await Promise.all(
      [1, 2, 3].map(() => inTransaction(t.deps.sql, (tx) => recordGameResult(tx, game))),
    );
    expect(outcomes.filter((o) => o !== null)).toHaveLength(1);
    const cards = (await ratingsOf(ana)).ratings.find(
      (r: { discipline: string }) => r.discipline === 'cards',
    );
    expect(cards.games).toBe(1);
    expect(cards.rating).toBeCloseTo(rateGame(INITIAL_RATING, INITIAL_RATING, 1).a.rating, 6);
  });
});

describe('rating leaderboards by scope', () => {
  it('needs school_id for a school board, and answers 404 for a school the caller is not in', async () => {
    const [ana, ben] = await h.pair();
    const missing = await h.get(ana, `${D}/ratings/?scope=school`);
    expect(missing.status).toBe(400);
    expect(missing.body.field_codes).toEqual({ school_id: ['required'] });
    const school = await schoolOf(ben);
    expect((await h.get(ana, `${D}/ratings/?scope=school&school_id=${school}`)).status).toBe(404);
    expect((await h.get(ana, `${D}/ratings/?discipline=chess`)).status).toBe(400);
  });

  it("ranks a school's members (its owner and those enrolled) and nobody else", async () => {
    const [ana, ben] = await h.pair();
    const eve = await h.player();
    await h.befriend(ana, eve);
    const school = await schoolOf(ana);
    await enroll(school, ben);
    const first = await playedTableDuel(ana, ben, ana);
    const second = await playedTableDuel(ana, eve, ana);
    await h.age(first, 61);
    await h.age(second, 61);
    const board = (await ratingsOf(ben, `?scope=school&school_id=${school}&discipline=number`))
      .leaderboard;
    expect(board).toMatchObject({ scope: 'school', school_id: school, my_rank: 2 });
    expect(board.entries.map((e: { user: { id: number } }) => e.user.id)).toEqual([
      ana.user.id,
      ben.user.id,
    ]);
    // Eve is Ana's friend, not the school's: only Ana's friends board has her.
    const friends = (await ratingsOf(ana, '?discipline=number')).leaderboard;
    expect(friends.entries).toHaveLength(3);
    expect(friends.my_rank).toBe(1);
  });
});

/** A school owned by `owner`, with one course; returns the school's id. */
async function schoolOf(owner: Player): Promise<number> {
  const [school] = await t.deps.sql<{ id: number }[]>`
    insert into schools (owner_id, name) values (${owner.user.id}, 'Colegio Sur') returning id`;
  const id = school?.id as number;
  await t.deps.sql`
    insert into courses (owner_id, school_id, name) values (${owner.user.id}, ${id}, 'First')`;
  return id;
}

async function enroll(schoolId: number, who: Player): Promise<void> {
  await t.deps.sql`
    insert into course_enrollments (course_id, user_id, role)
    select id, ${who.user.id}, 'student' from courses where school_id = ${schoolId}`;
}
