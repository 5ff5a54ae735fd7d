import { ACCESS_MESSAGES } from '../decks/messages.ts';

/** The texts of a rating's errors (routes/space-repetition/messages.ts adds them to its own). */
export const RATING_MESSAGES = {
  ...ACCESS_MESSAGES,
  beforeLastReview: 'This rating is older than the card’s last review.',
  keyReused: 'This idempotency_key was already used for another card.',
} as const;
