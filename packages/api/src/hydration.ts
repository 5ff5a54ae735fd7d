import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False during the server render and while an island hydrates, true once it is live (and at
 * once for islands rendered only in the browser). Forms keep their submit button disabled until
 * then, so a quick click can never fall back to a native submission (which would put the fields
 * in the URL).
 *
 * Anything the browser knows but the server did not (cached query data shared by another island,
 * a language or theme chosen before this island hydrated) must wait for this flag: the hydrating
 * render has to match the server's HTML, and React re-renders right after hydration when it flips.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/** What a query looks like on the server (no token there): pending, without data. */
const SERVER_QUERY_VIEW = {
  data: undefined,
  error: null,
  status: 'pending',
  isPending: true,
  isLoading: true,
  isError: false,
  isSuccess: false,
} as const;

/**
 * `result` once the island is live; while it hydrates, the pending view the server rendered, even
 * when the page's shared QueryClient already holds the data (fetched by an island that hydrated
 * earlier).
 */
export function useHydratedQuery<T extends object>(result: T): T {
  const hydrated = useHydrated();
  return hydrated ? result : ({ ...result, ...SERVER_QUERY_VIEW } as T);
}
