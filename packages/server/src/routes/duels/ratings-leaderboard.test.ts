/**
 * `GET duels/ratings/leaderboard/`: one board by rating, a page at a time, among friends or
 * within a school, and only for the school's members.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/transaction.ts';
import { recordGameResult } from '../../services/ratings/record-game.ts';
import { D, helpers, type Player } from '../../test/duels.ts';
import { createTestBackend, type TestBackend } from '../../test/harness.ts';

let t: TestBackend;

beforeAll(async () => {
  t = await createTestBackend();
});

afterAll(async () => {
  await t?.close();
});

const h = helpers(() => t);
const BOARD = `${D}/ratings/leaderboard/`;
let gameId = 900_000;

/** One rated Cards game: `a` beats `b`. */
async function beat(a: Player, b: Player) {
  gameId += 1;
  const game = {
    source: 'match_game' as const,
    sourceId: gameId,
    discipline: 'cards' as const,
    playerA: a.user.id,
    playerB: b.user.id,
    scoreA: 1 as const,
    at: new Date(),
  };
  await inTransaction(t.deps.sql, (tx) => recordGameResult(tx, game));
}

const ids = (body: { results: { user: { id: number } }[] }) => body.results.map((e) => e.user.id);

describe('the friends board', () => {
  it('ranks the caller and rated friends by conservative rating, a page at a time', async () => {
    const [ana, ben] = await h.pair();
    const [cleo, dan, eve, fay] = await Promise.all([
      h.player(),
      h.player(),
      h.player(),
      h.player(),
    ]);
    for (const f of [cleo, dan, fay]) await h.befriend(ana, f);
    // Ben wins twice, Ana once, Cleo and Dan lose; Eve is nobody's friend here; Fay never played.
    await beat(ben, cleo);
    await beat(ben, dan);
    await beat(ana, eve);
    const first = await h.get(ana, `${BOARD}?discipline=cards&page_size=2`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      count: 4,
      scope: 'friends',
      school_id: null,
      discipline: 'cards',
      previous: null,
    });
    expect(ids(first.body)).toEqual([ben.user.id, ana.user.id]);
    expect(first.body.my_rank).toBe(2);
    expect(first.body.results[1]).toMatchObject({ rank: 2, is_me: true, games: 1 });
    expect(first.body.next).toContain('page=2');
    const page2 = await h.get(ana, first.body.next);
    expect(page2.body.results.map((e: { rank: number }) => e.rank)).toEqual([3, 4]);
    expect(ids(page2.body).sort()).toEqual([cleo.user.id, dan.user.id].sort());
    expect(page2.body.next).toBeNull();
    // Past the end: no rows, the count and my place still.
    const past = await h.get(ana, `${BOARD}?discipline=cards&page_size=2&page=9`);
    expect(past.body).toMatchObject({ count: 4, my_rank: 2, results: [] });
    // An unrated player's own place is null.
    expect((await h.get(fay, `${BOARD}?discipline=cards`)).body).toMatchObject({
      count: 1,
      my_rank: null,
    });
  });

  it('needs a discipline of the list', async () => {
    const ana = await h.player();
    expect((await h.get(ana, BOARD)).status).toBe(400);
    expect((await h.get(ana, `${BOARD}?discipline=chess`)).status).toBe(400);
  });
});

describe('the school board', () => {
  it('ranks the school’s owner, teachers and students, and nobody else', async () => {
    const [owner, student] = await h.pair();
    const [teacher, outsider] = await Promise.all([h.player(), h.player()]);
    const school = await schoolOf(owner);
    await enroll(school, student, 'student');
    await enroll(school, teacher, 'teacher');
    await beat(student, outsider);
    await beat(teacher, owner);
    const url = `${BOARD}?scope=school&school_id=${school}&discipline=cards`;
    for (const member of [owner, student, teacher]) {
      const board = await h.get(member, url);
      expect(board.status).toBe(200);
      expect(board.body).toMatchObject({ scope: 'school', school_id: school, count: 3 });
      expect(ids(board.body)).not.toContain(outsider.user.id);
    }
    expect((await h.get(student, url)).body.my_rank).not.toBeNull();
  });

  it('is 404 for a learner outside the school, even a friend of its owner, and 400 without school_id', async () => {
    const [owner, friend] = await h.pair();
    const school = await schoolOf(owner);
    await beat(owner, friend);
    const url = `${BOARD}?scope=school&school_id=${school}&discipline=cards`;
    const hidden = await h.get(friend, url);
    expect(hidden.status).toBe(404);
    expect(JSON.stringify(hidden.body)).not.toContain(owner.user.username);
    expect(
      (await h.get(friend, `${BOARD}?scope=school&school_id=999999&discipline=cards`)).status,
    ).toBe(404);
    const missing = await h.get(owner, `${BOARD}?scope=school&discipline=cards`);
    expect(missing.status).toBe(400);
    expect(missing.body.field_codes).toEqual({ school_id: ['required'] });
  });
});

/** A school owned by `owner`, with one course; returns the school's id. */
async function schoolOf(owner: Player): Promise<number> {
  const [school] = await t.deps.sql<{ id: number }[]>`
    insert into schools (owner_id, name) values (${owner.user.id}, 'Colegio Norte') returning id`;
  const id = school?.id as number;
  await t.deps.sql`
    insert into courses (owner_id, school_id, name) values (${owner.user.id}, ${id}, 'First')`;
  return id;
}

async function enroll(schoolId: number, who: Player, role: 'student' | 'teacher') {
  await t.deps.sql`
    insert into course_enrollments (course_id, user_id, role)
    select id, ${who.user.id}, ${role} from courses where school_id = ${schoolId}`;
}
