import { ACCESS_MESSAGES } from '../../services/decks/messages.ts';

/** The English messages of space-repetition errors (the UI translates by code and field). */
export const MESSAGES = {
  ...ACCESS_MESSAGES,
  deckName: 'Please enter a desk name',
  emails: 'Please enter at least one email address',
  invalidEmail: 'Enter a valid email address.',
  textOrImage: 'Please provide either text or an image',
  noTextInImage: 'No text could be read from this image.',
  front: 'Please enter the front of the card or add an image.',
  back: 'Please enter the back of the card or add an image.',
  beforeLastReview: 'This rating is older than the card’s last review.',
  nothingToUndo: 'There is no review of this card to undo.',
  examInPast: 'The exam date is in the past.',
  rescheduleNotFound: 'There is no such postpone or advance.',
  rescheduleUndone: 'This postpone or advance was already undone.',
  keyReused: 'This idempotency_key was already used for another card.',
  presetNotFound: 'No preset with this id.',
  defaultPresetKept: 'The default preset cannot be deleted.',
  tooManyPresets: 'You have reached the limit of 100 presets.',
} as const;
