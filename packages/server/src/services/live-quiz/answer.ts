/**
 * A student's answer to the open question: timed by the server, scored by Kahoot's rule, taken
 * once, and logged as the student's review of the card through the one rating path (`rate`):
 * right is Good, wrong is Again, with an idempotency key of the quiz, question and student, so
 * the review is written once whatever is sent again.
 */
import { createHash } from 'node:crypto';
import type { Sql } from '../../db/client.ts';
import {
  insertLiveQuizAnswer,
  type LiveQuizRecord,
  liveQuizQuestion,
} from '../../db/queries/live-quizzes.ts';
import type { UserRow } from '../../db/queries/users.ts';
import { pointsFor } from '../../domain/live-quiz/scoring.ts';
import { answerRefusal } from '../../domain/live-quiz/state.ts';
import { ApiError } from '../../http/errors.ts';
import { createLogger } from '../../log.ts';
import { rate } from '../review/rate.ts';

const log = createLogger();

/** A UUID of the quiz, question and student: the review's idempotency key. */
export function reviewKey(quizId: number, index: number, userId: number): string {
  const hex = createHash('sha256').update(`live-quiz:${quizId}:${index}:${userId}`).digest('hex');
  // Shaped as a version 8 (custom) UUID with the RFC 9562 variant.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export interface AnswerMessages {
  notOpen: string;
  timeUp: string;
  answered: string;
}

export async function answerLiveQuiz(
  sql: Sql,
  user: UserRow,
  quiz: LiveQuizRecord,
  answer: { questionIndex: number; option: number },
  messages: AnswerMessages,
  now: Date,
): Promise<{ correct: boolean; points: number; score: number }> {
  const refusal = answerRefusal(
    {
      status: quiz.status,
      questionIndex: quiz.questionIndex,
      startedAt: quiz.questionStartedAt,
      secondsPerQuestion: quiz.secondsPerQuestion,
    },
    answer.questionIndex,
    now,
  );
  if (refusal) {
    throw new ApiError(409, 'conflict', refusal === 'time_up' ? messages.timeUp : messages.notOpen);
  }
  const question = await liveQuizQuestion(sql, quiz.id, answer.questionIndex);
  if (!question || answer.option >= question.options.length || !quiz.questionStartedAt) {
    throw new ApiError(409, 'conflict', messages.notOpen);
  }
  const correct = answer.option === question.correctOption;
  const answerMs = Math.max(0, now.getTime() - quiz.questionStartedAt.getTime());
  const points = pointsFor(correct, answerMs, quiz.secondsPerQuestion * 1000);
  const score = await insertLiveQuizAnswer(sql, {
    quizId: quiz.id,
    questionIndex: question.index,
    userId: user.id,
    option: answer.option,
    correct,
    points,
    answerMs,
    answeredAt: now,
  });
  if (score === undefined) throw new ApiError(409, 'conflict', messages.answered);
  try {
    await rate(sql, user, question.cardId, {
      difficulty: correct ? 'good' : 'again',
      answerTimeMs: answerMs,
      reviewedAt: now.toISOString(),
      idempotencyKey: reviewKey(quiz.id, question.index, user.id),
      sameDay: false,
    });
  } catch (error) {
    // The answer counts in the quiz even when the card cannot be reviewed (deleted meanwhile,
    // or the deck no longer assigned to the student).
    if (!(error instanceof ApiError)) throw error;
    log.warn('a live quiz answer was not logged as a review', { status: error.status });
  }
  return { correct, points, score };
}
