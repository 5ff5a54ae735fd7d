/**
 * Matches between friends (`duels/matches/`): the list, one match's whole state (a reload resumes
 * from it), and the moves: challenge, answer, veto, pick, open the current game, submit its
 * recall. Keys sit under `duelKeys.all` (whatever makes the duels stale refreshes them too); the
 * `match_progress` event makes them stale, so the other player's screen follows each move.
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
export type Match = Schemas['Match'];
export type MatchGame = Schemas['MatchGame'];
export type MatchGameSide = Schemas['MatchGameSide'];
export type MatchGamePlay = Schemas['MatchGamePlay'];
export type MatchCreate = Schemas['MatchCreate'];
export type MatchPick = Schemas['MatchPick'];

export const matchKeys = {
  all: [...duelKeys.all, 'matches'] as const,
  list: () => [...duelKeys.all, 'matches', 'list'] as const,
  detail: (id: number) => [...duelKeys.all, 'matches', 'detail', id] as const,
};

export const matchQueries = {
  list: () =>
    queryOptions<Match[], ApiRequestError>({
      queryKey: matchKeys.list(),
      queryFn: async ({ signal }) => unwrap(await api.GET('/duels/matches/', { signal })),
    }),
  detail: (id: number) =>
    queryOptions<Match, ApiRequestError>({
      queryKey: matchKeys.detail(id),
      queryFn: async ({ signal }) =>
        unwrap(await api.GET('/duels/matches/{id}/', { params: { path: { id } }, signal })),
    }),
};

export function useMatches(options: QueryHookOptions<Match[]> = {}) {
  return useSignedInQuery(matchQueries.list(), options);
}

/** `GET duels/matches/{id}/`: the whole state; `match_progress` keeps it current. */
export function useMatch(id: number, options: QueryHookOptions<Match> = {}) {
  return useSignedInQuery(matchQueries.detail(id), options);
}

const stale = (id?: number) => (id === undefined ? [matchKeys.list()] : [matchKeys.all]);

/** `POST duels/matches/`: challenge a friend (best of 3 or 5). */
export function useCreateMatch(options: MutationHookOptions<Match, MatchCreate> = {}) {
  return useInvalidating(
    options,
    async (body) => unwrap(await api.POST('/duels/matches/', { body })),
    () => stale(),
  );
}

/** `POST duels/matches/{id}/respond/`: the challenged friend accepts or rejects. */
export function useRespondToMatch(
  options: MutationHookOptions<Match, { id: number; action: 'accept' | 'reject' }> = {},
) {
  return useInvalidating(
    options,
    async ({ id, action }) =>
      unwrap(
        await api.POST('/duels/matches/{id}/respond/', {
          params: { path: { id } },
          body: { action },
        }),
      ),
    ({ id }) => stale(id),
  );
}

/** `POST duels/matches/{id}/veto/` or `…/pick/`: the caller's turn. */
export function useChooseMatchDiscipline(
  options: MutationHookOptions<Match, { id: number; action: 'veto' | 'pick' } & MatchPick> = {},
) {
  return useInvalidating(
    options,
    async ({ id, action, ...body }) =>
      unwrap(
        action === 'veto'
          ? await api.POST('/duels/matches/{id}/veto/', {
              params: { path: { id } },
              body: { discipline: body.discipline },
            })
          : await api.POST('/duels/matches/{id}/pick/', { params: { path: { id } }, body }),
      ),
    ({ id }) => stale(id),
  );
}

/** `POST duels/matches/{id}/play/`: the current game's content; the clock starts at the first. */
export function usePlayMatchGame(options: MutationHookOptions<MatchGamePlay, { id: number }> = {}) {
  return useInvalidating(
    options,
    async ({ id }) =>
      unwrap(await api.POST('/duels/matches/{id}/play/', { params: { path: { id } } })),
    ({ id }) => stale(id),
  );
}

/** `POST duels/matches/{id}/submit/`: the caller's recall of the current game. */
export function useSubmitMatchGame(
  options: MutationHookOptions<Match, { id: number; answers: string[]; memorize_ms?: number }> = {},
) {
  return useInvalidating(
    options,
    async ({ id, ...body }) =>
      unwrap(await api.POST('/duels/matches/{id}/submit/', { params: { path: { id } }, body })),
    ({ id }) => stale(id),
  );
}

/** `POST duels/matches/{id}/forfeit/`: the caller gives up the match; the friend wins it. */
export function useForfeitMatch(options: MutationHookOptions<Match, { id: number }> = {}) {
  return useInvalidating(
    options,
    async ({ id }) =>
      unwrap(await api.POST('/duels/matches/{id}/forfeit/', { params: { path: { id } } })),
    ({ id }) => stale(id),
  );
}
