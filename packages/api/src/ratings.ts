/**
 * Glicko-2 ratings (`GET duels/ratings/`): the caller's rating per discipline and a leaderboard
 * of friends or of a school. The keys sit under `duelKeys.all`, so the `duel_progress` event of
 * a duel ending (which rates it) makes them stale with every other duel read.
 */
import { queryOptions } from '@tanstack/react-query';
import { api } from './client.ts';
import { duelKeys } from './duels.ts';
import { type ApiRequestError, unwrap } from './errors.ts';
import { type QueryHookOptions, useSignedInQuery } from './query.ts';
import type { components } from './schema.d.ts';

type Schemas = components['schemas'];
export type Ratings = Schemas['Ratings'];
export type RatingDiscipline = Schemas['RatingDiscipline'];
export type DisciplineRating = Schemas['DisciplineRating'];
export type RatingLeaderboardEntry = Schemas['RatingLeaderboardEntry'];

/** Which leaderboard to read: friends (the default) or one school the caller belongs to. */
export interface RatingsQuery {
  discipline?: RatingDiscipline;
  scope?: 'friends' | 'school';
  schoolId?: number;
}

export const ratingKeys = {
  all: [...duelKeys.all, 'ratings'] as const,
  ratings: ({ discipline, scope = 'friends', schoolId }: RatingsQuery = {}) =>
    [...duelKeys.all, 'ratings', scope, schoolId ?? null, discipline ?? 'default'] as const,
};

export const ratingQueries = {
  ratings: (query: RatingsQuery = {}) =>
    queryOptions<Ratings, ApiRequestError>({
      queryKey: ratingKeys.ratings(query),
      queryFn: async ({ signal }) =>
        unwrap(
          await api.GET('/duels/ratings/', {
            params: {
              query: {
                ...(query.discipline ? { discipline: query.discipline } : {}),
                ...(query.scope ? { scope: query.scope } : {}),
                ...(query.schoolId !== undefined ? { school_id: query.schoolId } : {}),
              },
            },
            signal,
          }),
        ),
    }),
};

/** The caller's ratings and one leaderboard (friends in `desk` unless `query` says otherwise). */
export function useRatings(query: RatingsQuery = {}, options: QueryHookOptions<Ratings> = {}) {
  return useSignedInQuery(ratingQueries.ratings(query), options);
}
