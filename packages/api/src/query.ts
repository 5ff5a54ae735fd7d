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
import { LOGIN_PATH, QUERY_RETRY, QUERY_STALE_TIME_MS } from './constants.ts';
import { type ApiRequestError, unwrap } from './errors.ts';
import type { components } from './schema.d.ts';
import { clearSession, getRefreshToken, saveTokens, setUserEmail } from './session.ts';
import { $session } from './stores.ts';

type Schemas = components['schemas'];

// ── the client ───────────────────────────────────────────────────────────────────────────────

/** A QueryClient with the spec's defaults: 1 retry, refetch on window focus, 30 s stale time. */
export function createQueryClient(config: QueryClientConfig = {}): QueryClient {
  return new QueryClient({
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
  const signedIn = useSignedIn();
  return useQuery({
    ...authQueries.me(),
    ...options,
    enabled: signedIn && options.enabled !== false,
  });
}

/** Account type and allowed features (`GET auth/users/account_info/`); idle while signed out. */
export function useAccountInfo(options: QueryHookOptions<Schemas['AccountInfo']> = {}) {
  const signedIn = useSignedIn();
  return useQuery({
    ...authQueries.accountInfo(),
    ...options,
    enabled: signedIn && options.enabled !== false,
  });
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
      await client.invalidateQueries({ queryKey: queryKeys.auth.all });
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
