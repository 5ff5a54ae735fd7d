/**
 * Live class quizzes (docs/features/live-quiz.md): who may do what, cell by cell (owner of the
 * course, its teacher, a teacher of another school, its student, another student, anonymous); a
 * whole quiz with two students (one answer each per question, server-timed points, the reveal's
 * distribution and leaderboard, each answer logged once as a review); the time limit; two clicks
 * on "next"; the live event; the report.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, type TestBackend } from '../../test/harness.ts';
import { A, helpers, type Person } from '../../test/schools.ts';
import { helpers as srHelpers } from '../../test/space-repetition.ts';
import { readSse } from '../../test/sse.ts';

let t: TestBackend;
const { person, makeSchool, makeGroup, befriend } = helpers(() => t);
const { deckOf, makeDeck, makeCard } = srHelpers(() => t);

type Who = 'owner' | 'teacher' | 'otherTeacher' | 'student' | 'otherStudent';
const people = {} as Record<Who, Person>;
let courseId: number;
let deckId: number;
/** A second student, for the game. */
let ben: Person;

async function enroll(who: Person) {
  const res = await t.request('POST', `${A}/courses/${courseId}/enroll/`, {
    token: people.owner.access,
    body: { user_id: who.user.id },
  });
  expect(res.status).toBe(200);
}

function call(who: Who | 'anonymous' | Person, method: string, path: string, body?: unknown) {
  const token =
    who === 'anonymous' ? undefined : typeof who === 'string' ? people[who].access : who.access;
  return t.request(method, `${A}${path}`, { token, body });
}

async function newQuiz(body: Record<string, unknown> = {}) {
  const res = await call('teacher', 'POST', `/courses/${courseId}/live-quizzes/`, {
    desk_id: deckId,
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; code: string; question_count: number };
}

async function correctOption(quizId: number, index: number): Promise<number> {
  const [row] = await t.database.sql<{ correct_option: number }[]>`
    select correct_option from live_quiz_questions where quiz_id = ${quizId} and index = ${index}`;
  return Number(row?.correct_option);
}

const next = (quizId: number, from_status: string, from_index: number) =>
  call('teacher', 'POST', `/live-quizzes/${quizId}/next/`, { from_status, from_index });

beforeAll(async () => {
  t = await createTestBackend();
  people.owner = await person('enterprise');
  people.teacher = await person('enterprise');
  people.otherTeacher = await person('enterprise');
  people.student = await person('standard');
  people.otherStudent = await person('standard');
  ben = await person('standard');
  const school = await makeSchool(people.owner);
  await makeSchool(people.otherTeacher, { name: 'Other school' });
  courseId = (await makeGroup(people.owner, 'courses', { school_id: school.id })).id;
  await befriend(people.owner, people.otherStudent);
  for (const who of [people.teacher, people.student, ben]) {
    await befriend(people.owner, who);
    await enroll(who);
  }
  deckId = (await deckOf(people.teacher, 4)).deck.id;
  const assigned = await call('teacher', 'POST', `/courses/${courseId}/assignments/`, {
    desk_id: deckId,
  });
  expect(assigned.status).toBe(201);
});

afterAll(async () => {
  await t?.close();
});

describe('authorization, cell by cell', () => {
  const WHO = ['owner', 'teacher', 'otherTeacher', 'student', 'otherStudent', 'anonymous'] as const;

  it('starts a quiz: the course’s owner and teachers; a student 403, others 404', async () => {
    const expected = [201, 201, 404, 403, 404, 401];
    const got = [];
    for (const who of WHO) {
      got.push(
        (await call(who, 'POST', `/courses/${courseId}/live-quizzes/`, { desk_id: deckId })).status,
      );
    }
    expect(got).toEqual(expected);
  });

  it('joins, reads, moves, answers and reports by role', async () => {
    const quiz = await newQuiz({ question_count: 1 });
    const join = [];
    for (const who of WHO) {
      join.push((await call(who, 'POST', '/live-quizzes/join/', { code: quiz.code })).status);
    }
    // Only the course's students join; its teachers are told they run it; others learn nothing.
    expect(join).toEqual([403, 403, 404, 200, 404, 401]);
    const read = [];
    const report = [];
    for (const who of WHO) {
      read.push((await call(who, 'GET', `/live-quizzes/${quiz.id}/`)).status);
      report.push((await call(who, 'GET', `/live-quizzes/${quiz.id}/report/`)).status);
    }
    expect(read).toEqual([200, 200, 404, 200, 404, 401]);
    expect(report).toEqual([200, 200, 404, 403, 404, 401]);
    const moves = [];
    for (const who of ['otherTeacher', 'student', 'otherStudent', 'anonymous'] as const) {
      moves.push(
        (
          await call(who, 'POST', `/live-quizzes/${quiz.id}/next/`, {
            from_status: 'lobby',
            from_index: -1,
          })
        ).status,
      );
    }
    expect(moves).toEqual([404, 403, 404, 401]);
    expect((await next(quiz.id, 'lobby', -1)).status).toBe(200);
    const answers = [];
    for (const who of ['owner', 'teacher', 'otherTeacher', 'otherStudent', 'anonymous'] as const) {
      answers.push(
        (
          await call(who, 'POST', `/live-quizzes/${quiz.id}/answer/`, {
            question_index: 0,
            option: 0,
          })
        ).status,
      );
    }
    expect(answers).toEqual([403, 403, 404, 404, 401]);
  });

  it('joins by id from the list: the course’s students only, another learner 404', async () => {
    const quiz = await newQuiz({ question_count: 1 });
    const join = [];
    for (const who of WHO) {
      join.push((await call(who, 'POST', `/live-quizzes/${quiz.id}/join/`)).status);
    }
    expect(join).toEqual([403, 403, 404, 200, 404, 401]);
    // Joined: the student reads it; joining again (a second click) answers the same quiz.
    expect((await call('student', 'GET', `/live-quizzes/${quiz.id}/`)).status).toBe(200);
    const again = await call('student', 'POST', `/live-quizzes/${quiz.id}/join/`);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: quiz.id, is_teacher: false, player_count: 1 });
    expect((await call('student', 'POST', '/live-quizzes/2147483647/join/')).status).toBe(404);
    // A finished quiz cannot be joined, as its code cannot.
    expect((await next(quiz.id, 'lobby', -1)).status).toBe(200);
    expect((await next(quiz.id, 'question', 0)).status).toBe(200);
    expect((await next(quiz.id, 'reveal', 0)).status).toBe(200);
    expect((await call(ben, 'POST', `/live-quizzes/${quiz.id}/join/`)).status).toBe(404);
  });

  it('answers a wrong code with 404 and a malformed one with 400', async () => {
    expect((await call('student', 'POST', '/live-quizzes/join/', { code: '000000' })).status).toBe(
      404,
    );
    const bad = await call('student', 'POST', '/live-quizzes/join/', { code: '12ab56' });
    expect(bad.status).toBe(400);
  });
});

describe('starting', () => {
  it('needs a deck assigned to the course (404) with 2 different text answers (400)', async () => {
    const own = await makeDeck(people.teacher);
    const notAssigned = await call('teacher', 'POST', `/courses/${courseId}/live-quizzes/`, {
      desk_id: own.id,
    });
    expect(notAssigned.status).toBe(404);
    await makeCard(people.teacher, own.id, 'One', 'Same');
    await makeCard(people.teacher, own.id, 'Two', 'Same');
    await call('teacher', 'POST', `/courses/${courseId}/assignments/`, { desk_id: own.id });
    const tooFew = await call('teacher', 'POST', `/courses/${courseId}/live-quizzes/`, {
      desk_id: own.id,
    });
    expect(tooFew.status).toBe(400);
    expect(tooFew.body.field_codes).toEqual({ desk_id: ['live_quiz_too_few_cards'] });
  });
});

describe('a quiz with two students', () => {
  it('plays two questions, scores, reveals, ranks, logs reviews once and reports', async () => {
    const quiz = await newQuiz({ question_count: 2, seconds_per_question: 60 });
    expect(quiz).toMatchObject({ question_count: 2, status: 'lobby', question_index: -1 });
    expect(quiz.code).toMatch(/^\d{6}$/);
    for (const who of [people.student, ben]) {
      expect((await call(who, 'POST', '/live-quizzes/join/', { code: quiz.code })).status).toBe(
        200,
      );
    }
    // Joining again (a reload) changes nothing.
    expect((await call(ben, 'POST', '/live-quizzes/join/', { code: quiz.code })).status).toBe(200);

    // The student's stream hears the quiz move.
    const gone = new AbortController();
    const sse = readSse(
      await t.deps.events.open({
        userId: people.student.user.id,
        expiresAt: new Date(Date.now() + 60_000),
        signal: gone.signal,
      }),
    );
    expect((await sse.nextEvent()).event).toBe('ready');
    const opened = await next(quiz.id, 'lobby', -1);
    expect(opened.status).toBe(200);
    let frame = await sse.nextEvent();
    while (frame.event !== 'live_quiz') frame = await sse.nextEvent();
    expect(JSON.parse(frame.data ?? '{}')).toEqual({
      quiz_id: quiz.id,
      status: 'question',
      question_index: 0,
    });
    gone.abort();

    // Open: the question shows without its answer, to teacher and students alike.
    expect(opened.body.question).toMatchObject({
      index: 0,
      correct_option: null,
      distribution: null,
    });
    expect(opened.body.leaderboard).toEqual([]);
    const right = await correctOption(quiz.id, 0);
    const options = opened.body.question.options.length;
    const wrong = (right + 1) % options;
    const a = await call('student', 'POST', `/live-quizzes/${quiz.id}/answer/`, {
      question_index: 0,
      option: right,
    });
    expect(a.status).toBe(200);
    expect(a.body.correct).toBe(true);
    expect(a.body.points).toBeGreaterThanOrEqual(500);
    expect(a.body.score).toBe(a.body.points);
    const b = await call(ben, 'POST', `/live-quizzes/${quiz.id}/answer/`, {
      question_index: 0,
      option: wrong,
    });
    expect(b.body).toEqual({ correct: false, points: 0, score: 0 });
    // One answer per question.
    const again = await call(ben, 'POST', `/live-quizzes/${quiz.id}/answer/`, {
      question_index: 0,
      option: right,
    });
    expect(again.status).toBe(409);
    const mine = await call(ben, 'GET', `/live-quizzes/${quiz.id}/`);
    expect(mine.body.question).toMatchObject({ my_option: wrong, answered_count: 2 });
    expect(mine.body.question.correct_option).toBeNull();

    // Two clicks on "next": the second is 409.
    const revealed = await next(quiz.id, 'question', 0);
    expect((await next(quiz.id, 'question', 0)).status).toBe(409);
    expect(revealed.body.status).toBe('reveal');
    const distribution = Array.from({ length: options }, (_, i) =>
      i === right || i === wrong ? 1 : 0,
    );
    expect(revealed.body.question).toMatchObject({ correct_option: right, distribution });
    // Once closed, each student's state carries their points on it (a reload shows them).
    expect(mine.body.question.my_points).toBeNull();
    expect(revealed.body.question.my_points).toBeNull();
    const aState = await call('student', 'GET', `/live-quizzes/${quiz.id}/`);
    expect(aState.body.question.my_points).toBe(a.body.points);
    expect((await call(ben, 'GET', `/live-quizzes/${quiz.id}/`)).body.question.my_points).toBe(0);
    expect(revealed.body.leaderboard.map((s: { user_id: number }) => s.user_id)).toEqual([
      people.student.user.id,
      ben.user.id,
    ]);
    expect(revealed.body.leaderboard.map((s: { rank: number }) => s.rank)).toEqual([1, 2]);
    // A closed question takes no answer.
    const late = await call(ben, 'POST', `/live-quizzes/${quiz.id}/answer/`, {
      question_index: 0,
      option: right,
    });
    expect(late.status).toBe(409);

    // Each answer is the student's review of the card: right is Good (3), wrong is Again (1).
    const [question] = await t.database.sql<{ card_id: number }[]>`
      select card_id from live_quiz_questions where quiz_id = ${quiz.id} and index = 0`;
    const reviews = await t.database.sql<{ user_id: number; rating: number }[]>`
      select user_id, rating from review_logs where card_id = ${question?.card_id ?? 0}
      order by user_id`;
    expect(reviews.map((r) => [r.user_id, r.rating])).toEqual([
      [people.student.user.id, 3],
      [ben.user.id, 1],
    ]);

    // The second question, then the end.
    expect((await next(quiz.id, 'reveal', 0)).body).toMatchObject({
      status: 'question',
      question_index: 1,
    });
    const right1 = await correctOption(quiz.id, 1);
    await call(ben, 'POST', `/live-quizzes/${quiz.id}/answer/`, {
      question_index: 1,
      option: right1,
    });
    await next(quiz.id, 'question', 1);
    const finished = await next(quiz.id, 'reveal', 1);
    expect(finished.body).toMatchObject({ status: 'finished', question: null });
    expect((await next(quiz.id, 'finished', 1)).status).toBe(409);
    // A finished quiz frees its code.
    expect((await call(ben, 'POST', '/live-quizzes/join/', { code: quiz.code })).status).toBe(404);

    const report = await call('teacher', 'GET', `/live-quizzes/${quiz.id}/report/`);
    expect(report.status).toBe(200);
    expect(
      report.body.questions.map((q: { answered: number; correct: number }) => [
        q.answered,
        q.correct,
      ]),
    ).toEqual([
      [2, 1],
      [1, 1],
    ]);
    expect(
      report.body.students.map((s: { user_id: number; answered: number; correct: number }) => [
        s.user_id,
        s.answered,
        s.correct,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [people.student.user.id, 1, 1],
        [ben.user.id, 2, 1],
      ]),
    );
  });

  it('closes a question when its time is up, for answers and for every screen', async () => {
    const quiz = await newQuiz({ question_count: 1, seconds_per_question: 5 });
    await call('student', 'POST', '/live-quizzes/join/', { code: quiz.code });
    await next(quiz.id, 'lobby', -1);
    // The question started a minute ago (no waiting in tests).
    await t.database.sql`
      update live_quizzes set question_started_at = now() - interval '1 minute'
      where id = ${quiz.id}`;
    const late = await call('student', 'POST', `/live-quizzes/${quiz.id}/answer/`, {
      question_index: 0,
      option: 0,
    });
    expect(late.status).toBe(409);
    expect(late.body.detail).toBe('The time for this question is up.');
    const seen = await call('student', 'GET', `/live-quizzes/${quiz.id}/`);
    expect(seen.body.status).toBe('reveal');
    expect(seen.body.question.correct_option).toBeTypeOf('number');
  });

  it('lists the quizzes not finished for the dashboard', async () => {
    const quiz = await newQuiz();
    const listed = await call('student', 'GET', '/live-quizzes/');
    expect(listed.status).toBe(200);
    expect(listed.body[0]).toMatchObject({ id: quiz.id, is_teacher: false, status: 'lobby' });
    const teacher = await call('teacher', 'GET', '/live-quizzes/');
    expect(teacher.body[0]).toMatchObject({ id: quiz.id, is_teacher: true });
    expect((await call('otherStudent', 'GET', '/live-quizzes/')).body).toEqual([]);
  });
});

describe('a quiz the teacher never finishes', () => {
  /** The teacher's last move was `minutes` ago (no waiting in tests). */
  const lastMoveAgo = (quizId: number, minutes: number) => t.database.sql`
    update live_quizzes set moved_at = now() - make_interval(mins => ${minutes})
    where id = ${quizId}`;

  it('ends 2 hours after its last move: it leaves the list, its code and its screen', async () => {
    const quiz = await newQuiz({ question_count: 2 });
    await call('student', 'POST', '/live-quizzes/join/', { code: quiz.code });
    await next(quiz.id, 'lobby', -1);
    const ids = async (who: Who) =>
      ((await call(who, 'GET', '/live-quizzes/')).body as { id: number }[]).map((q) => q.id);

    // An hour and 59 minutes without a move: still running.
    await lastMoveAgo(quiz.id, 119);
    expect(await ids('student')).toContain(quiz.id);

    // A move restarts the 2 hours.
    expect((await next(quiz.id, 'question', 0)).status).toBe(200);
    const [row] = await t.database.sql<{ recent: boolean }[]>`
      select moved_at > now() - interval '1 minute' as recent from live_quizzes
      where id = ${quiz.id}`;
    expect(row?.recent).toBe(true);

    // Two hours and a minute without a move: finished, for everyone and everywhere.
    await lastMoveAgo(quiz.id, 121);
    expect(await ids('student')).not.toContain(quiz.id);
    expect(await ids('teacher')).not.toContain(quiz.id);
    const seen = await call('student', 'GET', `/live-quizzes/${quiz.id}/`);
    expect(seen.body.status).toBe('finished');
    const rejoin = await call(ben, 'POST', '/live-quizzes/join/', { code: quiz.code });
    expect(rejoin.status).toBe(404);
    const moved = await next(quiz.id, 'reveal', 0);
    expect(moved.status).toBe(409);
  });
});
