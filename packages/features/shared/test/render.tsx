/**
 * Test helpers: render with the providers an island has (a fresh QueryClient without retries,
 * react-intl with the merged catalog) and a real local HTTP server standing in for `/be/api`.
 */
import {
  $session,
  ACCESS_TOKEN_KEY,
  createQueryClient,
  type Locale,
  QueryProvider,
  setNavigate,
} from '@memoria/api';
import { startTestServer, type TestServer } from '@memoria/api/test/http-server';
import { AppIntlProvider } from '@memoria/ui';
import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { messages } from '../../messages.ts';

export function testQueryClient(): QueryClient {
  return createQueryClient({ defaultOptions: { queries: { retry: false, staleTime: 0 } } });
}

export function Providers({
  children,
  client,
  locale = 'en',
}: {
  children: ReactNode;
  client: QueryClient;
  locale?: Locale;
}) {
  return (
    <QueryProvider client={client}>
      <AppIntlProvider locale={locale} messages={messages[locale]}>
        {children}
      </AppIntlProvider>
    </QueryProvider>
  );
}

export function renderWithProviders(
  ui: ReactElement,
  { client = testQueryClient(), locale = 'en' }: { client?: QueryClient; locale?: Locale } = {},
) {
  return {
    client,
    ...render(
      <Providers client={client} locale={locale}>
        {ui}
      </Providers>,
    ),
  };
}

/** Starts a local server and points the page (and so the relative `/be/api`) at it. */
export async function startApiServer(): Promise<TestServer> {
  const server = await startTestServer();
  (globalThis as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
    `${server.origin}/`,
  );
  return server;
}

export interface SignedInApi {
  /** The file's server (started in `beforeAll`). */
  readonly server: TestServer;
}

/**
 * A test file whose components call the API signed in: starts one local server for the file and,
 * before each test, clears its handlers, stores an access token, marks the session signed in as
 * `email`, replaces page navigation with a mock and silences `console.error` (failed calls log
 * there); the spies are restored after each test.
 */
export function signedInApi(email = 'ana@example.com'): SignedInApi {
  let started: TestServer | undefined;
  beforeAll(async () => {
    started = await startApiServer();
  });
  afterAll(() => started?.close());
  beforeEach(() => {
    started?.reset();
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    $session.set({ signedIn: true, email });
    setNavigate(vi.fn());
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());
  return {
    get server() {
      if (!started) throw new Error('signedInApi: the server starts in beforeAll');
      return started;
    },
  };
}

export type { TestServer };
