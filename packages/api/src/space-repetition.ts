/**
 * Spaced repetition (`tags: [space-repetition]`): query keys, `queryOptions` factories and hooks
 * for every operation, in the `auth` pattern of `query.ts`. Mutations invalidate what they
 * change; the review island builds its optimistic update on `dueCardsCache` below.
 */
import { type QueryClient, queryOptions, useMutation } from '@tanstack/react-query';
import { api } from './client.ts';
import { DUE_CARDS_PAGE, DUE_CARDS_PREVIEWS } from './constants.ts';
import { type ApiRequestError, unwrap } from './errors.ts';
import {
  invalidateAndRefetch,
  type MutationHookOptions,
  type QueryHookOptions,
  queryKeys,
  useInvalidating,
  useSignedInQuery,
} from './query.ts';
import type { components } from './schema.d.ts';

type Schemas = components['schemas'];
export type Deck = Schemas['Desk'];
export type Card = Schemas['Card'];
export type CardPage = Schemas['CardPage'];
export type CardState = Schemas['CardState'];
export type DueCard = Schemas['DueCard'];
export type DueCards = Schemas['DueCards'];
export type OfflineCards = Schemas['OfflineCards'];
export type OfflineCard = Schemas['OfflineCard'];
export type ReviewRating = Schemas['ReviewRating'];
export type ReviewRequest = Schemas['ReviewRequest'];
export type ReviewResult = Schemas['ReviewResult'];
export type ReviewUndoResult = Schemas['ReviewUndoResult'];
export type ReviewIntervals = Schemas['ReviewIntervals'];
export type GeneratedCard = Schemas['GeneratedCard'];
export type GeneratedCards = Schemas['GeneratedCards'];
export type GeneratedNote = Schemas['GeneratedNote'];
export type GenerationOutput = Schemas['GenerationOutput'];
export type GenerateCardsRequest = Schemas['GenerateCardsRequest'];

/** The ratings in button and key order (1–4). */
export const REVIEW_RATINGS = ['again', 'hard', 'good', 'easy'] as const satisfies ReviewRating[];
/** Images (card sides, generation source): at most 2 MiB decoded, these types (contract). */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
/** The new-cards-per-day limits (contract `NewCardsConfig`, spec §9 default 10). */
/** 0 pauses new cards (issue 40). */
export const NEW_CARDS_PER_DAY = { min: 0, max: 9999, default: 10 } as const;
/**
 * Anki's learn-ahead limit (contract `listDueCards`): a learning or relearning step due within it
 * is in today's queue, after the other cards, and counted as due.
 */
export const LEARN_AHEAD_SECONDS = 20 * 60;
/** Default page size of a deck's card list. */
export const CARDS_PAGE_SIZE = 20;

export type DeckCardsParams = { page?: number; pageSize?: number; search?: string };

// ── keys ─────────────────────────────────────────────────────────────────────────────────────

/** Query keys of the domain; `all` invalidates all of it. `decks()` prefixes every `deck(id)`. */
export const spaceRepetitionKeys = {
  all: ['spaceRepetition'] as const,
  decks: () => ['spaceRepetition', 'desks'] as const,
  deck: (id: number) => ['spaceRepetition', 'desks', id] as const,
  /** Every deck's card lists. */
  deckCardsRoot: () => ['spaceRepetition', 'deskCards'] as const,
  /** Every page and search of one deck's cards. */
  deckCardsAll: (id: number) => ['spaceRepetition', 'deskCards', id] as const,
  deckCards: (id: number, { page = 1, pageSize = CARDS_PAGE_SIZE, search = '' }: DeckCardsParams) =>
    ['spaceRepetition', 'deskCards', id, { page, pageSize, search }] as const,
  /** Every review queue (one per deck, plus all decks). */
  dueAll: () => ['spaceRepetition', 'due'] as const,
  due: (deckId: number | null) => ['spaceRepetition', 'due', deckId ?? 'all'] as const,
};

// ── query factories ──────────────────────────────────────────────────────────────────────────

export const spaceRepetitionQueries = {
  /** `GET space-repetition/desks/`: own and shared decks with today's counts. */
  decks: () =>
    queryOptions<Deck[], ApiRequestError>({
      queryKey: spaceRepetitionKeys.decks(),
      queryFn: async ({ signal }) => unwrap(await api.GET('/space-repetition/desks/', { signal })),
    }),
  /** `GET space-repetition/desks/{id}/`. */
  deck: (id: number) =>
    queryOptions<Deck, ApiRequestError>({
      queryKey: spaceRepetitionKeys.deck(id),
      queryFn: async ({ signal }) =>
        unwrap(
          await api.GET('/space-repetition/desks/{id}/', { params: { path: { id } }, signal }),
        ),
    }),
  /** `GET space-repetition/desks/{id}/cards/?page&page_size&search` (oldest first). */
  deckCards: (id: number, params: DeckCardsParams = {}) =>
    queryOptions<CardPage, ApiRequestError>({
      queryKey: spaceRepetitionKeys.deckCards(id, params),
      queryFn: async ({ signal }) => {
        const { page = 1, pageSize = CARDS_PAGE_SIZE, search = '' } = params;
        return unwrap(
          await api.GET('/space-repetition/desks/{id}/cards/', {
            params: {
              path: { id },
              query: { page, page_size: pageSize, ...(search ? { search } : {}) },
            },
            signal,
          }),
        );
      },
    }),
  /** `GET space-repetition/cards/due_cards/?desk_id`: the review queue with interval previews. */
  dueCards: (deckId: number | null, page: DuePage = {}) =>
    queryOptions<DueCards, ApiRequestError>({
      queryKey: spaceRepetitionKeys.due(deckId),
      queryFn: ({ signal }) => fetchDueCards(deckId, page, signal),
    }),
};

// ── plain calls (also used outside React, e.g. the offline review queue) ─────────────────────

/** A page of the review queue: its size, and how many of its first cards carry previews. */
export type DuePage = { limit?: number; previews?: number };

/** `GET space-repetition/cards/due_cards/`: one page of the queue, outside the query cache. */
export async function fetchDueCards(
  deckId: number | null,
  { limit = DUE_CARDS_PAGE, previews = DUE_CARDS_PREVIEWS }: DuePage = {},
  signal?: AbortSignal,
): Promise<DueCards> {
  const page = { limit, previews };
  return unwrap(
    await api.GET('/space-repetition/cards/due_cards/', {
      params: { query: deckId === null ? page : { desk_id: deckId, ...page } },
      signal,
    }),
  );
}

/** `POST cards/{id}/update_difficulty/` (or `repeat_same_day/` with `repeat`). */
export async function sendReview(
  cardId: number,
  body: ReviewRequest,
  { repeat = false }: { repeat?: boolean } = {},
): Promise<ReviewResult> {
  const params = { path: { id: cardId } };
  return repeat
    ? unwrap(await api.POST('/space-repetition/cards/{id}/repeat_same_day/', { params, body }))
    : unwrap(await api.POST('/space-repetition/cards/{id}/update_difficulty/', { params, body }));
}

/**
 * `GET cards/offline_cards/`: the cards due in the learner's next `days` days with their whole
 * FSRS state and scheduler settings, for the offline review (docs/features/offline.md).
 */
export async function fetchOfflineCards(
  query: { days?: number; limit?: number } = {},
  signal?: AbortSignal,
): Promise<OfflineCards> {
  return unwrap(
    await api.GET('/space-repetition/cards/offline_cards/', { params: { query }, signal }),
  );
}

/** `POST cards/{id}/undo_review/`: the card as before the caller's last rating of it. */
export async function undoReview(cardId: number): Promise<ReviewUndoResult> {
  return unwrap(
    await api.POST('/space-repetition/cards/{id}/undo_review/', {
      params: { path: { id: cardId } },
    }),
  );
}

// ── cache helpers for the review queue ───────────────────────────────────────────────────────

/** `cards` with the previews `page` has for those that have none (the same array when none). */
function withPreviews(cards: DueCard[], page: DueCards): DueCard[] {
  const previews = new Map(page.cards.map((c) => [c.id, c.intervals]));
  if (!cards.some((c) => c.intervals === null && previews.get(c.id))) return cards;
  return cards.map((c) =>
    c.intervals === null ? { ...c, intervals: previews.get(c.id) ?? null } : c,
  );
}

/**
 * Which cached queue the helpers below edit: a deck's due queue (`null`: all decks), or another
 * query holding a queue of the same shape (a custom-study session, `customStudyQueue`).
 */
export type QueueRef = number | null | { queryKey: readonly unknown[] };

/** The query key of a queue. */
export function queueKey(ref: QueueRef): readonly unknown[] {
  return typeof ref === 'object' && ref !== null ? ref.queryKey : spaceRepetitionKeys.due(ref);
}

/** Reads and edits a cached review queue; used for the optimistic update of a rating. */
export const dueCardsCache = {
  get(client: QueryClient, deckId: QueueRef): DueCards | undefined {
    return client.getQueryData<DueCards>(queueKey(deckId));
  },
  set(client: QueryClient, deckId: QueueRef, data: DueCards | undefined): void {
    client.setQueryData<DueCards>(queueKey(deckId), data);
  },
  /** Takes a card out of the queue and counts it as done; returns the queue before. */
  remove(client: QueryClient, deckId: QueueRef, cardId: number): DueCards | undefined {
    const before = dueCardsCache.get(client, deckId);
    if (!before) return before;
    const card = before.cards.find((c) => c.id === cardId);
    if (!card) return before;
    const isNew = card.state === 'new';
    dueCardsCache.set(client, deckId, {
      ...before,
      cards: before.cards.filter((c) => c.id !== cardId),
      due_count: isNew ? before.due_count : Math.max(0, before.due_count - 1),
      new_count: isNew ? Math.max(0, before.new_count - 1) : before.new_count,
      remaining_today: Math.max(0, before.remaining_today - 1),
    });
    return before;
  },
  /**
   * A learning step coming back in the session: at the end of the queue, counted as due; a card
   * already in the queue is replaced where it stands (the server's answer for it), counts unchanged.
   */
  requeue(client: QueryClient, deckId: QueueRef, card: DueCard): void {
    const before = dueCardsCache.get(client, deckId);
    if (!before) return;
    if (before.cards.some((c) => c.id === card.id)) {
      dueCardsCache.set(client, deckId, {
        ...before,
        cards: before.cards.map((c) => (c.id === card.id ? card : c)),
      });
      return;
    }
    dueCardsCache.set(client, deckId, {
      ...before,
      cards: [...before.cards, card],
      due_count: before.due_count + 1,
      remaining_today: before.remaining_today + 1,
    });
  },
  /**
   * A fresh page from the server appended to the cached queue: the cards already there keep their
   * place (the one on screen stays on screen), the page's others follow in its order, and the
   * counts are the server's. Only for a page read while no rating was on its way.
   */
  topUp(client: QueryClient, deckId: QueueRef, page: DueCards): void {
    const before = dueCardsCache.get(client, deckId);
    if (!before) return;
    const held = new Set(before.cards.map((c) => c.id));
    dueCardsCache.set(client, deckId, {
      ...page,
      cards: [...withPreviews(before.cards, page), ...page.cards.filter((c) => !held.has(c.id))],
    });
  },
  /**
   * The previews a page read has for cards of the cached queue that have none, nothing else: a
   * card's previews depend on its own schedule only, so they hold even when ratings of other
   * cards were sent while the page was read (when `topUp` must not be used).
   */
  fillPreviews(client: QueryClient, deckId: QueueRef, page: DueCards): void {
    const before = dueCardsCache.get(client, deckId);
    if (!before) return;
    const cards = withPreviews(before.cards, page);
    if (cards !== before.cards) dueCardsCache.set(client, deckId, { ...before, cards });
  },
  /**
   * Puts a card back at the front of the queue (undo). A copy already there (the learning step
   * an Again put back at the end) is replaced, and its count moves to the card's own: undoing
   * Again on a new card counts it as new again, not as due.
   */
  prepend(client: QueryClient, deckId: QueueRef, card: DueCard, remaining?: number): void {
    const before = dueCardsCache.get(client, deckId);
    if (!before) return;
    const copy = before.cards.find((c) => c.id === card.id);
    let dueCount = before.due_count;
    let newCount = before.new_count;
    if (copy?.state === 'new') newCount = Math.max(0, newCount - 1);
    else if (copy) dueCount = Math.max(0, dueCount - 1);
    if (card.state === 'new') newCount += 1;
    else dueCount += 1;
    dueCardsCache.set(client, deckId, {
      ...before,
      cards: [card, ...before.cards.filter((c) => c.id !== card.id)],
      due_count: dueCount,
      new_count: newCount,
      remaining_today: remaining ?? before.remaining_today + (copy ? 0 : 1),
    });
  },
};

/** After ratings: decks' counts, the weekly chart, the streak and the history are stale. */
export function invalidateAfterReview(client: QueryClient): Promise<void> {
  return Promise.all([
    invalidateAndRefetch(client, spaceRepetitionKeys.decks()),
    invalidateAndRefetch(client, spaceRepetitionKeys.deckCardsRoot()),
    invalidateAndRefetch(client, queryKeys.progress.all),
  ]).then(() => undefined);
}

// ── query hooks ──────────────────────────────────────────────────────────────────────────────

export function useDecks(options: QueryHookOptions<Deck[]> = {}) {
  return useSignedInQuery(spaceRepetitionQueries.decks(), options);
}

export function useDeck(id: number, options: QueryHookOptions<Deck> = {}) {
  return useSignedInQuery(spaceRepetitionQueries.deck(id), options);
}

export function useDeckCards(
  id: number,
  params: DeckCardsParams = {},
  options: QueryHookOptions<CardPage> = {},
) {
  return useSignedInQuery(spaceRepetitionQueries.deckCards(id, params), options);
}

export function useDueCards(
  deckId: number | null,
  options: QueryHookOptions<DueCards> & DuePage = {},
) {
  const { limit, previews, ...rest } = options;
  return useSignedInQuery(spaceRepetitionQueries.dueCards(deckId, { limit, previews }), rest);
}

// ── mutation hooks ───────────────────────────────────────────────────────────────────────────

const k = spaceRepetitionKeys;
/** What a change to a deck's cards makes stale: the decks' counts, its cards, queues, search. */
export const deckKeys = (id: number) => [
  k.decks(),
  k.deckCardsAll(id),
  k.dueAll(),
  queryKeys.search.all,
];

/** `POST space-repetition/desks/`. */
export function useCreateDeck(options: MutationHookOptions<Deck, Schemas['DeskCreate']> = {}) {
  return useInvalidating(
    options,
    async (body) => unwrap(await api.POST('/space-repetition/desks/', { body })),
    () => [k.decks(), queryKeys.search.all],
  );
}

/** `PUT space-repetition/desks/{id}/` (rename; the owner may set allow_editing). */
export function useUpdateDeck(
  options: MutationHookOptions<Deck, { id: number } & Schemas['DeskUpdate']> = {},
) {
  return useInvalidating(
    options,
    async ({ id, ...body }) =>
      unwrap(await api.PUT('/space-repetition/desks/{id}/', { params: { path: { id } }, body })),
    () => [k.decks(), queryKeys.search.all],
  );
}

/** `DELETE space-repetition/desks/{id}/` (with its cards and review history). */
export function useDeleteDeck(options: MutationHookOptions<void, { id: number }> = {}) {
  return useInvalidating(
    options,
    async ({ id }) => {
      unwrap(await api.DELETE('/space-repetition/desks/{id}/', { params: { path: { id } } }));
    },
    ({ id }) => [...deckKeys(id), queryKeys.progress.all],
  );
}

/** `POST space-repetition/desks/{id}/share_multiple/`. */
export function useShareDeck(
  options: MutationHookOptions<
    Schemas['DeskShareResult'],
    { id: number } & Schemas['DeskShare']
  > = {},
) {
  return useInvalidating(
    options,
    async ({ id, ...body }) =>
      unwrap(
        await api.POST('/space-repetition/desks/{id}/share_multiple/', {
          params: { path: { id } },
          body,
        }),
      ),
    () => [k.decks()],
  );
}

/** `POST space-repetition/desks/{id}/configure_new_cards/` (1 to 9999 a day). */
export function useConfigureNewCards(
  options: MutationHookOptions<Deck, { id: number } & Schemas['NewCardsConfig']> = {},
) {
  return useInvalidating(
    options,
    async ({ id, ...body }) =>
      unwrap(
        await api.POST('/space-repetition/desks/{id}/configure_new_cards/', {
          params: { path: { id } },
          body,
        }),
      ),
    ({ id }) => [k.decks(), k.due(id), k.due(null)],
  );
}

/** `POST space-repetition/desks/{id}/generate_cards/`: proposals only, nothing saved. */
export function useGenerateCards(
  options: MutationHookOptions<GeneratedCards, { id: number } & GenerateCardsRequest> = {},
) {
  return useMutation<GeneratedCards, ApiRequestError, { id: number } & GenerateCardsRequest>({
    ...options,
    mutationFn: async ({ id, ...body }) =>
      unwrap(
        await api.POST('/space-repetition/desks/{id}/generate_cards/', {
          params: { path: { id } },
          body,
        }),
      ),
  });
}

/** `POST space-repetition/cards/` (JSON; images as `data:` URLs). */
export function useCreateCard(options: MutationHookOptions<Card, Schemas['CardCreate']> = {}) {
  return useInvalidating(
    options,
    async (body) => unwrap(await api.POST('/space-repetition/cards/', { body })),
    (body) => deckKeys(body.desk_id),
  );
}

/** Creates one card without the hook's invalidation (for saving many proposals in a row). */
export async function createCard(body: Schemas['CardCreate']): Promise<Card> {
  return unwrap(await api.POST('/space-repetition/cards/', { body }));
}

/** `POST space-repetition/notes/`: a note and the cards it makes (e.g. a generated cloze note). */
export async function createNote(body: Schemas['NoteCreate']): Promise<Schemas['Note']> {
  return unwrap(await api.POST('/space-repetition/notes/', { body }));
}

/** `PUT space-repetition/cards/{id}/` (text and images; the schedule is kept). */
export function useUpdateCard(
  options: MutationHookOptions<Card, { id: number } & Schemas['CardUpdate']> = {},
) {
  return useInvalidating(
    options,
    async ({ id, ...body }) =>
      unwrap(await api.PUT('/space-repetition/cards/{id}/', { params: { path: { id } }, body })),
    (_, card) => [k.deckCardsAll(card.desk_id), k.dueAll()],
  );
}

/** `DELETE space-repetition/cards/{id}/`. */
export function useDeleteCard(
  options: MutationHookOptions<void, { id: number; deckId: number }> = {},
) {
  return useInvalidating(
    options,
    async ({ id }) => {
      unwrap(await api.DELETE('/space-repetition/cards/{id}/', { params: { path: { id } } }));
    },
    ({ deckId }) => deckKeys(deckId),
  );
}

export type ReviewVariables = { cardId: number; repeat?: boolean } & ReviewRequest;

/**
 * `POST cards/{id}/update_difficulty/` (or `repeat_same_day/`). No cache work here: the review
 * island removes the card optimistically and rolls back itself (see deck-review).
 */
export function useReviewCard(options: MutationHookOptions<ReviewResult, ReviewVariables> = {}) {
  return useMutation<ReviewResult, ApiRequestError, ReviewVariables>({
    mutationKey: [...k.all, 'review'],
    ...options,
    mutationFn: ({ cardId, repeat, ...body }) => sendReview(cardId, body, { repeat }),
  });
}

/** `POST cards/{id}/undo_review/`. */
export function useUndoReview(
  options: MutationHookOptions<ReviewUndoResult, { cardId: number }> = {},
) {
  return useMutation<ReviewUndoResult, ApiRequestError, { cardId: number }>({
    ...options,
    mutationFn: ({ cardId }) => undoReview(cardId),
  });
}
