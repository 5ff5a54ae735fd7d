/**
 * Deck duel answers that count as study (docs/features/duels.md, "Duels as study"): the rating an
 * answer gives its card, and the idempotency key that logs each answer once.
 */
import { createHash } from 'node:crypto';
import type { Grade } from 'ts-fsrs';
import { gradeOf } from '../review/scheduling.ts';

/**
 * A right answer is Good, a wrong one Again: a quiz answer says only whether the learner recalled
 * the card, as FSRS's pass/fail reading of a review does; Hard and Easy would need a judgement
 * the quiz never asks for (docs/features/duels.md says whose mapping this follows).
 */
export function duelAnswerGrade(correct: boolean): Grade {
  return gradeOf(correct ? 'good' : 'again');
}

/**
 * The review log's idempotency key of one player's answer to one question of a duel: a UUID made
 * from the duel and the question, the same on every retry (the log's keys are unique per learner).
 */
export function duelAnswerReviewKey(duelId: number, questionId: number): string {
  const hex = createHash('sha256').update(`duel-answer ${duelId} ${questionId}`).digest('hex');
  // RFC 9562 version 8 (custom) with the RFC variant bits, so PostgreSQL's uuid accepts it as such.
  const variant = ((Number.parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
