/**
 * The friends ranking of the progress figures: the learner and their friends by their
 * activities of the last 7 days. Pure: the route reads the counts and calls this, and so do the
 * tests.
 */

/** How many days the ranking counts, today included. */
export const RANKING_DAYS = 7;

export interface RankingPerson {
  id: number;
  username: string;
  activities: number;
}

/**
 * `people` ordered for the ranking, each with its rank: more activities first; equal counts
 * share a rank (1, 2, 2, 4) and are listed by username, case-insensitively, then id.
 */
export function rankByActivities<T extends RankingPerson>(
  people: readonly T[],
): (T & { rank: number })[] {
  const ordered = [...people].sort(
    (a, b) =>
      b.activities - a.activities ||
      a.username.toLowerCase().localeCompare(b.username.toLowerCase()) ||
      a.id - b.id,
  );
  let rank = 0;
  return ordered.map((person, index) => {
    if (index === 0 || person.activities !== ordered[index - 1]?.activities) rank = index + 1;
    return { ...person, rank };
  });
}
