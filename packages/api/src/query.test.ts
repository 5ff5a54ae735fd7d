/**
 * Query wiring and auth hooks. The hooks use the default `api` (relative base `/be/api`), so the
 * page URL is set to a real test server's origin and the calls go there over HTTP (see
 * client.test.ts for why happy-dom's fetch is the one used).
 */

import { type QueryClient, useQuery } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { setNavigate } from './client.ts';
import {
  createQueryClient,
  getQueryClient,
  QueryProvider,
  queryClient,
  queryKeys,
  refetchAfterPageSwap,
  useLogin,
  useLogout,
  useMe,
} from './query.ts';
import { getAccessToken, getRefreshToken, getUserEmail, saveTokens } from './session.ts';
import { $cookieConsent, readCookieConsent, setCookieConsent } from './stores.ts';
import { startTestServer, type TestServer } from './test/http-server.ts';

let server: TestServer;
let navigate: ReturnType<typeof vi.fn<(path: string) => void>>;
let client: QueryClient;

const wrapper = ({ children }: { children?: ReactNode }) =>
  createElement(QueryProvider, { client }, children);

beforeAll(async () => {
  server = await startTestServer();
  (globalThis as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
    `${server.origin}/`,
  );
});

afterAll(async () => {
  await server.close();
});

beforeEach(() => {
  server.reset();
  localStorage.clear();
  navigate = vi.fn<(path: string) => void>();
  setNavigate(navigate);
  client = createQueryClient({ defaultOptions: { queries: { retry: false } } });
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup(); // unmount hooks: Testing Library auto-cleans only with Vitest globals on
  client.clear();
  vi.restoreAllMocks();
});

/**
 * A query in the file's client, fetched a second ago (fresh for 29 s more), and, when `observed`,
 * one observer as an island on screen has: `counter.calls` counts its fetches since.
 */
function cachedQuery(key: string, observed: boolean) {
  const counter = { calls: 0 };
  const options = {
    queryKey: [key],
    queryFn: async () => {
      counter.calls += 1;
      return counter.calls;
    },
  };
  client.setQueryData([key], 0, { updatedAt: Date.now() - 1000 });
  const show = () => renderHook(() => useQuery(options), { wrapper });
  const stop = observed ? show().unmount : () => {};
  return { counter, stop, show };
}

describe('QueryClient', () => {
  test('has the spec defaults: 1 retry, refetch on focus, 30 s stale time', () => {
    const queries = createQueryClient().getDefaultOptions().queries;
    expect(queries?.retry).toBe(1);
    expect(queries?.refetchOnWindowFocus).toBe(true);
    expect(queries?.staleTime).toBe(30_000);
  });

  test('a query invalidated while nothing shows it is dropped; one on screen is fetched again', async () => {
    const onScreen = cachedQuery('desks', true);
    cachedQuery('history', false);

    await client.invalidateQueries({ queryKey: ['desks'] });
    await client.invalidateQueries({ queryKey: ['history'] });

    expect(onScreen.counter.calls).toBe(1);
    expect(client.getQueryData(['desks'])).toBe(1);
    expect(client.getQueryCache().find({ queryKey: ['history'] })).toBeUndefined();
    onScreen.stop();
  });

  test('one shared instance per page, kept on globalThis', () => {
    expect(getQueryClient()).toBe(queryClient);
    expect(getQueryClient()).toBe(getQueryClient());
    expect((globalThis as Record<symbol, unknown>)[Symbol.for('memoria.queryClient')]).toBe(
      queryClient,
    );
  });

  test('query keys by domain', () => {
    expect(queryKeys.auth.me()).toEqual(['auth', 'me']);
    expect(queryKeys.auth.accountInfo()).toEqual(['auth', 'accountInfo']);
    expect(queryKeys.auth.me().slice(0, 1)).toEqual(queryKeys.auth.all);
  });
});

describe('refetchAfterPageSwap (client-side navigation)', () => {
  test('after a swap, the queries on screen are fetched again, once the browser is idle', async () => {
    const page = new EventTarget();
    const stopListening = refetchAfterPageSwap(client, page);
    const onScreen = cachedQuery('on-screen', true);
    const offScreen = cachedQuery('off-screen', false);

    page.dispatchEvent(new Event('astro:after-swap'));
    page.dispatchEvent(new Event('astro:page-load'));
    expect(onScreen.counter.calls).toBe(0); // the new page paints from the cache first

    await waitFor(() => expect(onScreen.counter.calls).toBe(1));
    expect(offScreen.counter.calls).toBe(0); // fetched when a page shows it, if stale by then
    expect(client.getQueryData(['off-screen'])).toBe(0);
    onScreen.stop();
    stopListening();
  });

  test("the first page's load is not a navigation: nothing is fetched again", async () => {
    const page = new EventTarget();
    const stopListening = refetchAfterPageSwap(client, page);
    const onScreen = cachedQuery('on-screen', true);

    page.dispatchEvent(new Event('astro:page-load'));
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(onScreen.counter.calls).toBe(0);
    expect(client.getQueryState(['on-screen'])?.isInvalidated).toBe(false);
    onScreen.stop();
    stopListening();
  });

  test('an island that mounts after that paints from the cache, then fetches again', async () => {
    // Islands hydrate on their own schedule: on a slow device one can mount after the refresh,
    // and its query, fresh for its stale time, showed the previous page's answer until then.
    const page = new EventTarget();
    const stopListening = refetchAfterPageSwap(client, page);
    const onScreen = cachedQuery('on-screen', true);
    const late = cachedQuery('late', false);

    page.dispatchEvent(new Event('astro:after-swap'));
    page.dispatchEvent(new Event('astro:page-load'));
    await waitFor(() => expect(onScreen.counter.calls).toBe(1)); // the refresh has run
    expect(late.counter.calls).toBe(0);

    const island = late.show();
    expect(island.result.current.data).toBe(0);
    await waitFor(() => expect(island.result.current.data).toBe(1));
    const again = late.show(); // a second island on the same data: nothing older than the swap
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(late.counter.calls).toBe(1);
    expect(again.result.current.data).toBe(1);
    for (const stop of [onScreen.stop, island.unmount, again.unmount]) stop();
    stopListening();
  });

  test('what was fetched since the swap, or is being fetched, is not fetched again', async () => {
    const page = new EventTarget();
    const stopListening = refetchAfterPageSwap(client, page);
    const fetchedSince = cachedQuery('fetched-since', true);
    const inFlight = cachedQuery('in-flight', true);
    const untouched = cachedQuery('untouched', true);

    page.dispatchEvent(new Event('astro:after-swap'));
    await new Promise((resolve) => setTimeout(resolve, 5)); // a later millisecond
    await client.refetchQueries({ queryKey: ['fetched-since'] }); // as an island mounted
    void client.refetchQueries({ queryKey: ['in-flight'] });
    page.dispatchEvent(new Event('astro:page-load'));

    await waitFor(() => expect(untouched.counter.calls).toBe(1));
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(fetchedSince.counter.calls).toBe(1);
    expect(inFlight.counter.calls).toBe(1);
    for (const query of [fetchedSince, inFlight, untouched]) query.stop();
    stopListening();
  });
});

describe('auth hooks', () => {
  test('useMe waits while signed out and loads the user once signed in', async () => {
    server.handle(() => ({ status: 200, body: { id: 7, email: 'ana@example.com' } }));
    const { result } = renderHook(() => useMe(), { wrapper });
    expect(result.current.fetchStatus).toBe('idle');
    expect(server.requests).toHaveLength(0);

    act(() => saveTokens({ access: 'acc', refresh: 'ref' }));

    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data?.id).toBe(7);
    expect(server.requests[0]?.path).toBe('/be/api/auth/users/me/');
    expect(server.requests[0]?.headers.authorization).toBe('Bearer acc');
  });

  test('useMe exposes a typed ApiRequestError', async () => {
    saveTokens({ access: 'acc', refresh: 'ref' });
    server.handle(() => ({ status: 404, body: { detail: 'Gone', code: 'not_found' } }));
    const { result } = renderHook(() => useMe(), { wrapper });

    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.status).toBe(404);
    expect(result.current.error?.code).toBe('not_found');
  });

  test('useLogin stores the tokens and the user_email cookie', async () => {
    server.handle(() => ({ status: 200, body: { access: 'acc-1', refresh: 'ref-1' } }));
    const onSuccess = vi.fn();
    const { result } = renderHook(() => useLogin({ onSuccess }), { wrapper });

    await act(() => result.current.mutateAsync({ email: 'ana@example.com', password: 'secret12' }));

    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({
      email: 'ana@example.com',
      password: 'secret12',
    });
    expect(getAccessToken()).toBe('acc-1');
    expect(getRefreshToken()).toBe('ref-1');
    expect(getUserEmail()).toBe('ana@example.com');
    expect(onSuccess).toHaveBeenCalledOnce();
  });

  test('useLogin reports a wrong password without storing anything', async () => {
    server.handle(() => ({
      status: 401,
      body: { detail: 'Invalid email or password', code: 'invalid_credentials' },
    }));
    const { result } = renderHook(() => useLogin(), { wrapper });

    await act(() =>
      result.current.mutateAsync({ email: 'ana@example.com', password: 'x' }).catch(() => {}),
    );

    await waitFor(() => expect(result.current.error?.code).toBe('invalid_credentials'));
    expect(getAccessToken()).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  test('useLogout revokes the refresh token, clears session and cache, goes to /login', async () => {
    saveTokens({ access: 'acc', refresh: 'ref-9' });
    client.setQueryData(queryKeys.auth.me(), { id: 1 });
    server.handle(() => ({ status: 204 }));
    const { result } = renderHook(() => useLogout(), { wrapper });

    await act(() => result.current.mutateAsync());

    expect(server.requests[0]?.path).toBe('/be/api/auth/logout/');
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({
      refresh: 'ref-9',
      email: '',
      password: '',
    });
    expect(getAccessToken()).toBeNull();
    expect(client.getQueryData(queryKeys.auth.me())).toBeUndefined();
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/login');
  });

  test("useLogout keeps the cookie-consent choice: it is the browser's, not the session's", async () => {
    setCookieConsent('declined');
    saveTokens({ access: 'acc', refresh: 'ref-9' });
    server.handle(() => ({ status: 204 }));
    const { result } = renderHook(() => useLogout(), { wrapper });

    await act(() => result.current.mutateAsync());

    expect(getAccessToken()).toBeNull();
    expect(localStorage.getItem('cookieConsent')).toBe('declined');
    expect(readCookieConsent()).toBe('declined');
    expect($cookieConsent.get()).toBe('declined');
  });

  test('useLogout signs out even when the call fails', async () => {
    saveTokens({ access: 'acc', refresh: 'ref-9' });
    client.setQueryData(queryKeys.auth.me(), { id: 1 });
    server.handle(() => ({ status: 500, body: { detail: 'Boom', code: 'internal_error' } }));
    const { result } = renderHook(() => useLogout(), { wrapper });

    await act(() => result.current.mutateAsync());

    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(client.getQueryData(queryKeys.auth.me())).toBeUndefined();
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/login');
  });
});
