/**
 * Spaced-repetition scheduling: a thin layer over `ts-fsrs` (FSRS as Anki uses it), plus what
 * "today" is in the learner's time zone. Which cards the queue holds is in `queue.ts`.
 */

// The FSRS part runs in the browser too (offline review): one module for both sides.
export * from '@memoria/api/scheduling';

// ── The learner's day ────────────────────────────────────────────────────────────────────────────

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function wallClock(instant: Date, timeZone: string) {
  const p: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') p[part.type] = Number(part.value);
  }
  return {
    year: p.year ?? 1970,
    month: p.month ?? 1,
    day: p.day ?? 1,
    hour: p.hour ?? 0,
    minute: p.minute ?? 0,
    second: p.second ?? 0,
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The calendar day (`YYYY-MM-DD`) that `instant` falls on in `timeZone`. */
export function localDate(instant: Date, timeZone: string): string {
  const w = wallClock(instant, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** Milliseconds `timeZone` is ahead of UTC at `instant`. */
function offsetMs(instant: Date, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

function parseDay(day: string): [number, number, number] {
  const [y, m, d] = day.split('-').map(Number);
  return [y ?? 1970, m ?? 1, d ?? 1];
}

/** `day` plus `n` calendar days. */
export function addDays(day: string, n: number): string {
  const [y, m, d] = parseDay(day);
  const t = new Date(Date.UTC(y, m - 1, d + n));
  return `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** The first instant of `day` in `timeZone` (midnight, or the first hour after a DST gap). */
export function startOfLocalDay(day: string, timeZone: string): Date {
  const [y, m, d] = parseDay(day);
  const wall = Date.UTC(y, m - 1, d);
  let t = wall - offsetMs(new Date(wall), timeZone);
  t = wall - offsetMs(new Date(t), timeZone);
  // Where midnight does not exist (a DST jump at 00:00) step to the first hour of the day.
  for (let i = 0; i < 4 && localDate(new Date(t), timeZone) < day; i++) t += 3_600_000;
  for (let i = 0; i < 4 && localDate(new Date(t - 3_600_000), timeZone) === day; i++) {
    t -= 3_600_000;
  }
  return new Date(t);
}

export interface LearnerDay {
  /** `YYYY-MM-DD` in the learner's time zone. */
  day: string;
  start: Date;
  /** The start of the next day. */
  end: Date;
}

/**
 * The last day found per time zone. Every request of the queue and every rating asks for the
 * learner's today, and finding it takes a dozen time-zone conversions (3 % of a due queue's CPU
 * in a profile); an instant inside the last day found is on that day.
 */
const lastDays = new Map<string, { day: string; start: number; end: number }>();

/** The learner's today around `now` in `timeZone`. */
export function learnerDay(now: Date, timeZone: string): LearnerDay {
  const t = now.getTime();
  let found = lastDays.get(timeZone);
  if (!found || t < found.start || t >= found.end) {
    const day = localDate(now, timeZone);
    found = {
      day,
      start: startOfLocalDay(day, timeZone).getTime(),
      end: startOfLocalDay(addDays(day, 1), timeZone).getTime(),
    };
    lastDays.set(timeZone, found);
  }
  return { day: found.day, start: new Date(found.start), end: new Date(found.end) };
}

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;

/** 0 for Monday … 6 for Sunday. */
export function weekdayIndex(day: string): number {
  const [y, m, d] = parseDay(day);
  return (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
}

/** Monday of the week `day` falls in. */
export function mondayOf(day: string): string {
  return addDays(day, -weekdayIndex(day));
}
