import { describe, expect, it } from 'vitest';
import { checkOpponent, checkQuestionCount, DUEL_SETUP_MESSAGES } from './duel-setup.ts';

describe('duel set-up', () => {
  it('allows 1 to the deck card count questions', () => {
    expect(checkQuestionCount(1, 5)).toBeNull();
    expect(checkQuestionCount(5, 5)).toBeNull();
    expect(checkQuestionCount(6, 5)).toEqual({
      question_count: [DUEL_SETUP_MESSAGES.questionCountAboveCards],
    });
    expect(checkQuestionCount(1, 0)).not.toBeNull();
  });

  it('needs an accepted friend as opponent', () => {
    expect(checkOpponent(1, 2, 'accepted')).toBeNull();
    for (const status of ['pending', 'rejected', 'removed', null]) {
      expect(checkOpponent(1, 2, status)).toEqual({
        opponent_id: [DUEL_SETUP_MESSAGES.opponentNotFriend],
      });
    }
    expect(checkOpponent(1, 1, 'accepted')).not.toBeNull();
  });
});
