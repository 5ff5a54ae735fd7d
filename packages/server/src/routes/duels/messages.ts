/** The duels domain's texts (English; clients translate from `code` and `field_codes`). */
import { SETTLEMENT_MESSAGES } from '../../services/duels/messages.ts';
import { RATING_MESSAGES } from '../../services/ratings/messages.ts';

export const MESSAGES = {
  ...SETTLEMENT_MESSAGES,
  ...RATING_MESSAGES,
  questionNotFound: 'Question not found.',
  requestNotFound: 'Duel request not found.',
  deckNotFound: 'Desk not found.',
  notStarted: 'The duel has not started yet: your opponent has not accepted.',
  finished: 'The duel is finished.',
  alreadyFinished: 'You have already finished this duel.',
  notCurrentQuestion: 'Answer the current question: this one was answered or is not reached yet.',
  stillReading: 'The question is still being read: its choices open after the view time.',
  tooLate: 'Time is up: the answer arrived after the deadline and was not counted.',
  stillMemorizing: 'The recall phase has not started yet.',
  receiverOnly: 'Only the invited friend can answer this duel request.',
  notPending: (status: string) => `This duel request is already ${status}.`,
  notReopenable: 'This duel already has a pending request or is being played.',
  notCreator: 'Only the duel creator can invite to it.',
  sourceRequired: 'Provide text or a desk to make questions from.',
  trainingNotFound: 'Training attempt not found.',
  trainingSubmitted: 'This training attempt was already submitted.',
} as const;
