/**
 * Deck presets (`space-repetition/presets/`, `desks/{id}/preset/`) and custom study
 * (`space-repetition/custom-study/`): query keys, `queryOptions` factories and hooks. A preset
 * changes the decks' queues and counts, so its mutations invalidate them too.
 */
import { queryOptions } from '@tanstack/react-query';
import { api } from './client.ts';
import { type ApiRequestError, unwrap } from './errors.ts';
import {
  type MutationHookOptions,
  type QueryHookOptions,
  useInvalidating,
  useSignedInQuery,
} from './query.ts';
import type { components } from './schema.d.ts';
import { type DueCards, spaceRepetitionKeys } from './space-repetition.ts';

type Schemas = components['schemas'];
export type Preset = Schemas['Preset'];
export type PresetWrite = Schemas['PresetWrite'];
export type ReviewOrder = Schemas['ReviewOrder'];
export type CustomStudyRequest = Schemas['CustomStudyRequest'];
export type CustomStudySession = Schemas['CustomStudySession'];
export type CustomStudyKind = CustomStudyRequest['kind'];
/** A custom-study session in the review queue's shape, so the review island plays it as a queue. */
export type CustomStudyQueue = DueCards & { cram: boolean; kind: CustomStudyKind };

/** The contract's bounds and defaults of a custom-study request (docs/features/presets.md). */
export const CUSTOM_STUDY_LIMITS = {
  limit: { min: 1, max: 500, default: 50 },
  days: { min: 1, max: 365, default: 7 },
  tagMaxLength: 200,
} as const;

/** The contract's bounds and defaults of a preset (docs/features/presets.md). */
export const PRESET_LIMITS = {
  newCardsPerDay: { min: 0, max: 9999 },
  /** 9999 limits nothing. */
  maxReviewsPerDay: { min: 0, max: 9999, unlimited: 9999 },
  desiredRetention: { min: 0.7, max: 0.97 },
  leechThreshold: { min: 1, max: 99, default: 8 },
  maxSteps: 10,
} as const;

/** `POST custom-study/` once per request: the session the review island plays. */
export const customStudyKeys = {
  session: (request: CustomStudyRequest) =>
    [...spaceRepetitionKeys.all, 'customStudy', request] as const,
};

/** `POST space-repetition/custom-study/`, outside the query cache. */
export async function fetchCustomStudy(
  body: CustomStudyRequest,
  signal?: AbortSignal,
): Promise<CustomStudySession> {
  return unwrap(await api.POST('/space-repetition/custom-study/', { body, signal }));
}

/** A session as a queue: its counts are its cards', nothing is due later outside it. */
export function toCustomStudyQueue(session: CustomStudySession): CustomStudyQueue {
  const fresh = session.cards.filter((card) => card.state === 'new').length;
  return {
    kind: session.kind,
    cram: session.cram,
    day: new Date().toISOString().slice(0, 10),
    desk_id: session.desk_id,
    due_count: session.cards.length - fresh,
    new_count: fresh,
    remaining_today: session.cards.length,
    next_due: null,
    cards: session.cards,
  };
}

/**
 * The session of a request as a cached queue (`dueCardsCache` edits it with
 * `{ queryKey }`). Read once: a refetch would bring back cards rated in it (cram, forgotten).
 */
export const customStudyQueries = {
  queue: (request: CustomStudyRequest) =>
    queryOptions<CustomStudyQueue, ApiRequestError>({
      queryKey: customStudyKeys.session(request),
      queryFn: async ({ signal }) => toCustomStudyQueue(await fetchCustomStudy(request, signal)),
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: Number.POSITIVE_INFINITY,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
    }),
};

/** The session of `request` as a queue; `enabled: false` when the review plays the due queue. */
export function useCustomStudyQueue(
  request: CustomStudyRequest,
  options: QueryHookOptions<CustomStudyQueue> = {},
) {
  return useSignedInQuery(customStudyQueries.queue(request), options);
}

export const presetKeys = {
  all: () => ['spaceRepetition', 'presets'] as const,
  list: () => ['spaceRepetition', 'presets', 'list'] as const,
  deck: (deckId: number) => ['spaceRepetition', 'presets', 'desk', deckId] as const,
};

export const presetQueries = {
  /** `GET space-repetition/presets/`: the default first. */
  list: () =>
    queryOptions<Preset[], ApiRequestError>({
      queryKey: presetKeys.list(),
      queryFn: async ({ signal }) =>
        unwrap(await api.GET('/space-repetition/presets/', { signal })),
    }),
  /** `GET space-repetition/desks/{id}/preset/`: the preset the caller's reviews of a deck follow. */
  deck: (deckId: number) =>
    queryOptions<Preset, ApiRequestError>({
      queryKey: presetKeys.deck(deckId),
      queryFn: async ({ signal }) =>
        unwrap(
          await api.GET('/space-repetition/desks/{id}/preset/', {
            params: { path: { id: deckId } },
            signal,
          }),
        ),
    }),
};

export function usePresets(options: QueryHookOptions<Preset[]> = {}) {
  return useSignedInQuery(presetQueries.list(), options);
}

export function useDeckPreset(deckId: number, options: QueryHookOptions<Preset> = {}) {
  return useSignedInQuery(presetQueries.deck(deckId), options);
}

/** What a preset's change makes stale: presets, decks' counts and every queue. */
const afterPresetChange = () => [
  presetKeys.all(),
  spaceRepetitionKeys.decks(),
  spaceRepetitionKeys.dueAll(),
];

export function useCreatePreset(options: MutationHookOptions<Preset, PresetWrite> = {}) {
  return useInvalidating(
    options,
    async (body) => unwrap(await api.POST('/space-repetition/presets/', { body })),
    () => [presetKeys.all()],
  );
}

export function useUpdatePreset(
  options: MutationHookOptions<Preset, { id: number } & PresetWrite> = {},
) {
  return useInvalidating(
    options,
    async ({ id, ...body }) =>
      unwrap(await api.PUT('/space-repetition/presets/{id}/', { params: { path: { id } }, body })),
    afterPresetChange,
  );
}

/** Deleting the default preset is 409; the decks of another one follow the default again. */
export function useDeletePreset(options: MutationHookOptions<void, { id: number }> = {}) {
  return useInvalidating(
    options,
    async ({ id }) => {
      unwrap(await api.DELETE('/space-repetition/presets/{id}/', { params: { path: { id } } }));
    },
    afterPresetChange,
  );
}

export function useAssignDeckPreset(
  options: MutationHookOptions<Preset, { deckId: number; presetId: number }> = {},
) {
  return useInvalidating(
    options,
    async ({ deckId, presetId }) =>
      unwrap(
        await api.PUT('/space-repetition/desks/{id}/preset/', {
          params: { path: { id: deckId } },
          body: { preset_id: presetId },
        }),
      ),
    afterPresetChange,
  );
}

/**
 * `POST space-repetition/custom-study/`: a session's cards for the review island. A `cram`
 * session's ratings must be sent with `cram: true` (`session.cram`), which changes no schedule.
 */
export function useCustomStudy(
  options: MutationHookOptions<CustomStudySession, CustomStudyRequest> = {},
) {
  return useInvalidating(
    options,
    (body) => fetchCustomStudy(body),
    () => [],
  );
}
