/**
 * Workload planning (issue 43): the simulator (`POST space-repetition/workload/`, a read, so a
 * query keyed by its request), a deck's exam date, and postpone/advance with undo. Moving due
 * dates changes the review queues and the decks' counts, so those mutations refresh them.
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';
import { type ApiRequestError, unwrap } from './errors.ts';
import {
  invalidateAndRefetch,
  type MutationHookOptions,
  type QueryHookOptions,
  useSignedInQuery,
} from './query.ts';
import type { components } from './schema.d.ts';
import { spaceRepetitionKeys } from './space-repetition.ts';

export type Workload = components['schemas']['Workload'];
export type WorkloadRequest = components['schemas']['WorkloadRequest'];
export type DeckExam = components['schemas']['DeskExam'];
export type RescheduleRequest = components['schemas']['RescheduleRequest'];
export type RescheduleResult = components['schemas']['RescheduleResult'];
export type RescheduleUndo = components['schemas']['RescheduleUndo'];

export const workloadKeys = {
  all: () => ['spaceRepetition', 'workload'] as const,
  simulation: (request: WorkloadRequest) => ['spaceRepetition', 'workload', request] as const,
};

export const workloadQueries = {
  simulation: (request: WorkloadRequest) =>
    queryOptions<Workload, ApiRequestError>({
      queryKey: workloadKeys.simulation(request),
      queryFn: async ({ signal }) =>
        unwrap(await api.POST('/space-repetition/workload/', { body: request, signal })),
      // A chart redrawn for another retention keeps the previous curve until the new one comes.
      placeholderData: keepPreviousData,
      staleTime: 60_000,
    }),
};

/** The simulated days, retention curve and suggested retention for `request`. */
export function useWorkload(request: WorkloadRequest, options: QueryHookOptions<Workload> = {}) {
  return useSignedInQuery(workloadQueries.simulation(request), options);
}

/** Sets (or with `date: null` clears) the caller's exam date of a deck. */
export function useSetDeckExam(
  options: MutationHookOptions<DeckExam, { deckId: number; date: string | null }> = {},
) {
  const client = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: async ({ deckId, date }) =>
      unwrap(
        await api.PUT('/space-repetition/desks/{id}/exam/', {
          params: { path: { id: deckId } },
          body: { date },
        }),
      ),
    onSuccess: async (exam, ...rest) => {
      await invalidateAndRefetch(client, workloadKeys.all());
      await options.onSuccess?.(exam, ...rest);
    },
  });
}

async function refreshAfterMove(client: ReturnType<typeof useQueryClient>) {
  await Promise.all([
    invalidateAndRefetch(client, spaceRepetitionKeys.dueAll()),
    invalidateAndRefetch(client, spaceRepetitionKeys.decks()),
    invalidateAndRefetch(client, workloadKeys.all()),
  ]);
}

/** Postpones due reviews or advances coming ones; the answer's `id` undoes it. */
export function useRescheduleCards(
  options: MutationHookOptions<RescheduleResult, RescheduleRequest> = {},
) {
  const client = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: async (body) => unwrap(await api.POST('/space-repetition/reschedule/', { body })),
    onSuccess: async (result, ...rest) => {
      await refreshAfterMove(client);
      await options.onSuccess?.(result, ...rest);
    },
  });
}

export function useUndoReschedule(
  options: MutationHookOptions<RescheduleUndo, { id: number }> = {},
) {
  const client = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: async ({ id }) =>
      unwrap(
        await api.POST('/space-repetition/reschedule/{id}/undo/', { params: { path: { id } } }),
      ),
    onSuccess: async (undo, ...rest) => {
      await refreshAfterMove(client);
      await options.onSuccess?.(undo, ...rest);
    },
  });
}
