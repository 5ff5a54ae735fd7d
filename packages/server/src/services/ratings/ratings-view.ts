/**
 * What `GET duels/ratings/` shows: the caller's rating in every discipline and a leaderboard of
 * their friends or of a school they belong to, by conservative rating.
 */
import type { Sql } from '../../db/client.ts';
import { type DuelUser, friendIds, usersByIds } from '../../db/queries/duels.ts';
import {
  type BoardPage,
  leaderboardPage,
  type RatingRecord,
  ratingsAmong,
  ratingsOf,
} from '../../db/queries/ratings.ts';
import { schoolMemberIds, visibleSchools } from '../../db/queries/schools.ts';
import { DISCIPLINES, type Discipline } from '../../domain/ratings/disciplines.ts';
import { INITIAL_RATING, rankByConservative } from '../../domain/ratings/glicko.ts';
import { notFound } from '../../http/errors.ts';
import { settleRunning } from '../duels/duel-settlement.ts';
import { RATING_MESSAGES } from './messages.ts';

/** Leaderboards show the top of the list; the caller's place is counted over everyone. */
export const LEADERBOARD_SIZE = 50;

export type RatingScope = { kind: 'friends' } | { kind: 'school'; schoolId: number };

export interface DisciplineRatingView {
  discipline: Discipline;
  rating: number;
  deviation: number;
  games: number;
}

export interface LeaderboardView {
  entries: (RatingRecord & { rank: number; user: DuelUser | undefined })[];
  myRank: number | null;
}

/**
 * Who a scope ranks: the caller and their friends, or every member of a school the caller is a
 * member of (owner, teacher or student). A school the caller does not belong to is 404, like a
 * missing one.
 */
async function scopeMembers(sql: Sql, userId: number, scope: RatingScope): Promise<number[]> {
  if (scope.kind === 'friends') return [userId, ...(await friendIds(sql, userId))];
  const [school] = await visibleSchools(sql, userId, { id: scope.schoolId });
  if (!school) throw notFound(RATING_MESSAGES.schoolNotFound);
  return schoolMemberIds(sql, scope.schoolId);
}

/** The caller's rating in each discipline, in the list's order; unrated ones at the start values. */
async function myRatings(sql: Sql, userId: number): Promise<DisciplineRatingView[]> {
  const rated = new Map((await ratingsOf(sql, userId)).map((r) => [r.discipline, r]));
  return DISCIPLINES.map((discipline) => {
    const r = rated.get(discipline);
    return r
      ? { discipline, rating: r.rating, deviation: r.deviation, games: r.games }
      : {
          discipline,
          rating: INITIAL_RATING.rating,
          deviation: INITIAL_RATING.deviation,
          games: 0,
        };
  });
}

/** The discipline with the most rated games (the first of the list on a tie), else `desk`. */
function mostPlayed(ratings: readonly DisciplineRatingView[]): Discipline {
  let best: DisciplineRatingView | undefined;
  for (const r of ratings) if (r.games > 0 && r.games > (best?.games ?? 0)) best = r;
  return best?.discipline ?? 'desk';
}

export interface RatingsView {
  mine: DisciplineRatingView[];
  discipline: Discipline;
  board: LeaderboardView;
}

/**
 * The caller's ratings and the scope's board in `discipline` (by default the caller's most
 * played one). The scope's running duels that are over are settled first, so a duel nobody
 * opened since still moves both.
 */
export async function ratingsView(
  sql: Sql,
  userId: number,
  scope: RatingScope,
  asked: Discipline | undefined,
  now: Date,
): Promise<RatingsView> {
  const members = await scopeMembers(sql, userId, scope);
  await settleRunning(sql, members, now);
  const mine = await myRatings(sql, userId);
  const discipline = asked ?? mostPlayed(mine);
  return { mine, discipline, board: await leaderboard(sql, userId, members, discipline) };
}

/** `members` with a rated game in `discipline`, ranked: the first `LEADERBOARD_SIZE`, the caller's place. */
async function leaderboard(
  sql: Sql,
  userId: number,
  members: readonly number[],
  discipline: Discipline,
): Promise<LeaderboardView> {
  const ratings = await ratingsAmong(sql, members, discipline);
  const users = await usersByIds(
    sql,
    ratings.map((r) => r.userId),
  );
  const named = ratings.map((r) => ({ ...r, user: users.get(r.userId) }));
  const ranked = rankByConservative(named, (r) => r.user?.username ?? '');
  return {
    entries: ranked.slice(0, LEADERBOARD_SIZE),
    myRank: ranked.find((r) => r.userId === userId)?.rank ?? null,
  };
}

/**
 * One page of the scope's leaderboard in `discipline` (`GET duels/ratings/leaderboard/`), ranked
 * in one statement. A school board is only for the school's members: anyone else gets 404, like a
 * missing school, and learns nothing of it.
 */
export async function leaderboardPageView(
  sql: Sql,
  userId: number,
  scope: RatingScope,
  discipline: Discipline,
  window: { offset: number; limit: number },
): Promise<BoardPage> {
  if (scope.kind === 'school') {
    const [school] = await visibleSchools(sql, userId, { id: scope.schoolId });
    if (!school) throw notFound(RATING_MESSAGES.schoolNotFound);
  }
  const boardScope =
    scope.kind === 'friends'
      ? { kind: 'friends' as const, userId }
      : { kind: 'school' as const, schoolId: scope.schoolId };
  return leaderboardPage(sql, boardScope, discipline, userId, window);
}
