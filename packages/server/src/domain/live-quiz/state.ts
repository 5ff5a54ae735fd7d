/**
 * The live quiz's state machine: lobby → question 0 → reveal 0 → question 1 → … → reveal of the
 * last → finished. Only a teacher's `next` moves it; an open question whose time is up reads as
 * closed (`effectiveStatus`) until the teacher moves on, so every screen shows the reveal when
 * the countdown ends without anyone having to write it. A quiz left without a move for
 * `IDLE_LIMIT_MS` (2 hours) is finished by the server when it is next read (`idleCutoff`).
 */
export type LiveQuizStatus = 'lobby' | 'question' | 'reveal' | 'finished';

export interface LiveQuizPosition {
  status: LiveQuizStatus;
  questionIndex: number;
}

/** The step after `from`, in a quiz of `count` questions; undefined once finished. */
export function nextPosition(from: LiveQuizPosition, count: number): LiveQuizPosition | undefined {
  switch (from.status) {
    case 'lobby':
      return { status: 'question', questionIndex: 0 };
    case 'question':
      return { status: 'reveal', questionIndex: from.questionIndex };
    case 'reveal':
      return from.questionIndex + 1 < count
        ? { status: 'question', questionIndex: from.questionIndex + 1 }
        : { status: 'finished', questionIndex: from.questionIndex };
    case 'finished':
      return undefined;
  }
}

/** When the open question stops taking answers. */
export function closesAt(startedAt: Date, secondsPerQuestion: number): Date {
  return new Date(startedAt.getTime() + secondsPerQuestion * 1000);
}

/** The status screens show: an open question past its time is shown closed. */
export function effectiveStatus(
  status: LiveQuizStatus,
  startedAt: Date | null,
  secondsPerQuestion: number,
  now: Date,
): LiveQuizStatus {
  if (status === 'question' && startedAt && now >= closesAt(startedAt, secondsPerQuestion)) {
    return 'reveal';
  }
  return status;
}

/** Why an answer is refused, or undefined when it is taken. */
export function answerRefusal(
  quiz: LiveQuizPosition & { startedAt: Date | null; secondsPerQuestion: number },
  questionIndex: number,
  now: Date,
): 'not_open' | 'time_up' | undefined {
  if (quiz.status !== 'question' || quiz.questionIndex !== questionIndex || !quiz.startedAt) {
    return 'not_open';
  }
  if (effectiveStatus(quiz.status, quiz.startedAt, quiz.secondsPerQuestion, now) !== 'question') {
    return 'time_up';
  }
  return undefined;
}

/** How long a quiz may stay without a teacher's move before the server finishes it. */
export const IDLE_LIMIT_MS = 2 * 60 * 60 * 1000;

/** Quizzes whose last move is at or before this instant are left behind: finished. */
export function idleCutoff(now: Date): Date {
  return new Date(now.getTime() - IDLE_LIMIT_MS);
}
