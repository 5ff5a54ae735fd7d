/**
 * The card browser's search (`GET space-repetition/cards/search/`, docs/features/search.md): its
 * types, query key, `queryOptions` factory and hook. A query that does not parse rejects with an
 * `ApiRequestError` whose `fields.q` names the character and the problem (`field_codes.q`:
 * `search_invalid`).
 */
import { queryOptions } from '@tanstack/react-query';
import { api } from './client.ts';
import { type ApiRequestError, unwrap } from './errors.ts';
import { type QueryHookOptions, useSignedInQuery } from './query.ts';
import type { components } from './schema.d.ts';

type Schemas = components['schemas'];
export type CardSearchResult = Schemas['CardSearchResult'];
export type CardSearchPage = Schemas['CardSearchPage'];
export type CardSearchSort = Schemas['CardSearchSort'];

/** The browser's default page size (the contract allows up to 100). */
export const CARD_SEARCH_PAGE_SIZE = 50;

export interface CardSearchParams {
  q?: string;
  sort?: CardSearchSort;
  order?: 'asc' | 'desc';
  page?: number;
  pageSize?: number;
}

const withDefaults = ({
  q = '',
  sort = 'added',
  order = 'asc',
  page = 1,
  pageSize = CARD_SEARCH_PAGE_SIZE,
}: CardSearchParams) => ({ q, sort, order, page, pageSize });

/** Under `spaceRepetition`, so invalidating the whole domain refreshes the browser too. */
export const cardSearchKeys = {
  all: ['spaceRepetition', 'cardSearch'] as const,
  search: (params: CardSearchParams) =>
    ['spaceRepetition', 'cardSearch', withDefaults(params)] as const,
};

/** `GET space-repetition/cards/search/`: one page of matching cards, outside the query cache. */
export async function fetchCardSearch(
  params: CardSearchParams,
  signal?: AbortSignal,
): Promise<CardSearchPage> {
  const { q, sort, order, page, pageSize } = withDefaults(params);
  return unwrap(
    await api.GET('/space-repetition/cards/search/', {
      params: { query: { q, sort, order, page, page_size: pageSize } },
      signal,
    }),
  );
}

export const cardSearchQueries = {
  search: (params: CardSearchParams) =>
    queryOptions<CardSearchPage, ApiRequestError>({
      queryKey: cardSearchKeys.search(params),
      queryFn: ({ signal }) => fetchCardSearch(params, signal),
    }),
};

/** The browser's table: a page of the cards `params.q` finds, sorted. */
export function useCardSearch(
  params: CardSearchParams,
  options: QueryHookOptions<CardSearchPage> = {},
) {
  return useSignedInQuery(cardSearchQueries.search(params), options);
}
