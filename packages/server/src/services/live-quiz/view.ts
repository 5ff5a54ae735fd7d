/**
 * What a live quiz's screens read (docs/features/live-quiz.md): the whole state as one viewer may
 * see it, so that a reload draws the projector or a student's screen again from one `GET`; and
 * the `live_quiz` event that tells every screen to read it again, on every instance.
 */
import type { Schemas } from '../../contract/types.ts';
import type { Sql } from '../../db/client.ts';
import {
  courseTeacherIds,
  type LiveQuizRecord,
  liveQuizPlayerIds,
  liveQuizQuestion,
  liveQuizQuestionStats,
  liveQuizStandings,
} from '../../db/queries/live-quizzes.ts';
import type { Query } from '../../db/queries/pg.ts';
import { ranked } from '../../domain/live-quiz/scoring.ts';
import { closesAt, effectiveStatus } from '../../domain/live-quiz/state.ts';
import { sendLiveSignals } from '../../notifications/index.ts';

/** How many players the leaderboard shows. */
export const LEADERBOARD_SIZE = 10;

export interface Viewer {
  userId: number;
  isTeacher: boolean;
}

export async function liveQuizView(
  sql: Query,
  quiz: LiveQuizRecord,
  viewer: Viewer,
  now: Date,
): Promise<Schemas['LiveQuiz']> {
  const status = effectiveStatus(quiz.status, quiz.questionStartedAt, quiz.secondsPerQuestion, now);
  const standings = ranked(await liveQuizStandings(sql, quiz.id));
  const showsQuestion = status === 'question' || status === 'reveal';
  const asked = showsQuestion
    ? await liveQuizQuestion(sql, quiz.id, quiz.questionIndex)
    : undefined;
  let question: Schemas['LiveQuizQuestion'] | null = null;
  if (asked && quiz.questionStartedAt) {
    const stats = await liveQuizQuestionStats(sql, quiz.id, asked.index, viewer.userId);
    const closed = status === 'reveal';
    question = {
      index: asked.index,
      prompt: asked.prompt,
      options: asked.options,
      started_at: quiz.questionStartedAt.toISOString(),
      ends_at: closesAt(quiz.questionStartedAt, quiz.secondsPerQuestion).toISOString(),
      answered_count: stats.answered,
      my_option: viewer.isTeacher ? null : stats.myOption,
      correct_option: closed ? asked.correctOption : null,
      distribution: closed ? stats.distribution.slice(0, asked.options.length) : null,
      // Only once closed, like the right option: a reload then shows "Right! +N points".
      my_points: closed && !viewer.isTeacher ? stats.myPoints : null,
    };
  }
  const toStanding = (s: (typeof standings)[number]): Schemas['LiveQuizStanding'] => ({
    user_id: s.userId,
    username: s.username,
    score: s.score,
    rank: s.rank,
  });
  const mine = standings.find((s) => s.userId === viewer.userId);
  return {
    id: quiz.id,
    course_id: quiz.courseId,
    course_name: quiz.courseName,
    desk_id: quiz.deckId,
    desk_name: quiz.deckName,
    code: quiz.code,
    status,
    question_index: quiz.questionIndex,
    question_count: quiz.questionCount,
    seconds_per_question: quiz.secondsPerQuestion,
    is_teacher: viewer.isTeacher,
    player_count: standings.length,
    question,
    // Hidden while a question is open: the room looks at the question, not the ranks.
    leaderboard: status === 'question' ? [] : standings.slice(0, LEADERBOARD_SIZE).map(toStanding),
    my_score: !viewer.isTeacher && mine ? toStanding(mine) : null,
    server_time: now.toISOString(),
  };
}

/**
 * Tells the quiz's screens it moved (`live_quiz`, live only: a screen reads the quiz again). A
 * join or an answer tells only the teachers (300 answers need not wake 300 phones each).
 */
export async function signalLiveQuiz(
  sql: Sql,
  quiz: Pick<LiveQuizRecord, 'id' | 'courseId'> & { status: string; questionIndex: number },
  audience: 'everyone' | 'teachers',
): Promise<void> {
  const teachers = await courseTeacherIds(sql, quiz.courseId);
  const players = audience === 'everyone' ? await liveQuizPlayerIds(sql, quiz.id) : [];
  const data = { quiz_id: quiz.id, status: quiz.status, question_index: quiz.questionIndex };
  await sendLiveSignals(
    sql,
    [...new Set([...teachers, ...players])].map((user_id) => ({
      user_id,
      event: 'live_quiz',
      data,
    })),
  );
}
