/**
 * Anki-like interval labels for the rating buttons: under a day it is a learning step shown with
 * a "<" ("<1m", "<10m", "<2h"); then days ("1d", "4d"), months with one decimal ("1.2mo") and
 * years ("2.3y"). Units and decimals come from the catalog and the locale (es: "<10 min", "4 d",
 * "1,2 meses").
 */
import type { IntlShape } from 'react-intl';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

export type IntervalParts =
  | { unit: 'minutes' | 'hours'; count: number; lessThan: true }
  | { unit: 'days' | 'months' | 'years'; count: number; lessThan: false };

export function intervalParts(seconds: number): IntervalParts {
  const s = Math.max(0, seconds);
  if (s < HOUR)
    return { unit: 'minutes', count: Math.max(1, Math.ceil(s / MINUTE)), lessThan: true };
  if (s < DAY) return { unit: 'hours', count: Math.max(1, Math.ceil(s / HOUR)), lessThan: true };
  if (s < MONTH) return { unit: 'days', count: Math.round(s / DAY), lessThan: false };
  if (s < YEAR)
    return { unit: 'months', count: Math.round((s / MONTH) * 10) / 10, lessThan: false };
  return { unit: 'years', count: Math.round((s / YEAR) * 10) / 10, lessThan: false };
}

/** The short label of an interval in seconds, e.g. "<10m", "4d", "1.2mo". */
export function formatInterval(intl: IntlShape, seconds: number): string {
  const parts = intervalParts(seconds);
  const value = intl.formatMessage(
    { id: `deckReview.interval.${parts.unit}` },
    { count: parts.count },
  );
  return parts.lessThan
    ? intl.formatMessage({ id: 'deckReview.interval.lessThan' }, { value })
    : value;
}

/** The spoken form for screen readers, e.g. "in 4 days". */
export function describeInterval(intl: IntlShape, seconds: number): string {
  const parts = intervalParts(seconds);
  return intl.formatMessage(
    { id: `deckReview.interval.long.${parts.unit}` },
    { count: parts.count },
  );
}
