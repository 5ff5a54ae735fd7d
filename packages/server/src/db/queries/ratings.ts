/**
 * Glicko-2 ratings per discipline: every SQL statement on `player_ratings` and `rated_games`.
 * The arithmetic is `domain/ratings/glicko.ts`; `services/ratings/` puts the two together.
 */
import type { Discipline } from '../../domain/ratings/disciplines.ts';
import type { Rating } from '../../domain/ratings/glicko.ts';
import type { Query } from './pg.ts';

/** Where a rated game comes from: a finished duel, one game of a match, or a match's forfeit. */
export type RatedSource = 'duel' | 'match_game' | 'match_forfeit';

export interface RatingRecord extends Rating {
  userId: number;
  discipline: Discipline;
  games: number;
}

interface RatingRow {
  user_id: number;
  discipline: Discipline;
  rating: number;
  deviation: number;
  volatility: number;
  games: number;
}

const toRating = (row: RatingRow): RatingRecord => ({
  userId: row.user_id,
  discipline: row.discipline,
  rating: row.rating,
  deviation: row.deviation,
  volatility: row.volatility,
  games: row.games,
});

/**
 * Claims a game for rating: true the first time `(source, id)` is seen, false ever after. Two
 * settlements of one game racing each other wait on the same key, and the second gets false.
 */
export async function claimRatedGame(
  q: Query,
  source: RatedSource,
  sourceId: number,
  discipline: Discipline,
  at: Date,
): Promise<boolean> {
  const rows = await q`
    insert into rated_games (source, source_id, discipline, rated_at)
    values (${source}, ${sourceId}, ${discipline}, ${at.toISOString()})
    on conflict do nothing
    returning 1`;
  return rows.length === 1;
}

/**
 * The ratings of `userIds` in `discipline`, locked for update, created at `initial` where
 * missing. Rows are locked in user id order, so two games sharing players cannot deadlock.
 */
export async function lockRatings(
  q: Query,
  userIds: readonly number[],
  discipline: Discipline,
  initial: Rating,
): Promise<Map<number, RatingRecord>> {
  const ids = [...new Set(userIds)].sort((a, b) => a - b);
  await q`
    insert into player_ratings (user_id, discipline, rating, deviation, volatility)
    select id, ${discipline}, ${initial.rating}, ${initial.deviation}, ${initial.volatility}
    from unnest(${ids}::int[]) as id
    order by id
    on conflict do nothing`;
  const rows = await q<RatingRow[]>`
    select user_id, discipline, rating, deviation, volatility, games from player_ratings
    where discipline = ${discipline} and user_id = any(${ids}::int[])
    order by user_id
    for update`;
  return new Map(rows.map((row) => [row.user_id, toRating(row)]));
}

/** Stores a rating after one more game. */
export async function saveRating(q: Query, record: RatingRecord, at: Date): Promise<void> {
  await q`
    update player_ratings set rating = ${record.rating}, deviation = ${record.deviation},
      volatility = ${record.volatility}, games = ${record.games}, updated_at = ${at.toISOString()}
    where user_id = ${record.userId} and discipline = ${record.discipline}`;
}

/** Every rating of one user (disciplines never played have no row). */
export async function ratingsOf(q: Query, userId: number): Promise<RatingRecord[]> {
  const rows = await q<RatingRow[]>`
    select user_id, discipline, rating, deviation, volatility, games from player_ratings
    where user_id = ${userId} and games > 0
    order by discipline`;
  return rows.map(toRating);
}

/** The ratings in `discipline` of those of `userIds` who played it. */
export async function ratingsAmong(
  q: Query,
  userIds: readonly number[],
  discipline: Discipline,
): Promise<RatingRecord[]> {
  if (userIds.length === 0) return [];
  const rows = await q<RatingRow[]>`
    select user_id, discipline, rating, deviation, volatility, games from player_ratings
    where discipline = ${discipline} and user_id = any(${[...userIds]}::int[]) and games > 0`;
  return rows.map(toRating);
}
