/** What the progress route tests share: paths and a direct call of `recordActivity`. */
import { type ActivityRecord, recordActivity } from '../db/queries/activities.ts';
import type { TestBackend } from './harness.ts';

export const AUTH = '/be/api/auth';

/** Records an activity as a domain would (outside a request), at `at`. */
export function recorder(backend: () => TestBackend) {
  return (userId: number, activity: ActivityRecord, at?: Date) =>
    recordActivity(backend().deps.sql, userId, activity, at);
}

export const deck = (deckId: number, deckName = `Desk ${deckId}`): ActivityRecord => ({
  type: 'space_repetition',
  deckId,
  deckName,
});

/** Today in `timeZone`, as `YYYY-MM-DD`. */
export const todayIn = (timeZone: string, now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);
