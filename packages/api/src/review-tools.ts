/**
 * The review tools (issue 43): a learner's card states (suspend, bury, flag) and flag names, tags
 * on notes, and the card browser's bulk changes with their undo. Plain calls (for the review's
 * keyboard, which updates its own queue optimistically) and hooks that invalidate what changes:
 * the review queues and deck counts for states, the deck card lists for everything.
 */
import { queryOptions } from '@tanstack/react-query';
import { cardSearchKeys } from './card-search.ts';
import { api } from './client.ts';
import { type ApiRequestError, unwrap } from './errors.ts';
import {
  type MutationHookOptions,
  type QueryHookOptions,
  useInvalidating,
  useSignedInQuery,
} from './query.ts';
import type { components } from './schema.d.ts';
import { type Card, spaceRepetitionKeys as sr } from './space-repetition.ts';

type Schemas = components['schemas'];
export type CardFlag = Schemas['CardFlag'];
export type TagCount = Schemas['TagCount'];
export type CardBulkRequest = Schemas['CardBulkRequest'];
export type CardBulkAction = CardBulkRequest['action'];
export type CardBulkResult = Schemas['CardBulkResult'];
export type CardBulkUndoResult = Schemas['CardBulkUndoResult'];

/** A card state action of one card (`POST cards/{id}/<action>/`). */
export type CardStateAction = 'suspend' | 'unsuspend' | 'bury' | 'unbury';

/** Flags 1–7 in Anki's order and colours (contract `CardFlag.color`); 0 is no flag. */
export const FLAG_COLORS = [
  'red',
  'orange',
  'green',
  'blue',
  'pink',
  'turquoise',
  'purple',
] as const satisfies CardFlag['color'][];

export const reviewToolsKeys = {
  flags: () => ['spaceRepetition', 'flags'] as const,
  tags: () => ['spaceRepetition', 'tags'] as const,
};

/** What a change of the learner's schedules makes stale: queues, deck counts, card lists. */
// The browser's pages show each card's state, so a state change refreshes them too.
const scheduleKeys = () => [sr.dueAll(), sr.decks(), sr.deckCardsRoot(), cardSearchKeys.all];

export const reviewToolsQueries = {
  /** `GET space-repetition/flags/`: the seven flags with the learner's names. */
  flags: () =>
    queryOptions<CardFlag[], ApiRequestError>({
      queryKey: reviewToolsKeys.flags(),
      queryFn: async ({ signal }) => unwrap(await api.GET('/space-repetition/flags/', { signal })),
    }),
  /** `GET space-repetition/tags/`: the learner's tags with their note counts. */
  tags: () =>
    queryOptions<TagCount[], ApiRequestError>({
      queryKey: reviewToolsKeys.tags(),
      queryFn: async ({ signal }) => unwrap(await api.GET('/space-repetition/tags/', { signal })),
    }),
};

// ── plain calls ──────────────────────────────────────────────────────────────────────────────

/** `POST cards/{id}/suspend|unsuspend|bury|unbury/`: the card with the learner's states. */
export async function changeCardState(cardId: number, action: CardStateAction): Promise<Card> {
  const params = { path: { id: cardId } };
  switch (action) {
    case 'suspend':
      return unwrap(await api.POST('/space-repetition/cards/{id}/suspend/', { params }));
    case 'unsuspend':
      return unwrap(await api.POST('/space-repetition/cards/{id}/unsuspend/', { params }));
    case 'bury':
      return unwrap(await api.POST('/space-repetition/cards/{id}/bury/', { params }));
    case 'unbury':
      return unwrap(await api.POST('/space-repetition/cards/{id}/unbury/', { params }));
  }
}

/** `PUT cards/{id}/flag/` (0 clears it). */
export async function flagCard(cardId: number, flag: number): Promise<Card> {
  return unwrap(
    await api.PUT('/space-repetition/cards/{id}/flag/', {
      params: { path: { id: cardId } },
      body: { flag },
    }),
  );
}

/** `POST cards/bulk/`: each card's outcome and the id that undoes the change. */
export async function changeCardsInBulk(body: CardBulkRequest): Promise<CardBulkResult> {
  return unwrap(await api.POST('/space-repetition/cards/bulk/', { body }));
}

/** `POST cards/bulk/{id}/undo/`. */
export async function undoCardsBulkChange(operationId: number): Promise<CardBulkUndoResult> {
  return unwrap(
    await api.POST('/space-repetition/cards/bulk/{id}/undo/', {
      params: { path: { id: operationId } },
    }),
  );
}

// ── hooks ────────────────────────────────────────────────────────────────────────────────────

export function useCardFlags(options: QueryHookOptions<CardFlag[]> = {}) {
  return useSignedInQuery(reviewToolsQueries.flags(), options);
}

export function useTags(options: QueryHookOptions<TagCount[]> = {}) {
  return useSignedInQuery(reviewToolsQueries.tags(), options);
}

/** Suspend, unsuspend, bury or unbury one card. */
export function useCardState(
  options: MutationHookOptions<Card, { cardId: number; action: CardStateAction }> = {},
) {
  return useInvalidating(
    options,
    ({ cardId, action }) => changeCardState(cardId, action),
    scheduleKeys,
  );
}

/** Flag one card (0 clears it). */
export function useFlagCard(
  options: MutationHookOptions<Card, { cardId: number; flag: number }> = {},
) {
  return useInvalidating(
    options,
    ({ cardId, flag }) => flagCard(cardId, flag),
    () => [sr.deckCardsRoot()],
  );
}

/** `PUT flags/{flag}/`: name a flag ('' gives back its colour's name). */
export function useRenameCardFlag(
  options: MutationHookOptions<CardFlag, { flag: number; name: string }> = {},
) {
  return useInvalidating(
    options,
    async ({ flag, name }) =>
      unwrap(
        await api.PUT('/space-repetition/flags/{flag}/', {
          params: { path: { flag } },
          body: { name },
        }),
      ),
    () => [reviewToolsKeys.flags()],
  );
}

/** `POST notes/{id}/tags/`: add and remove a note's tags. */
export function useChangeNoteTags(
  options: MutationHookOptions<
    Schemas['NoteTagsResult'],
    { noteId: number } & Schemas['NoteTagsChange']
  > = {},
) {
  return useInvalidating(
    options,
    async ({ noteId, ...body }) =>
      unwrap(
        await api.POST('/space-repetition/notes/{id}/tags/', {
          params: { path: { id: noteId } },
          body,
        }),
      ),
    () => [reviewToolsKeys.tags(), sr.deckCardsRoot()],
  );
}

/** `POST tags/rename/`: a tag and its `::` children, across the decks the learner may edit. */
export function useRenameTag(
  options: MutationHookOptions<Schemas['TagRenameResult'], Schemas['TagRename']> = {},
) {
  return useInvalidating(
    options,
    async (body) => unwrap(await api.POST('/space-repetition/tags/rename/', { body })),
    () => [reviewToolsKeys.tags(), sr.deckCardsRoot()],
  );
}

/** `POST cards/bulk/`: one action over many cards (the browser's). */
export function useCardsBulkChange(
  options: MutationHookOptions<CardBulkResult, CardBulkRequest> = {},
) {
  return useInvalidating(options, changeCardsInBulk, () => [
    ...scheduleKeys(),
    reviewToolsKeys.tags(),
  ]);
}

/** `POST cards/bulk/{id}/undo/`. */
export function useUndoCardsBulkChange(
  options: MutationHookOptions<CardBulkUndoResult, { operationId: number }> = {},
) {
  return useInvalidating(
    options,
    ({ operationId }) => undoCardsBulkChange(operationId),
    () => [...scheduleKeys(), reviewToolsKeys.tags()],
  );
}
