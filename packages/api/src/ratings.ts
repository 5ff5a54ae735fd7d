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
export type RatingLeaderboardPage = Schemas['RatingLeaderboardPage'];

/** One page of one board (`GET duels/ratings/leaderboard/`). */
export interface LeaderboardQuery {
  discipline: RatingDiscipline;
  scope?: 'friends' | 'school';
  schoolId?: number;
  page?: number;
  pageSize?: number;
}

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
  leaderboard: ({
    discipline,
    scope = 'friends',
    schoolId,
    page = 1,
    pageSize,
  }: LeaderboardQuery) =>
    [
      ...duelKeys.all,
      'ratings',
      'leaderboard',
      scope,
      schoolId ?? null,
      discipline,
      page,
      pageSize ?? null,
    ] as const,
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
  leaderboard: (query: LeaderboardQuery) =>
    queryOptions<RatingLeaderboardPage, ApiRequestError>({
      queryKey: ratingKeys.leaderboard(query),
      queryFn: async ({ signal }) =>
        unwrap(
          await api.GET('/duels/ratings/leaderboard/', {
            params: {
              query: {
                discipline: query.discipline,
                ...(query.scope ? { scope: query.scope } : {}),
                ...(query.schoolId !== undefined ? { school_id: query.schoolId } : {}),
                ...(query.page !== undefined ? { page: query.page } : {}),
                ...(query.pageSize !== undefined ? { page_size: query.pageSize } : {}),
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

/** One page of a rating leaderboard: friends, or a school the caller belongs to (else 404). */
export function useRatingsLeaderboard(
  query: LeaderboardQuery,
  options: QueryHookOptions<RatingLeaderboardPage> = {},
) {
  return useSignedInQuery(ratingQueries.leaderboard(query), options);
}
