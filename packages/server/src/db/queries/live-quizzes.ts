/**
 * Every statement of the live class quiz (docs/features/live-quiz.md): the quiz and its drawn
 * questions, its players and their one answer per question, and the figures its screens and its
 * report read.
 */
import type { DrawnQuestion, QuizCard } from '../../domain/live-quiz/questions.ts';
import type { LiveQuizStatus } from '../../domain/live-quiz/state.ts';
import { uniqueViolation } from '../unique-violation.ts';
import { pgDateOrNull, type Query } from './pg.ts';

export interface LiveQuizRecord {
  id: number;
  courseId: number;
  courseName: string;
  deckId: number;
  deckName: string;
  code: string;
  status: LiveQuizStatus;
  questionIndex: number;
  questionCount: number;
  secondsPerQuestion: number;
  questionStartedAt: Date | null;
}

interface QuizRow {
  id: number;
  course_id: number;
  course_name: string;
  desk_id: number;
  desk_name: string;
  code: string;
  status: LiveQuizStatus;
  question_index: number;
  question_count: number;
  seconds_per_question: number;
  question_started_at: string | null;
}

const toQuiz = (r: QuizRow): LiveQuizRecord => ({
  id: r.id,
  courseId: r.course_id,
  courseName: r.course_name,
  deckId: r.desk_id,
  deckName: r.desk_name,
  code: r.code,
  status: r.status,
  questionIndex: r.question_index,
  questionCount: r.question_count,
  secondsPerQuestion: r.seconds_per_question,
  questionStartedAt: pgDateOrNull(r.question_started_at),
});

const QUIZ = (q: Query, extra = q``) => q`
  select z.id, z.course_id, c.name as course_name, z.desk_id, d.name as desk_name, z.code,
    z.status, z.question_index, z.question_count, z.seconds_per_question, z.question_started_at
    ${extra}
  from live_quizzes z join courses c on c.id = z.course_id join desks d on d.id = z.desk_id`;

/** The deck if it is assigned to the course (its name), else undefined. */
export async function courseAssignedDeck(
  q: Query,
  courseId: number,
  deckId: number,
): Promise<{ id: number; name: string } | undefined> {
  const [row] = await q<{ id: number; name: string }[]>`
    select d.id, d.name from course_assignments a join desks d on d.id = a.desk_id
    where a.course_id = ${courseId} and a.desk_id = ${deckId}`;
  return row;
}

/** A deck's cards with their text sides, at most 500 in a random order (enough to draw from). */
export async function deckQuizCards(q: Query, deckId: number): Promise<QuizCard[]> {
  return q<QuizCard[]>`
    select id, front, back from cards where desk_id = ${deckId} order by random() limit 500`;
}

/**
 * A new quiz in its lobby with its questions; undefined when its code names another quiz not
 * finished (draw another code).
 */
export async function insertLiveQuiz(
  q: Query,
  quiz: {
    courseId: number;
    deckId: number;
    createdBy: number;
    code: string;
    secondsPerQuestion: number;
  },
  questions: readonly DrawnQuestion[],
): Promise<number | undefined> {
  const rows = questions.map((x, index) => ({
    index,
    card_id: x.cardId,
    prompt: x.prompt,
    options: x.options,
    correct_option: x.correctOption,
  }));
  try {
    const [row] = await q<{ id: number }[]>`
      with quiz as (
        insert into live_quizzes (course_id, desk_id, created_by, code, question_count,
          seconds_per_question)
        values (${quiz.courseId}, ${quiz.deckId}, ${quiz.createdBy}, ${quiz.code},
          ${questions.length}, ${quiz.secondsPerQuestion})
        returning id
      ),
      asked as (
        insert into live_quiz_questions (quiz_id, index, card_id, prompt, options, correct_option)
        select quiz.id, x.index, x.card_id, x.prompt, x.options, x.correct_option
        from quiz, json_to_recordset(${JSON.stringify(rows)}::json) as x(index int, card_id int,
          prompt text, options jsonb, correct_option smallint)
      )
      select id from quiz`;
    return row?.id;
  } catch (error) {
    if (uniqueViolation(error) === 'live_quizzes_open_code_idx') return undefined;
    throw error;
  }
}

export async function liveQuizById(q: Query, id: number): Promise<LiveQuizRecord | undefined> {
  const [row] = await q<QuizRow[]>`${QUIZ(q)} where z.id = ${id}`;
  return row && toQuiz(row);
}

/** The quiz not finished that the code names. */
export async function openLiveQuizByCode(
  q: Query,
  code: string,
): Promise<LiveQuizRecord | undefined> {
  const [row] = await q<QuizRow[]>`${QUIZ(q)} where z.code = ${code} and z.status <> 'finished'`;
  return row && toQuiz(row);
}

/** The quizzes not finished of the courses the user is enrolled in, newest first. */
export async function openLiveQuizzesOf(
  q: Query,
  userId: number,
): Promise<(LiveQuizRecord & { isTeacher: boolean })[]> {
  const rows = await q<(QuizRow & { is_teacher: boolean })[]>`
    ${QUIZ(q, q`, (c.owner_id = ${userId} or e.role = 'teacher') as is_teacher`)}
    left join course_enrollments e on e.course_id = z.course_id and e.user_id = ${userId}
    where z.status <> 'finished' and (e.user_id is not null or c.owner_id = ${userId})
    order by z.id desc limit 20`;
  return rows.map((r) => ({ ...toQuiz(r), isTeacher: r.is_teacher }));
}

/** Joins a player (again: nothing changes); whether they were new. */
export async function joinLiveQuiz(q: Query, quizId: number, userId: number): Promise<boolean> {
  const rows = await q`
    insert into live_quiz_players (quiz_id, user_id) values (${quizId}, ${userId})
    on conflict do nothing returning user_id`;
  return rows.length > 0;
}

export async function isLiveQuizPlayer(q: Query, quizId: number, userId: number): Promise<boolean> {
  const rows = await q`
    select 1 from live_quiz_players where quiz_id = ${quizId} and user_id = ${userId}`;
  return rows.length > 0;
}

export async function liveQuizPlayerIds(q: Query, quizId: number): Promise<number[]> {
  const rows = await q<{ user_id: number }[]>`
    select user_id from live_quiz_players where quiz_id = ${quizId}`;
  return rows.map((r) => r.user_id);
}

/** The course's owner and teachers: who runs its quizzes and hears of each answer. */
export async function courseTeacherIds(q: Query, courseId: number): Promise<number[]> {
  const rows = await q<{ user_id: number }[]>`
    select owner_id as user_id from courses where id = ${courseId}
    union
    select user_id from course_enrollments where course_id = ${courseId} and role = 'teacher'`;
  return rows.map((r) => r.user_id);
}

/**
 * Moves the quiz from one position to the next, only if it is still at `from` (two clicks take
 * one step); whether it moved. Opening a question stamps its start.
 */
export async function moveLiveQuiz(
  q: Query,
  quizId: number,
  from: { status: LiveQuizStatus; questionIndex: number },
  to: { status: LiveQuizStatus; questionIndex: number },
  now: Date,
): Promise<boolean> {
  const rows = await q`
    update live_quizzes set status = ${to.status}, question_index = ${to.questionIndex},
      question_started_at = ${to.status === 'question' ? q`${now.toISOString()}::timestamptz` : q`question_started_at`},
      finished_at = ${to.status === 'finished' ? now.toISOString() : null}::timestamptz,
      moved_at = ${now.toISOString()}::timestamptz
    where id = ${quizId} and status = ${from.status} and question_index = ${from.questionIndex}
    returning id`;
  return rows.length > 0;
}

/**
 * Finishes every quiz not finished whose last move is at or before `cutoff` (a teacher who
 * left without ending it); the ids finished.
 */
export async function finishIdleLiveQuizzes(q: Query, cutoff: Date, now: Date): Promise<number[]> {
  const rows = await q<{ id: number }[]>`
    update live_quizzes set status = 'finished', finished_at = ${now.toISOString()}::timestamptz
    where status <> 'finished' and moved_at <= ${cutoff.toISOString()}::timestamptz
    returning id`;
  return rows.map((r) => r.id);
}

export interface LiveQuizQuestionRecord {
  index: number;
  cardId: number;
  prompt: string;
  options: string[];
  correctOption: number;
}

export async function liveQuizQuestion(
  q: Query,
  quizId: number,
  index: number,
): Promise<LiveQuizQuestionRecord | undefined> {
  const [row] = await q<
    { index: number; card_id: number; prompt: string; options: string[]; correct_option: number }[]
  >`
    select index, card_id, prompt, options, correct_option from live_quiz_questions
    where quiz_id = ${quizId} and index = ${index}`;
  return (
    row && {
      index: row.index,
      cardId: row.card_id,
      prompt: row.prompt,
      options: row.options,
      correctOption: row.correct_option,
    }
  );
}

/**
 * Takes a player's one answer to a question and adds its points to their score, in one statement;
 * their new score, or undefined when they had answered it already.
 */
export async function insertLiveQuizAnswer(
  q: Query,
  answer: {
    quizId: number;
    questionIndex: number;
    userId: number;
    option: number;
    correct: boolean;
    points: number;
    answerMs: number;
    answeredAt: Date;
  },
): Promise<number | undefined> {
  const [row] = await q<{ score: number }[]>`
    with taken as (
      insert into live_quiz_answers (quiz_id, question_index, user_id, option, correct, points,
        answer_ms, answered_at)
      values (${answer.quizId}, ${answer.questionIndex}, ${answer.userId}, ${answer.option},
        ${answer.correct}, ${answer.points}, ${answer.answerMs}, ${answer.answeredAt.toISOString()}::timestamptz)
      on conflict do nothing
      returning quiz_id, user_id, points
    )
    update live_quiz_players p set score = p.score + taken.points
    from taken where p.quiz_id = taken.quiz_id and p.user_id = taken.user_id
    returning p.score`;
  return row?.score;
}

/** A question's answers per option, how many answered, and the user's own option. */
export async function liveQuizQuestionStats(
  q: Query,
  quizId: number,
  index: number,
  userId: number,
): Promise<{
  distribution: number[];
  answered: number;
  myOption: number | null;
  myPoints: number | null;
}> {
  const rows = await q<{ option: number; n: number; mine: boolean; my_points: number | null }[]>`
    select option, count(*)::int as n, bool_or(user_id = ${userId}) as mine,
      max(points) filter (where user_id = ${userId}) as my_points
    from live_quiz_answers where quiz_id = ${quizId} and question_index = ${index}
    group by option`;
  const distribution = [0, 0, 0, 0];
  let answered = 0;
  let myOption: number | null = null;
  let myPoints: number | null = null;
  for (const r of rows) {
    distribution[r.option] = r.n;
    answered += r.n;
    if (r.mine) {
      myOption = r.option;
      myPoints = r.my_points;
    }
  }
  return { distribution, answered, myOption, myPoints };
}

export interface LiveQuizStandingRecord {
  userId: number;
  username: string;
  score: number;
  answered: number;
  correct: number;
}

/** Every player by score (then name), with how many questions they answered and got right. */
export async function liveQuizStandings(
  q: Query,
  quizId: number,
): Promise<LiveQuizStandingRecord[]> {
  const rows = await q<
    { user_id: number; username: string; score: number; answered: number; correct: number }[]
  >`
    select p.user_id, u.username, p.score,
      (select count(*)::int from live_quiz_answers a
        where a.quiz_id = p.quiz_id and a.user_id = p.user_id) as answered,
      (select count(*)::int from live_quiz_answers a
        where a.quiz_id = p.quiz_id and a.user_id = p.user_id and a.correct) as correct
    from live_quiz_players p join users u on u.id = p.user_id
    where p.quiz_id = ${quizId}
    order by p.score desc, lower(u.username), p.user_id`;
  return rows.map((r) => ({
    userId: r.user_id,
    username: r.username,
    score: r.score,
    answered: r.answered,
    correct: r.correct,
  }));
}

export interface LiveQuizQuestionReport extends LiveQuizQuestionRecord {
  answered: number;
  correct: number;
  distribution: number[];
  averageMs: number | null;
}

/** Each question asked so far (up to `throughIndex`), with its answers' figures. */
export async function liveQuizQuestionReports(
  q: Query,
  quizId: number,
  throughIndex: number,
): Promise<LiveQuizQuestionReport[]> {
  const rows = await q<
    {
      index: number;
      card_id: number;
      prompt: string;
      options: string[];
      correct_option: number;
      answered: number;
      correct: number;
      distribution: number[];
      average_ms: number | null;
    }[]
  >`
    select x.index, x.card_id, x.prompt, x.options, x.correct_option,
      count(a.user_id)::int as answered,
      count(a.user_id) filter (where a.correct)::int as correct,
      array(select count(b.user_id)::int from generate_series(0, jsonb_array_length(x.options) - 1)
        as o(n) left join live_quiz_answers b on b.quiz_id = x.quiz_id
          and b.question_index = x.index and b.option = o.n
        group by o.n order by o.n) as distribution,
      round(avg(a.answer_ms))::int as average_ms
    from live_quiz_questions x
    left join live_quiz_answers a on a.quiz_id = x.quiz_id and a.question_index = x.index
    where x.quiz_id = ${quizId} and x.index <= ${throughIndex}
    group by x.quiz_id, x.index order by x.index`;
  return rows.map((r) => ({
    index: r.index,
    cardId: r.card_id,
    prompt: r.prompt,
    options: r.options,
    correctOption: r.correct_option,
    answered: r.answered,
    correct: r.correct,
    distribution: r.distribution,
    averageMs: r.average_ms,
  }));
}
