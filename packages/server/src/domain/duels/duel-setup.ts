/**
 * Set-up rules the contract cannot state: a deck duel asks at most as many questions as the deck
 * has cards, and the opponent must be an accepted friend. The ranges of view time, answer time and
 * item limits are the contract's (with the spec's messages, `x-range-message`).
 */
import type { FieldErrors } from '../field-errors.ts';

export const DUEL_SETUP_MESSAGES = {
  questionCountAboveCards: 'The desk does not have that many cards.',
  opponentNotFriend: 'You can only duel your friends.',
} as const;

/** A field error when `count` questions cannot be drawn from `cardCount` cards. */
export function checkQuestionCount(count: number, cardCount: number): FieldErrors | null {
  if (count >= 1 && count <= cardCount) return null;
  return { question_count: [DUEL_SETUP_MESSAGES.questionCountAboveCards] };
}

/** A field error unless the pair's friendship is accepted (and the opponent is someone else). */
export function checkOpponent(
  callerId: number,
  opponentId: number,
  friendshipStatus: string | null,
): FieldErrors | null {
  if (opponentId !== callerId && friendshipStatus === 'accepted') return null;
  return { opponent_id: [DUEL_SETUP_MESSAGES.opponentNotFriend] };
}
