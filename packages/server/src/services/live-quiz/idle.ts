/**
 * Live quizzes a teacher left without finishing: on any read of quizzes, those without a move
 * for 2 hours (domain `IDLE_LIMIT_MS`, on the server's clock) are finished, so they leave the
 * students' "Running now" list and free their code; their open screens are told.
 */
import type { Sql } from '../../db/client.ts';
import { finishIdleLiveQuizzes, liveQuizById } from '../../db/queries/live-quizzes.ts';
import { idleCutoff } from '../../domain/live-quiz/state.ts';
import { signalLiveQuiz } from './view.ts';

export async function endIdleLiveQuizzes(sql: Sql, now: Date): Promise<void> {
  const ended = await finishIdleLiveQuizzes(sql, idleCutoff(now), now);
  for (const id of ended) {
    const quiz = await liveQuizById(sql, id);
    if (quiz) await signalLiveQuiz(sql, quiz, 'everyone');
  }
}
