/**
 * Progress (`tags: [progress]`): streak, card statistics, activity history, progress figures,
 * learning figures and time statistics, in the `auth` pattern of `query.ts`. They go stale
 * together on the stream's `activity` event (`EVENT_INVALIDATIONS`) and after a review.
 */
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from './client.ts';
import { type ApiRequestError, unwrap } from './errors.ts';
import {
  invalidateAndRefetch,
  type QueryHookOptions,
  queryKeys,
  useMe,
  useSignedIn,
  useSignedInQuery,
} from './query.ts';
import type { components } from './schema.d.ts';
import { trackTime } from './time-tracker.ts';

type Schemas = components['schemas'];
export type ActivityType = Schemas['ActivityType'];
export type Activity = Schemas['Activity'];

export const progressKeys = queryKeys.progress;

export const progressQueries = {
  streak: () =>
    queryOptions<Schemas['Streak'], ApiRequestError>({
      queryKey: progressKeys.streak(),
      queryFn: async ({ signal }) => unwrap(await api.GET('/auth/streaks/my_streak/', { signal })),
    }),
  cardStats: () =>
    queryOptions<Schemas['CardStats'], ApiRequestError>({
      queryKey: progressKeys.cardStats(),
      queryFn: async ({ signal }) =>
        unwrap(await api.GET('/space-repetition/card-stats/', { signal })),
    }),
  /** The latest activities by `updated_at` (the sidebar shows 3), optionally of one kind. */
  activityHistory: (pageSize = 3, activityType?: ActivityType, page = 1) =>
    queryOptions<Schemas['ActivityPage'], ApiRequestError>({
      queryKey: progressKeys.activityHistory(pageSize, activityType, page),
      queryFn: async ({ signal }) =>
        unwrap(
          await api.GET('/auth/activity-history/', {
            params: { query: { page_size: pageSize, page, activity_type: activityType } },
            signal,
          }),
        ),
    }),
  summary: () =>
    queryOptions<Schemas['ProgressSummary'], ApiRequestError>({
      queryKey: progressKeys.summary(),
      queryFn: async ({ signal }) => unwrap(await api.GET('/auth/progress/', { signal })),
    }),
  learning: () =>
    queryOptions<Schemas['LearningStats'], ApiRequestError>({
      queryKey: progressKeys.learning(),
      queryFn: async ({ signal }) =>
        unwrap(await api.GET('/space-repetition/learning-stats/', { signal })),
    }),
  /** The learner among their friends by activities of the last 7 days; `limit` from the top. */
  ranking: (limit = 10) =>
    queryOptions<Schemas['ProgressRanking'], ApiRequestError>({
      queryKey: progressKeys.ranking(limit),
      queryFn: async ({ signal }) =>
        unwrap(await api.GET('/auth/progress/ranking/', { params: { query: { limit } }, signal })),
    }),
  time: (days = 7) =>
    queryOptions<Schemas['TimeTrackingStats'], ApiRequestError>({
      queryKey: progressKeys.time(days),
      queryFn: async ({ signal }) =>
        unwrap(
          await api.GET('/auth/time-tracking/stats/', { params: { query: { days } }, signal }),
        ),
    }),
};

/** `GET auth/streaks/my_streak/`. */
export function useMyStreak(options: QueryHookOptions<Schemas['Streak']> = {}) {
  return useSignedInQuery(progressQueries.streak(), options);
}

/** `GET space-repetition/card-stats/`. */
export function useCardStats(options: QueryHookOptions<Schemas['CardStats']> = {}) {
  return useSignedInQuery(progressQueries.cardStats(), options);
}

/** `GET auth/activity-history/?page_size=N` (latest `updated_at` first). */
export function useActivityHistory(
  pageSize = 3,
  options: QueryHookOptions<Schemas['ActivityPage']> & { activityType?: ActivityType } = {},
) {
  const { activityType, ...rest } = options;
  return useSignedInQuery(progressQueries.activityHistory(pageSize, activityType), rest);
}

/** `GET auth/progress/`: streaks, responses, duel win rate, days active. */
export function useProgressSummary(options: QueryHookOptions<Schemas['ProgressSummary']> = {}) {
  return useSignedInQuery(progressQueries.summary(), options);
}

/** `GET space-repetition/learning-stats/`: retention, forecast, reviews per day, deck maturity. */
export function useLearningStats(options: QueryHookOptions<Schemas['LearningStats']> = {}) {
  return useSignedInQuery(progressQueries.learning(), options);
}

/** `GET auth/progress/ranking/?limit=N`: the learner's place among their friends. */
export function useProgressRanking(
  limit = 10,
  options: QueryHookOptions<Schemas['ProgressRanking']> = {},
) {
  return useSignedInQuery(progressQueries.ranking(limit), options);
}

/** `GET auth/time-tracking/stats/?days=N`. */
export function useTimeTrackingStats(
  days = 7,
  options: QueryHookOptions<Schemas['TimeTrackingStats']> = {},
) {
  return useSignedInQuery(progressQueries.time(days), options);
}

/** The browser's IANA time zone, or null where the runtime cannot tell. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/**
 * Keeps the account's time zone (what streaks and "today" are counted in) the device's: when the
 * learner signs in from another zone (a trip), the account follows. A zone the server refuses
 * (400) is left as it is; the stored one stays in use.
 */
export function useTimeZoneSync(): void {
  const me = useMe();
  const client = useQueryClient();
  const user = me.data;
  useEffect(() => {
    const zone = browserTimeZone();
    if (!user || !zone || zone === user.timezone) return;
    let cancelled = false;
    void api
      .PATCH('/auth/users/{id}/', { params: { path: { id: user.id } }, body: { timezone: zone } })
      .then(({ data }) => {
        if (cancelled || !data) return;
        client.setQueryData(queryKeys.auth.me(), data);
        void invalidateAndRefetch(client, progressKeys.all);
      });
    return () => {
      cancelled = true;
    };
  }, [user, client]);
}

/** Runs the time tracker (spec §9) on this page while the learner is signed in. */
export function useTimeTracking(): void {
  const signedIn = useSignedIn();
  useEffect(() => (signedIn ? trackTime() : undefined), [signedIn]);
}
