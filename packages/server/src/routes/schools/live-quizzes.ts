/**
 * Live class quizzes (docs/features/live-quiz.md): a course's owner or teacher starts one from a
 * deck assigned to the course and moves it on; the course's students join with its code and
 * answer. Ids of quizzes the caller neither runs nor plays answer 404, as the course would.
 */
import { randomInt } from 'node:crypto';
import type { Context } from 'hono';
import type { Handlers } from '../../contract/types.ts';
import {
  courseAssignedDeck,
  deckQuizCards,
  insertLiveQuiz,
  isLiveQuizPlayer,
  joinLiveQuiz,
  type LiveQuizRecord,
  liveQuizById,
  liveQuizQuestionReports,
  liveQuizStandings,
  moveLiveQuiz,
  openLiveQuizByCode,
  openLiveQuizzesOf,
} from '../../db/queries/live-quizzes.ts';
import { drawQuestions, joinCode } from '../../domain/live-quiz/questions.ts';
import { ranked } from '../../domain/live-quiz/scoring.ts';
import { effectiveStatus, nextPosition } from '../../domain/live-quiz/state.ts';
import type { AppEnv } from '../../http/context.ts';
import { currentUser } from '../../http/current-user.ts';
import { ApiError, forbidden, notFound, validationError } from '../../http/errors.ts';
import { answerLiveQuiz } from '../../services/live-quiz/answer.ts';
import { endIdleLiveQuizzes } from '../../services/live-quiz/idle.ts';
import { liveQuizView, signalLiveQuiz, type Viewer } from '../../services/live-quiz/view.ts';
import { groupFor } from './access.ts';
import { MESSAGES } from './messages.ts';

type C = Context<AppEnv>;

const DEFAULT_QUESTIONS = 10;
const DEFAULT_SECONDS = 20;
/** Codes drawn before giving up: with 900,000 codes, a clash is already rare. */
const CODE_ATTEMPTS = 20;

const randomUnit = () => randomInt(0, 2 ** 32) / 2 ** 32;

/** The course as the user sees it, or undefined when it is hidden from them (404). */
async function seenCourse(c: C, courseId: number) {
  try {
    return await groupFor(c.get('deps').sql, 'course', currentUser(c), courseId);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return undefined;
    throw error;
  }
}

/** The quiz and the caller's part in it: its course's owner or teacher, or a player; else 404. */
async function quizFor(c: C, id: number): Promise<{ quiz: LiveQuizRecord; viewer: Viewer }> {
  const { sql } = c.get('deps');
  const user = currentUser(c);
  await endIdleLiveQuizzes(sql, new Date());
  const quiz = await liveQuizById(sql, id);
  if (!quiz) throw notFound(MESSAGES.quizNotFound);
  const group = await seenCourse(c, quiz.courseId);
  const isTeacher = group !== undefined && (group.isOwner || group.myRole === 'teacher');
  if (!isTeacher && !(group && (await isLiveQuizPlayer(sql, quiz.id, user.id)))) {
    throw notFound(MESSAGES.quizNotFound);
  }
  return { quiz, viewer: { userId: user.id, isTeacher } };
}

async function teacherQuiz(c: C, id: number) {
  const found = await quizFor(c, id);
  if (!found.viewer.isTeacher) throw forbidden(MESSAGES.quizTeachersOnly);
  return found;
}

async function view(c: C, quiz: LiveQuizRecord, viewer: Viewer) {
  return liveQuizView(c.get('deps').sql, quiz, viewer, new Date());
}

/** A student of the quiz's course joins it (again: nothing changes); else 403 or 404. */
async function join(c: C, quiz: LiveQuizRecord | undefined, missing: string) {
  const { sql } = c.get('deps');
  const user = currentUser(c);
  if (!quiz) throw notFound(missing);
  const group = await seenCourse(c, quiz.courseId);
  if (!group) throw notFound(missing);
  if (group.myRole !== 'student') throw forbidden(MESSAGES.quizStudentsOnly);
  if (await joinLiveQuiz(sql, quiz.id, user.id)) await signalLiveQuiz(sql, quiz, 'teachers');
  return c.json(await view(c, quiz, { userId: user.id, isTeacher: false }), 200);
}

export const handlers: Handlers = {
  async createLiveQuiz(c, { params, body }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const group = await groupFor(sql, 'course', user, params.id);
    if (!group.isOwner && group.myRole !== 'teacher') throw forbidden(MESSAGES.quizTeachersOnly);
    const deck = await courseAssignedDeck(sql, group.id, body.desk_id);
    if (!deck) throw notFound(MESSAGES.quizDeckNotAssigned);
    const questions = drawQuestions(
      await deckQuizCards(sql, deck.id),
      body.question_count ?? DEFAULT_QUESTIONS,
      randomUnit,
    );
    if (!questions) throw validationError({ desk_id: [MESSAGES.quizTooFewCards] });
    for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
      const id = await insertLiveQuiz(
        sql,
        {
          courseId: group.id,
          deckId: deck.id,
          createdBy: user.id,
          code: joinCode(randomUnit),
          secondsPerQuestion: body.seconds_per_question ?? DEFAULT_SECONDS,
        },
        questions,
      );
      const quiz = id === undefined ? undefined : await liveQuizById(sql, id);
      if (quiz) return c.json(await view(c, quiz, { userId: user.id, isTeacher: true }), 201);
    }
    throw new Error('createLiveQuiz: no free join code after 20 draws');
  },

  async listLiveQuizzes(c) {
    const { sql } = c.get('deps');
    await endIdleLiveQuizzes(sql, new Date());
    const quizzes = await openLiveQuizzesOf(sql, currentUser(c).id);
    return c.json(
      quizzes.map((q) => ({
        id: q.id,
        course_id: q.courseId,
        course_name: q.courseName,
        desk_name: q.deckName,
        status: q.status,
        is_teacher: q.isTeacher,
      })),
      200,
    );
  },

  async joinLiveQuiz(c, { body }) {
    const { sql } = c.get('deps');
    await endIdleLiveQuizzes(sql, new Date());
    const quiz = await openLiveQuizByCode(sql, body.code);
    return join(c, quiz, MESSAGES.quizCodeNotFound);
  },

  async joinLiveQuizById(c, { params }) {
    const { sql } = c.get('deps');
    await endIdleLiveQuizzes(sql, new Date());
    const quiz = await liveQuizById(sql, params.id);
    // Finished is gone, as its code is: only a quiz still running can be joined.
    return join(c, quiz?.status === 'finished' ? undefined : quiz, MESSAGES.quizNotFound);
  },

  async getLiveQuiz(c, { params }) {
    const { quiz, viewer } = await quizFor(c, params.id);
    return c.json(await view(c, quiz, viewer), 200);
  },

  async advanceLiveQuiz(c, { params, body }) {
    const { sql } = c.get('deps');
    const { quiz, viewer } = await teacherQuiz(c, params.id);
    const from = { status: body.from_status, questionIndex: body.from_index };
    const to = nextPosition(from, quiz.questionCount);
    if (!to) throw new ApiError(409, 'conflict', MESSAGES.quizFinished);
    const moved = await moveLiveQuiz(sql, quiz.id, from, to, new Date());
    if (!moved) throw new ApiError(409, 'conflict', MESSAGES.quizMovedOn);
    const now = await liveQuizById(sql, quiz.id);
    if (!now) throw notFound(MESSAGES.quizNotFound);
    await signalLiveQuiz(sql, now, 'everyone');
    return c.json(await view(c, now, viewer), 200);
  },

  async answerLiveQuiz(c, { params, body }) {
    const { sql } = c.get('deps');
    const { quiz, viewer } = await quizFor(c, params.id);
    if (viewer.isTeacher) throw forbidden(MESSAGES.quizStudentsOnly);
    const result = await answerLiveQuiz(
      sql,
      currentUser(c),
      quiz,
      { questionIndex: body.question_index, option: body.option },
      {
        notOpen: MESSAGES.quizNotOpen,
        timeUp: MESSAGES.quizTimeUp,
        answered: MESSAGES.quizAnswered,
      },
      new Date(),
    );
    await signalLiveQuiz(sql, quiz, 'teachers');
    return c.json(result, 200);
  },

  async getLiveQuizReport(c, { params }) {
    const { sql } = c.get('deps');
    const { quiz } = await teacherQuiz(c, params.id);
    const status = effectiveStatus(
      quiz.status,
      quiz.questionStartedAt,
      quiz.secondsPerQuestion,
      new Date(),
    );
    const throughIndex = status === 'lobby' ? -1 : quiz.questionIndex;
    const questions = await liveQuizQuestionReports(sql, quiz.id, throughIndex);
    const students = ranked(await liveQuizStandings(sql, quiz.id));
    return c.json(
      {
        quiz_id: quiz.id,
        desk_name: quiz.deckName,
        course_name: quiz.courseName,
        questions: questions.map((q) => ({
          index: q.index,
          card_id: q.cardId,
          prompt: q.prompt,
          correct_answer: q.options[q.correctOption] ?? '',
          answered: q.answered,
          correct: q.correct,
          distribution: q.distribution,
          average_ms: q.averageMs,
        })),
        students: students.map((s) => ({
          user_id: s.userId,
          username: s.username,
          score: s.score,
          rank: s.rank,
          answered: s.answered,
          correct: s.correct,
        })),
      },
      200,
    );
  },
};
