/**
 * A learner's states of a card beside its FSRS schedule: suspended (out of every queue until
 * unsuspended), buried (out until the learner's next day) and flagged (Anki's seven colours,
 * with names the learner may give them). Pure rules; storage is `db/queries/card-states.ts`.
 */
import { learnerDay } from './scheduling.ts';

/**
 * When a card buried at `now` comes back: the start of the learner's next day in their time
 * zone, as Anki unburies at its day rollover (Memoria's day starts at midnight).
 */
export function buriedUntil(now: Date, timeZone: string): Date {
  return learnerDay(now, timeZone).end;
}

/** Whether a card buried until `until` is still out of the queue at `now`. */
export function isBuried(until: Date | null, now: Date): boolean {
  return until !== null && until.getTime() > now.getTime();
}

/** Anki's flag colours, flag 1 to 7 in order. */
export const FLAG_COLORS = [
  'red',
  'orange',
  'green',
  'blue',
  'pink',
  'turquoise',
  'purple',
] as const;

export type FlagColor = (typeof FLAG_COLORS)[number];

/** The English name of a colour, the flag's name until the learner gives it one. */
const COLOR_NAMES: Record<FlagColor, string> = {
  red: 'Red',
  orange: 'Orange',
  green: 'Green',
  blue: 'Blue',
  pink: 'Pink',
  turquoise: 'Turquoise',
  purple: 'Purple',
};

export interface FlagView {
  flag: number;
  color: FlagColor;
  name: string;
}

/** The seven flags, each with the learner's own name (`names`, by flag) or its colour's. */
export function flagsWithNames(names: ReadonlyMap<number, string>): FlagView[] {
  return FLAG_COLORS.map((color, i) => ({
    flag: i + 1,
    color,
    name: names.get(i + 1) || COLOR_NAMES[color],
  }));
}
