/**
 * Memory training (`duels/disciplines/`, `duels/training/`): the five disciplines' rules, solo
 * attempts and their history with personal bests. Keys sit under `duelKeys.all`, so whatever
 * makes the duels stale refreshes them too; a start or a submit makes the history stale.
 */
import { queryOptions } from '@tanstack/react-query';
import { api } from './client.ts';
import { duelKeys } from './duels.ts';
import { type ApiRequestError, unwrap } from './errors.ts';
import {
  type MutationHookOptions,
  type QueryHookOptions,
  useInvalidating,
  useSignedInQuery,
} from './query.ts';
import type { components } from './schema.d.ts';

type Schemas = components['schemas'];
export type DisciplineId = Schemas['DisciplineId'];
export type DisciplineRules = Schemas['DisciplineRules'];
export type TrainingStart = Schemas['TrainingStart'];
export type TrainingAttempt = Schemas['TrainingAttempt'];
export type TrainingContent = Schemas['TrainingContent'];
export type TrainingSubmit = Schemas['TrainingSubmit'];
export type TrainingResult = Schemas['TrainingResult'];
export type TrainingSummary = Schemas['TrainingSummary'];
export type TrainingHistory = Schemas['TrainingHistory'];

export const trainingKeys = {
  all: [...duelKeys.all, 'training'] as const,
  disciplines: () => [...duelKeys.all, 'training', 'disciplines'] as const,
  history: () => [...duelKeys.all, 'training', 'history'] as const,
};

export const trainingQueries = {
  /** `GET duels/disciplines/`: fixed rules, so read once per session. */
  disciplines: () =>
    queryOptions<DisciplineRules[], ApiRequestError>({
      queryKey: trainingKeys.disciplines(),
      queryFn: async ({ signal }) => unwrap(await api.GET('/duels/disciplines/', { signal })),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  /** `GET duels/training/`: the newest attempts and the personal bests (My progress). */
  history: () =>
    queryOptions<TrainingHistory, ApiRequestError>({
      queryKey: trainingKeys.history(),
      queryFn: async ({ signal }) => unwrap(await api.GET('/duels/training/', { signal })),
    }),
};

export function useDisciplines(options: QueryHookOptions<DisciplineRules[]> = {}) {
  return useSignedInQuery(trainingQueries.disciplines(), options);
}

export function useTrainingHistory(options: QueryHookOptions<TrainingHistory> = {}) {
  return useSignedInQuery(trainingQueries.history(), options);
}

/** `POST duels/training/`: a new attempt, its content to memorise and its deadlines. */
export function useStartTraining(
  options: MutationHookOptions<TrainingAttempt, TrainingStart> = {},
) {
  return useInvalidating(
    options,
    async (body) => unwrap(await api.POST('/duels/training/', { body })),
    () => [trainingKeys.history()],
  );
}

/** `POST duels/training/{id}/submit/`: the score, each item marked, and the personal best. */
export function useSubmitTraining(
  options: MutationHookOptions<TrainingResult, { id: number } & TrainingSubmit> = {},
) {
  return useInvalidating(
    options,
    async ({ id, ...body }) =>
      unwrap(await api.POST('/duels/training/{id}/submit/', { params: { path: { id } }, body })),
    () => [trainingKeys.history()],
  );
}
