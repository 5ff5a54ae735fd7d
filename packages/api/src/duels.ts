/**
 * Duels (`tags: [duels]`): query keys, `queryOptions` factories and hooks. Duel requests and
 * their answers arrive as notifications and the opponent's moves as `duel_progress` events; both
 * make everything under `duelKeys.all` and `queryKeys.duelRequests.all` stale
 * (`EVENT_INVALIDATIONS`). The request lists themselves (`useDuelRequests`,
 * `usePendingDuelRequests`) live in `query.ts`.
 */
import { queryOptions } from '@tanstack/react-query';
import { api } from './client.ts';
import { type ApiRequestError, unwrap } from './errors.ts';
import { notificationKeys } from './notifications.ts';
import {
  type MutationHookOptions,
  type QueryHookOptions,
  queryKeys,
  useInvalidating,
  useSignedInQuery,
} from './query.ts';
import type { components } from './schema.d.ts';

type Schemas = components['schemas'];
export type Duel = Schemas['Duel'];
export type DuelCreate = Schemas['DuelCreate'];
export type DuelQuestion = Schemas['DuelQuestion'];
export type DuelResponseResult = Schemas['DuelResponseResult'];
export type ImageDuel = Schemas['ImageDuel'];
export type ImageDuelCreate = Schemas['ImageDuelCreate'];
export type TableDuel = Schemas['TableDuel'];
export type TableDuelCreate = Schemas['TableDuelCreate'];
export type DuelHistoryPage = Schemas['DuelHistoryPage'];
export type DuelHistoryEntry = Schemas['DuelHistoryEntry'];
export type DuelStats = Schemas['DuelStats'];
export type Leaderboard = Schemas['Leaderboard'];
export type DuelRequest = Schemas['DuelRequest'];
export type DuelType = Schemas['DuelType'];
export type DuelMode = Schemas['DuelMode'];
export type CustomQuestion = Schemas['CustomQuestion'];
export type GeneratedQuestions = Schemas['GeneratedQuestions'];
export type CustomQuestionsRequest = Schemas['CustomQuestionsRequest'];

/** Where a duel of each kind is played (the spec's routes). */
export function arenaPath(type: DuelType, id: number): string {
  if (type === 'images') return `/image-duel/${id}`;
  if (type === 'table') return `/table-duel/${id}`;
  return `/duel/${id}`;
}

/** The history's page size (contract default). */
export const DUEL_HISTORY_PAGE_SIZE = 20;

export const duelKeys = {
  all: ['duels'] as const,
  duel: (id: number) => ['duels', 'duel', id] as const,
  imageDuel: (id: number) => ['duels', 'images', id] as const,
  tableDuel: (id: number) => ['duels', 'table', id] as const,
  history: (page = 1, duelType?: DuelType) =>
    ['duels', 'history', page, duelType ?? 'all'] as const,
  stats: () => ['duels', 'stats'] as const,
  leaderboard: () => ['duels', 'leaderboard'] as const,
};

export const duelQueries = {
  /** `GET duels/{id}/`: the first read after acceptance starts the caller's clock. */
  duel: (id: number) =>
    queryOptions<Duel, ApiRequestError>({
      queryKey: duelKeys.duel(id),
      queryFn: async ({ signal }) =>
        unwrap(await api.GET('/duels/{id}/', { params: { path: { id } }, signal })),
    }),
  imageDuel: (id: number) =>
    queryOptions<ImageDuel, ApiRequestError>({
      queryKey: duelKeys.imageDuel(id),
      queryFn: async ({ signal }) =>
        unwrap(await api.GET('/duels/image-duels/{id}/', { params: { path: { id } }, signal })),
    }),
  tableDuel: (id: number) =>
    queryOptions<TableDuel, ApiRequestError>({
      queryKey: duelKeys.tableDuel(id),
      queryFn: async ({ signal }) =>
        unwrap(await api.GET('/duels/table-duels/{id}/', { params: { path: { id } }, signal })),
    }),
  history: (page = 1, duelType?: DuelType) =>
    queryOptions<DuelHistoryPage, ApiRequestError>({
      queryKey: duelKeys.history(page, duelType),
      queryFn: async ({ signal }) =>
        unwrap(
          await api.GET('/duels/history/', {
            params: {
              query: {
                page,
                page_size: DUEL_HISTORY_PAGE_SIZE,
                ...(duelType ? { duel_type: duelType } : {}),
              },
            },
            signal,
          }),
        ),
    }),
  stats: () =>
    queryOptions<DuelStats, ApiRequestError>({
      queryKey: duelKeys.stats(),
      queryFn: async ({ signal }) => unwrap(await api.GET('/duels/stats/user/', { signal })),
    }),
  leaderboard: () =>
    queryOptions<Leaderboard, ApiRequestError>({
      queryKey: duelKeys.leaderboard(),
      queryFn: async ({ signal }) =>
        unwrap(await api.GET('/duels/stats/friends-leaderboard/', { signal })),
    }),
};

export function useDuel(id: number, options: QueryHookOptions<Duel> = {}) {
  return useSignedInQuery(duelQueries.duel(id), options);
}

export function useImageDuel(id: number, options: QueryHookOptions<ImageDuel> = {}) {
  return useSignedInQuery(duelQueries.imageDuel(id), options);
}

export function useTableDuel(id: number, options: QueryHookOptions<TableDuel> = {}) {
  return useSignedInQuery(duelQueries.tableDuel(id), options);
}

export function useDuelHistory(
  page = 1,
  duelType?: DuelType,
  options: QueryHookOptions<DuelHistoryPage> = {},
) {
  return useSignedInQuery(duelQueries.history(page, duelType), options);
}

export function useDuelStats(options: QueryHookOptions<DuelStats> = {}) {
  return useSignedInQuery(duelQueries.stats(), options);
}

export function useFriendsLeaderboard(options: QueryHookOptions<Leaderboard> = {}) {
  return useSignedInQuery(duelQueries.leaderboard(), options);
}

/** A duels mutation that refreshes every duel read, the request lists and the bell. */
function useDuelsMutation<TData, TVariables>(
  options: MutationHookOptions<TData, TVariables>,
  mutationFn: (variables: TVariables) => Promise<TData>,
) {
  return useInvalidating(options, mutationFn, () => [
    duelKeys.all,
    queryKeys.duelRequests.all,
    notificationKeys.all,
  ]);
}

/** `POST duels/create/`: a deck or custom duel and its request to the opponent. */
export function useCreateDuel(options: MutationHookOptions<Duel, DuelCreate> = {}) {
  return useDuelsMutation(options, async (body) =>
    unwrap(await api.POST('/duels/create/', { body })),
  );
}

/** `POST duels/image-duels/`. */
export function useCreateImageDuel(options: MutationHookOptions<ImageDuel, ImageDuelCreate> = {}) {
  return useDuelsMutation(options, async (body) =>
    unwrap(await api.POST('/duels/image-duels/', { body })),
  );
}

/** `POST duels/table-duels/`. */
export function useCreateTableDuel(options: MutationHookOptions<TableDuel, TableDuelCreate> = {}) {
  return useDuelsMutation(options, async (body) =>
    unwrap(await api.POST('/duels/table-duels/', { body })),
  );
}

/** `POST duels/submit-response/`: one answer of a question duel. */
export function useSubmitDuelResponse(
  options: MutationHookOptions<
    DuelResponseResult,
    { duelId: number; questionId: number; answer: string }
  > = {},
) {
  return useDuelsMutation(options, async ({ duelId, questionId, answer }) =>
    unwrap(
      await api.POST('/duels/submit-response/', {
        body: { duel_id: duelId, question_id: questionId, answer },
      }),
    ),
  );
}

/** `POST duels/image-duels/{id}/submit_words/`. */
export function useSubmitImageDuelWords(
  options: MutationHookOptions<ImageDuel, { id: number; words: string[] }> = {},
) {
  return useDuelsMutation(options, async ({ id, words }) =>
    unwrap(
      await api.POST('/duels/image-duels/{id}/submit_words/', {
        params: { path: { id } },
        body: { words },
      }),
    ),
  );
}

/** `POST duels/table-duels/{id}/submit_numbers/`. */
export function useSubmitTableDuelNumbers(
  options: MutationHookOptions<TableDuel, { id: number; numbers: string[] }> = {},
) {
  return useDuelsMutation(options, async ({ id, numbers }) =>
    unwrap(
      await api.POST('/duels/table-duels/{id}/submit_numbers/', {
        params: { path: { id } },
        body: { numbers },
      }),
    ),
  );
}

/** `POST duels/duel-requests/{id}/respond/` (accept takes the receiver into the duel). */
export function useRespondToDuelRequest(
  options: MutationHookOptions<
    DuelRequest,
    { id: number; action: 'accept' | 'reject'; count_as_reviews?: boolean }
  > = {},
) {
  return useDuelsMutation(options, async ({ id, action, count_as_reviews }) =>
    unwrap(
      await api.POST('/duels/duel-requests/{id}/respond/', {
        params: { path: { id } },
        // The receiver's own opt-in (deck duels): sent only when chosen.
        body: count_as_reviews ? { action, count_as_reviews } : { action },
      }),
    ),
  );
}

/** `POST duels/duel-requests/{id}/delete_notification/` (hidden for the caller only). */
export function useDeleteDuelNotification(options: MutationHookOptions<void, { id: number }> = {}) {
  return useDuelsMutation(options, async ({ id }) => {
    unwrap(
      await api.POST('/duels/duel-requests/{id}/delete_notification/', {
        params: { path: { id } },
      }),
    );
  });
}

/** `POST duels/generate-custom-questions/`: proposals the learner edits before sending. */
export function useGenerateCustomQuestions(
  options: MutationHookOptions<GeneratedQuestions, CustomQuestionsRequest> = {},
) {
  return useInvalidating(
    options,
    async (body) => unwrap(await api.POST('/duels/generate-custom-questions/', { body })),
    () => [],
  );
}
