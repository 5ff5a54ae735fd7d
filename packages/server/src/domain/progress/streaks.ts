/**
 * Streak rules. A day counts when the learner did at least one activity on it, in their own time
 * zone (activities store that day when they are recorded, so a later zone change never moves a
 * past day). Pure: the route reads the active days and calls these, and so do the tests.
 */
import { addDays } from '../review/scheduling.ts';

export interface StreakFigures {
  current: number;
  longest: number;
  daysActive: number;
  todayActive: boolean;
  lastActivityDate: string | null;
}

/**
 * Current and longest runs of consecutive active days. `days` are `YYYY-MM-DD`, ascending,
 * distinct. The current run ends today or yesterday (today not done yet keeps the streak alive).
 * A day after `today` exists when the learner moved to a zone behind the one they recorded in
 * (Tokyo → Los Angeles): it is their latest day, so it counts as today rather than breaking the run.
 */
export function streakFigures(days: readonly string[], today: string): StreakFigures {
  const last = days.at(-1) ?? null;
  const effectiveToday = last !== null && last > today ? last : today;
  let longest = 0;
  let run = 0;
  let previous: string | null = null;
  for (const day of days) {
    run = previous !== null && addDays(previous, 1) === day ? run + 1 : 1;
    if (run > longest) longest = run;
    previous = day;
  }
  const alive = last !== null && last >= addDays(effectiveToday, -1);
  return {
    current: alive ? run : 0,
    longest,
    daysActive: days.length,
    todayActive: last !== null && last >= today,
    lastActivityDate: last,
  };
}

/** The `count` days ending with `today`, oldest first. */
export function lastDays(today: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDays(today, i - (count - 1)));
}
