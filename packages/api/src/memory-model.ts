/**
 * The learner's memory model (`GET`/`PUT space-repetition/memory-model/`): fitted FSRS
 * parameters, their held-out evaluation and the desired retention the profile sets.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';
import { type ApiRequestError, unwrap } from './errors.ts';
import { type MutationHookOptions, type QueryHookOptions, useSignedInQuery } from './query.ts';
import type { components } from './schema.d.ts';

export type MemoryModel = components['schemas']['MemoryModel'];

/** The contract's bounds of the desired retention. */
export const DESIRED_RETENTION = { min: 0.7, max: 0.97, default: 0.9 } as const;

export const memoryModelKeys = {
  model: () => ['spaceRepetition', 'memoryModel'] as const,
};

export const memoryModelQueries = {
  model: () =>
    queryOptions<MemoryModel, ApiRequestError>({
      queryKey: memoryModelKeys.model(),
      queryFn: async ({ signal }) =>
        unwrap(await api.GET('/space-repetition/memory-model/', { signal })),
    }),
};

export function useMemoryModel(options: QueryHookOptions<MemoryModel> = {}) {
  return useSignedInQuery(memoryModelQueries.model(), options);
}

export function useUpdateDesiredRetention(
  options: MutationHookOptions<MemoryModel, { desiredRetention: number }> = {},
) {
  const client = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: async ({ desiredRetention }) =>
      unwrap(
        await api.PUT('/space-repetition/memory-model/', {
          body: { desired_retention: desiredRetention },
        }),
      ),
    onSuccess: async (model, ...rest) => {
      client.setQueryData(memoryModelKeys.model(), model);
      await options.onSuccess?.(model, ...rest);
    },
  });
}
