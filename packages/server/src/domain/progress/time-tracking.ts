/**
 * Rules of a time-tracking batch that the contract's schema cannot express: visits that end
 * before they start or last longer than their span, overlap, lie in the future, or add up to
 * more than a day's 24 hours. Each problem names its field (`pages.2.end_time`).
 */
import type { FieldErrors } from '../field-errors.ts';

/** How far ahead of the server's clock a client's clock may run. */
export const CLOCK_SKEW_MS = 60_000;
/** Slack between a visit's `duration` and its `end_time - start_time` (timer rounding). */
export const DURATION_SLACK_MS = 1_000;
export const DAY_MS = 86_400_000;

export interface VisitInput {
  page: string;
  start: Date;
  end: Date;
  duration: number;
  timestamp: Date;
}

export interface BatchInput {
  sessionStart: Date;
  totalTime: number;
  visits: VisitInput[];
}

export const TIME_MESSAGES = {
  inFuture: 'This time is in the future.',
  endBeforeStart: 'The visit ends before it starts.',
  durationTooLong: 'The duration is longer than the time between start and end.',
  beforeSession: 'The visit starts before its session.',
  overlaps: 'The visit overlaps another visit of the session.',
  dayOverflow: 'Visits add up to more than 24 hours on one day.',
} as const;

function add(fields: FieldErrors, field: string, message: string): void {
  fields[field] = [...(fields[field] ?? []), message];
}

/** What is wrong with a batch on its own (no stored visits needed); empty when nothing. */
export function batchProblems(batch: BatchInput, now: Date): FieldErrors {
  const fields: FieldErrors = {};
  const latest = now.getTime() + CLOCK_SKEW_MS;
  if (batch.sessionStart.getTime() > latest)
    add(fields, 'session_start_time', TIME_MESSAGES.inFuture);
  batch.visits.forEach((v, i) => {
    const at = `pages.${i}`;
    if (v.start.getTime() > latest) add(fields, `${at}.start_time`, TIME_MESSAGES.inFuture);
    if (v.end.getTime() > latest) add(fields, `${at}.end_time`, TIME_MESSAGES.inFuture);
    if (v.timestamp.getTime() > latest) add(fields, `${at}.timestamp`, TIME_MESSAGES.inFuture);
    if (v.end < v.start) add(fields, `${at}.end_time`, TIME_MESSAGES.endBeforeStart);
    else if (v.duration > v.end.getTime() - v.start.getTime() + DURATION_SLACK_MS) {
      add(fields, `${at}.duration`, TIME_MESSAGES.durationTooLong);
    }
    if (v.start < batch.sessionStart) add(fields, `${at}.start_time`, TIME_MESSAGES.beforeSession);
  });
  const order = batch.visits
    .map((v, i) => ({ v, i }))
    .sort((a, b) => a.v.start.getTime() - b.v.start.getTime());
  for (let k = 1; k < order.length; k++) {
    const prev = order[k - 1];
    const cur = order[k];
    if (!prev || !cur) continue;
    const same = prev.v.start.getTime() === cur.v.start.getTime() && prev.v.page === cur.v.page;
    if (!same && cur.v.start < prev.v.end)
      add(fields, `pages.${cur.i}.start_time`, TIME_MESSAGES.overlaps);
  }
  return fields;
}

/** Whether two visits overlap in time (touching ends do not). */
export const overlaps = (a: { start: Date; end: Date }, b: { start: Date; end: Date }) =>
  a.start < b.end && b.start < a.end;

/** The app's features, by a page's first path segment. */
const FEATURES: Record<string, string> = {
  '': 'dashboard',
  'space-repetition': 'space_repetition',
  'multiple-duels': 'duels',
  'desk-duel': 'duels',
  duel: 'duels',
  'image-duel': 'duels',
  'table-duel': 'duels',
  'custom-duel': 'duels',
  'images-duel': 'duels',
  'numbers-duel': 'duels',
  'macro-images': 'macro_images',
  'conversion-table': 'conversion_table',
  friends: 'friends',
  profile: 'profile',
  'my-progress': 'my_progress',
  pricing: 'pricing',
};

export function featureOfPage(page: string): string {
  const first = page.split(/[?#]/)[0]?.split('/').filter(Boolean)[0] ?? '';
  return Object.hasOwn(FEATURES, first) ? (FEATURES[first] ?? 'other') : 'other';
}
