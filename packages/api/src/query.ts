/**
 * TanStack Query wiring: the spec's defaults, one QueryClient shared by every island of a page,
 * query keys per domain and thin hooks. A new domain copies the `auth` pattern: keys in
 * `queryKeys.<domain>`, `queryOptions` factories in `<domain>Queries`, hooks that spread them.
 */
import { useStore } from '@nanostores/react';
import {
  QueryClient,
  type QueryClientConfig,
  QueryClientProvider,
  queryOptions,
  type UseMutationOptions,
  type UseQueryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { createElement, type ReactNode } from 'react';
import { api, navigateTo } from './client.ts';
import {
  INVITATION_VERIFY_CACHE_MS,
  LOGIN_PATH,
  PENDING_REQUESTS_REFETCH_MS,
  QUERY_RETRY,
  QUERY_STALE_TIME_MS,
} from './constants.ts';
import { type ApiRequestError, unwrap } from './errors.ts';
import { useHydratedQuery } from './hydration.ts';
import type { components } from './schema.d.ts';
import { clearSession, getRefreshToken, saveTokens, setUserEmail } from './session.ts';
import { $session, pollUnlessStreamed } from './stores.ts';

type Schemas = components['schemas'];

// ── the client ───────────────────────────────────────────────────────────────────────────────

/**
 * A QueryClient with the spec's defaults: 1 retry, refetch on window focus, 30 s stale time.
 *
 * A query that is invalidated (by a mutation or a live event) while no island shows it is
 * dropped rather than kept stale: the cache lives on from page to page (the client router), and
 * the next page to show it would otherwise paint the outdated answer before fetching the new one
 * (the deck list's old counts after a review). Dropped, it shows its loading state, as on a full
 * page load.
 */
export function createQueryClient(config: QueryClientConfig = {}): QueryClient {
  const client = new QueryClient({
    ...config,
    defaultOptions: {
      ...config.defaultOptions,
      queries: {
        retry: QUERY_RETRY,
        refetchOnWindowFocus: true,
        staleTime: QUERY_STALE_TIME_MS,
        ...config.defaultOptions?.queries,
      },
    },
  });
  const cache = client.getQueryCache();
  cache.subscribe((event) => {
    if (
      event.type === 'updated' &&
      event.action.type === 'invalidate' &&
      event.query.getObserversCount() === 0
    ) {
      cache.remove(event.query);
    }
  });
  return client;
}

/**
 * Marks the queries under `queryKey` stale (at once, as `invalidateQueries` does) and reads again
 * those on screen, one whose first read is still on its way included. TanStack Query joins such a
 * read rather than starting another (it has no data to keep showing, so it does not cancel it),
 * and that read may have been answered before the change being reported: a match page that
 * opened as the friend vetoed kept "Waiting for … to veto" (the matches journey, on a busy
 * machine). Cancelled, it starts over. Every live event and every mutation goes through here.
 */
export async function invalidateAndRefetch(
  client: QueryClient,
  queryKey: readonly unknown[],
): Promise<void> {
  const firstReads = client.getQueryCache().findAll({
    queryKey,
    predicate: (query) => query.state.data === undefined && query.state.fetchStatus === 'fetching',
  });
  if (firstReads.length === 0) return client.invalidateQueries({ queryKey });
  // Marked stale now; read again once those first reads are cancelled, not joined.
  await client.invalidateQueries({ queryKey, refetchType: 'none' });
  await Promise.all(firstReads.map((query) => query.cancel({ revert: true })));
  await client.refetchQueries({ queryKey, type: 'active' });
}

const SHARED_KEY = Symbol.for('memoria.queryClient');
type WithSharedClient = typeof globalThis & { [SHARED_KEY]?: QueryClient };

/**
 * The page's one QueryClient, kept on globalThis so islands bundled separately share it. On the
 * server each call gets a fresh client: a process-wide cache would leak data between users.
 */
export function getQueryClient(): QueryClient {
  if (typeof window === 'undefined') return createQueryClient();
  const scope = globalThis as WithSharedClient;
  scope[SHARED_KEY] ??= createQueryClient();
  return scope[SHARED_KEY];
}

/** The shared QueryClient (see `getQueryClient`). */
export const queryClient: QueryClient = getQueryClient();

/**
 * A full page load starts with an empty cache; Astro's client router (the app layout) keeps this
 * one from page to page. So that a page never shows older data than a full load would, after each
 * client-side navigation every query on screen that was not fetched since the swap is fetched
 * again: the new page paints from the cache at once and updates when the answers come. (What no
 * page shows needs nothing: it is fetched when a page shows it, if stale by then, and refreshed
 * here after that navigation; what a change made outdated is dropped, see `createQueryClient`.)
 *
 * It runs after `astro:page-load` that follows an `astro:after-swap` (the first page's load is
 * not a navigation), when the previous page's islands have been unmounted, so their queries are
 * not fetched for nothing, and once the browser is idle (at most 0.5 s later), so the answers do
 * not compete with the new page's first paint (the navigation bench, in runs that compared
 * them: p50 80–85 ms waiting for idle, 89–100 ms without). What was fetched since the swap (an
 * island fetches stale data as it mounts) is not fetched again, nor what is being fetched
 * (`cancelRefetch: false`). Islands hydrate on their own schedule, so one can mount after that
 * (a slow phone, a busy machine): a query older than the swap that an island starts showing
 * later is fetched then, as it paints from the cache. Returns the function that stops listening.
 */
export function refetchAfterPageSwap(
  client: QueryClient = getQueryClient(),
  target: EventTarget = document,
): () => void {
  let swappedAt: number | undefined;
  /** After the refresh: queries last fetched before this are fetched as an island shows them. */
  let shownSince: number | undefined;
  const refetch = (filters: Parameters<QueryClient['refetchQueries']>[0]) =>
    void client.refetchQueries(filters, { cancelRefetch: false });
  const onSwap = () => {
    swappedAt = Date.now();
    shownSince = undefined;
  };
  const onLoad = () => {
    if (swappedAt === undefined) return;
    const since = swappedAt;
    swappedAt = undefined;
    const refresh = () => {
      refetch({ type: 'active', predicate: (query) => query.state.dataUpdatedAt < since });
      shownSince = since;
    };
    if (typeof requestIdleCallback === 'function') requestIdleCallback(refresh, { timeout: 500 });
    else setTimeout(refresh, 0);
  };
  const stopWatchingIslands = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'observerAdded' || shownSince === undefined) return;
    if (event.query.state.dataUpdatedAt >= shownSince) return;
    // After the observer's own mount, which fetches first when the data is stale anyway.
    const { queryKey } = event.query;
    queueMicrotask(() => refetch({ queryKey, exact: true }));
  });
  target.addEventListener('astro:after-swap', onSwap);
  target.addEventListener('astro:page-load', onLoad);
  return () => {
    stopWatchingIslands();
    target.removeEventListener('astro:after-swap', onSwap);
    target.removeEventListener('astro:page-load', onLoad);
  };
}

/** Wrap each island in this so its hooks use the page's shared QueryClient. */
export function QueryProvider({
  children,
  client,
}: {
  children?: ReactNode;
  client?: QueryClient;
}): ReactNode {
  return createElement(QueryClientProvider, { client: client ?? getQueryClient() }, children);
}

// ── keys and query factories ─────────────────────────────────────────────────────────────────

/** Query keys by domain; `all` invalidates a whole domain. */
export const queryKeys = {
  auth: {
    all: ['auth'] as const,
    me: () => ['auth', 'me'] as const,
    accountInfo: () => ['auth', 'accountInfo'] as const,
  },
  invitations: {
    all: ['invitations'] as const,
    verify: (code: string) => ['invitations', 'verify', code] as const,
  },
  progress: {
    all: ['progress'] as const,
    streak: () => ['progress', 'streak'] as const,
    cardStats: () => ['progress', 'cardStats'] as const,
    activityHistory: (pageSize: number, activityType?: string, page = 1) =>
      ['progress', 'activityHistory', pageSize, activityType ?? 'all', page] as const,
    summary: () => ['progress', 'summary'] as const,
    learning: () => ['progress', 'learning'] as const,
    time: (days: number) => ['progress', 'time', days] as const,
    rankings: ['progress', 'ranking'] as const,
    ranking: (limit: number) => ['progress', 'ranking', limit] as const,
  },
  duelRequests: {
    all: ['duelRequests'] as const,
    list: () => ['duelRequests', 'list'] as const,
    pending: () => ['duelRequests', 'pending'] as const,
  },
  search: {
    all: ['search'] as const,
    decks: (search: string) => ['search', 'desks', search] as const,
  },
};

/** `queryOptions` of the auth domain, usable with useQuery, prefetchQuery or ensureQueryData. */
export const authQueries = {
  me: () =>
    queryOptions<Schemas['User'], ApiRequestError>({
      queryKey: queryKeys.auth.me(),
      queryFn: async ({ signal }) => unwrap(await api.GET('/auth/users/me/', { signal })),
    }),
  accountInfo: () =>
    queryOptions<Schemas['AccountInfo'], ApiRequestError>({
      queryKey: queryKeys.auth.accountInfo(),
      queryFn: async ({ signal }) => unwrap(await api.GET('/auth/users/account_info/', { signal })),
    }),
};

/** `GET auth/verify-invitation/{code}/` (public): cached 10 minutes, never retried (§7, §9). */
export const invitationQueries = {
  verify: (code: string) =>
    queryOptions<Schemas['InvitationVerification'], ApiRequestError>({
      queryKey: queryKeys.invitations.verify(code),
      queryFn: async ({ signal }) =>
        unwrap(
          await api.GET('/auth/verify-invitation/{code}/', { params: { path: { code } }, signal }),
        ),
      staleTime: INVITATION_VERIFY_CACHE_MS,
      gcTime: INVITATION_VERIFY_CACHE_MS,
      retry: false,
    }),
};

/**
 * Duel-request notifications: every one (sent and received) and the pending received ones. Both
 * poll every 10 s (also in the background) while the events stream is not live; once it is, its
 * `notification` and `duel_progress` events refresh them instead.
 */
export const duelRequestQueries = {
  list: () =>
    queryOptions<Schemas['DuelRequest'][], ApiRequestError>({
      queryKey: queryKeys.duelRequests.list(),
      queryFn: async ({ signal }) => unwrap(await api.GET('/duels/duel-requests/', { signal })),
      refetchInterval: pollUnlessStreamed(
        queryKeys.duelRequests.list(),
        PENDING_REQUESTS_REFETCH_MS,
      ),
      refetchIntervalInBackground: true,
    }),
  pending: () =>
    queryOptions<Schemas['DuelRequest'][], ApiRequestError>({
      queryKey: queryKeys.duelRequests.pending(),
      queryFn: async ({ signal }) => unwrap(await api.GET('/duels/requests/pending/', { signal })),
      refetchInterval: pollUnlessStreamed(
        queryKeys.duelRequests.pending(),
        PENDING_REQUESTS_REFETCH_MS,
      ),
      refetchIntervalInBackground: true,
    }),
};

/** The top bar's search: decks matching a text (its chats come from `mnemonics.ts`). */
export const searchQueries = {
  decks: (search: string) =>
    queryOptions<Schemas['Desk'][], ApiRequestError>({
      queryKey: queryKeys.search.decks(search),
      queryFn: async ({ signal }) =>
        unwrap(
          await api.GET('/space-repetition/desks/', {
            params: { query: search ? { search } : {} },
            signal,
          }),
        ),
    }),
};

// ── hooks ────────────────────────────────────────────────────────────────────────────────────

/** Options a caller may add to a query hook (key and function come from the factory). */
export type QueryHookOptions<T> = Omit<
  UseQueryOptions<T, ApiRequestError>,
  'queryKey' | 'queryFn' | 'enabled'
> & { enabled?: boolean };

/** Options a caller may add to a mutation hook. */
export type MutationHookOptions<TData, TVariables> = Omit<
  UseMutationOptions<TData, ApiRequestError, TVariables>,
  'mutationFn'
>;

/** True when an access token exists; signed-in queries wait for it. */
export function useSignedIn(): boolean {
  return useStore($session).signedIn;
}

/** The signed-in user (`GET auth/users/me/`); idle while signed out. */
export function useMe(options: QueryHookOptions<Schemas['User']> = {}) {
  return useSignedInQuery(authQueries.me(), options);
}

/** Account type and allowed features (`GET auth/users/account_info/`); idle while signed out. */
export function useAccountInfo(options: QueryHookOptions<Schemas['AccountInfo']> = {}) {
  return useSignedInQuery(authQueries.accountInfo(), options);
}

/**
 * Signed-in query hook from a factory: idle while signed out. While its island hydrates it shows
 * what the server rendered (pending: the server has no token), even when another island of the
 * page already filled the shared cache (see `useHydratedQuery`).
 */
export function useSignedInQuery<T>(
  factory: UseQueryOptions<T, ApiRequestError, T, readonly unknown[]>,
  options: QueryHookOptions<T>,
) {
  const signedIn = useSignedIn();
  return useHydratedQuery(
    useQuery({ ...factory, ...options, enabled: signedIn && options.enabled !== false }),
  );
}

/** Invalidates the listed keys after the caller's own onSuccess (every domain's mutations). */
export function useInvalidating<TData, TVariables>(
  options: MutationHookOptions<TData, TVariables>,
  mutationFn: (variables: TVariables) => Promise<TData>,
  keys: (variables: TVariables, data: TData) => readonly (readonly unknown[])[],
) {
  const client = useQueryClient();
  const { onSuccess } = options;
  return useMutation<TData, ApiRequestError, TVariables>({
    ...options,
    mutationFn,
    onSuccess: async (data, variables, onMutateResult, context) => {
      await Promise.all(
        keys(variables, data).map((queryKey) => invalidateAndRefetch(client, queryKey)),
      );
      return onSuccess?.(data, variables, onMutateResult, context);
    },
  });
}

/** `GET auth/verify-invitation/{code}/` (public; works signed out). */
export function useInvitationVerification(
  code: string,
  options: QueryHookOptions<Schemas['InvitationVerification']> = {},
) {
  return useHydratedQuery(
    useQuery({
      ...invitationQueries.verify(code),
      ...options,
      enabled: code !== '' && options.enabled !== false,
    }),
  );
}

/** `GET duels/duel-requests/` (sent and received, soft-deleted left out), polled as above. */
export function useDuelRequests(options: QueryHookOptions<Schemas['DuelRequest'][]> = {}) {
  return useSignedInQuery(duelRequestQueries.list(), options);
}

/** `GET duels/requests/pending/`, every 10 s (also in the background) while not streamed. */
export function usePendingDuelRequests(options: QueryHookOptions<Schemas['DuelRequest'][]> = {}) {
  return useSignedInQuery(duelRequestQueries.pending(), options);
}

/** `GET space-repetition/desks/?search=` for the top bar's search. */
export function useDeckSearch(search: string, options: QueryHookOptions<Schemas['Desk'][]> = {}) {
  return useSignedInQuery(searchQueries.decks(search), options);
}

/** `POST auth/token/`: stores the tokens and the user_email cookie (§4). */
export function useLogin(
  options: MutationHookOptions<Schemas['TokenPair'], Schemas['TokenRequest']> = {},
) {
  const client = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: async (body) => unwrap(await api.POST('/auth/token/', { body })),
    onSuccess: async (...args) => {
      const [tokens, credentials] = args;
      saveTokens(tokens);
      setUserEmail(credentials.email);
      await invalidateAndRefetch(client, queryKeys.auth.all);
      return options.onSuccess?.(...args);
    },
  });
}

/**
 * `POST auth/login-link/`: asks for a one-time sign-in link by email (offered when the account's
 * sign-ins are throttled). The answer is the same whether or not the email has an account.
 */
export function useRequestLoginLink(
  options: MutationHookOptions<void, Schemas['LoginLinkRequest']> = {},
) {
  return useMutation({
    ...options,
    mutationFn: async (body) => {
      unwrap(await api.POST('/auth/login-link/', { body }));
    },
  });
}

/**
 * `POST auth/login-link/consume/`: signs in with the token of an emailed link, then stores the
 * tokens and, once `users/me` answers, the user_email cookie, as a login does (§4).
 */
export function useConsumeLoginLink(
  options: MutationHookOptions<Schemas['TokenPair'], Schemas['LoginLinkToken']> = {},
) {
  const client = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: async (body) => unwrap(await api.POST('/auth/login-link/consume/', { body })),
    onSuccess: async (...args) => {
      saveTokens(args[0]);
      const me = await api.GET('/auth/users/me/').catch(() => null);
      if (me?.data) setUserEmail(me.data.email);
      await invalidateAndRefetch(client, queryKeys.auth.all);
      return options.onSuccess?.(...args);
    },
  });
}

/** `POST auth/users/`: creates the account (the caller then logs in, §4). */
export function useRegister(
  options: MutationHookOptions<Schemas['User'], Schemas['RegisterRequest']> = {},
) {
  return useMutation({
    ...options,
    mutationFn: async (body) => unwrap(await api.POST('/auth/users/', { body })),
  });
}

/**
 * `POST auth/logout/` with the refresh token (email and password sent empty), then — whether the
 * call worked or not — clears the session and every cached query and goes to /login (§4).
 */
export function useLogout(options: MutationHookOptions<void, void> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: async () => {
      try {
        const refresh = getRefreshToken() ?? undefined;
        const result = await api.POST('/auth/logout/', {
          body: { refresh, email: '', password: '' },
        });
        if (result.error !== undefined) console.error('[api] logout failed:', result.error);
      } catch (error) {
        console.error('[api] logout failed:', error);
      } finally {
        clearSession();
        client.clear();
        navigateTo(LOGIN_PATH);
      }
    },
  });
}
