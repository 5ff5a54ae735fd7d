/**
 * Major-System help after a Numbers recall (issue 44, "Beyond the anchor"): the digits are cut
 * into the groups of the learner's conversion table (its numbers are 00–99: 2 digits), and each
 * group with a digit recalled wrong or left blank carries the learner's own word for its true
 * digits, the picture they would have used to hold it.
 */
import type { OwnWords } from '../../major-system/own-table.ts';
import type { Mark } from './types.ts';

/** The digits of one number of the learner's table (00–99). */
export const TABLE_GROUP_DIGITS = 2;

export interface MissedGroup {
  /** The position of the group's first digit. */
  start: number;
  /** The group's true digits. */
  digits: string;
  /** The learner's own word for `digits`, or null (none saved, or a last group of one digit). */
  word: string | null;
}

/** The groups of `marks` (one per digit) with a mistake, and the learner's word for each. */
export function missedGroups(marks: readonly Mark[], own: OwnWords): MissedGroup[] {
  const missed: MissedGroup[] = [];
  for (let start = 0; start < marks.length; start += TABLE_GROUP_DIGITS) {
    const group = marks.slice(start, start + TABLE_GROUP_DIGITS);
    if (group.every((m) => m.correct)) continue;
    const digits = group.map((m) => m.truth).join('');
    missed.push({ start, digits, word: own.get(digits) ?? null });
  }
  return missed;
}
