/**
 * The set-up of a hook test against a real HTTP test server (see query.test.ts): a signed-in
 * session, one QueryClient per test without retries, the page's address on the server's origin.
 * Call `setUpHookTestServer()` once at the top of a test file; `server`, `client` and `wrapper`
 * are live bindings, current within each test.
 */
import type { QueryClient } from '@tanstack/react-query';
import { cleanup } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { createQueryClient, QueryProvider } from '../query.ts';
import { saveTokens } from '../session.ts';
import { startTestServer, type TestServer } from './http-server.ts';

export let server: TestServer;
export let client: QueryClient;

/** Renders a hook inside the test's QueryClient. */
export const wrapper = ({ children }: { children?: ReactNode }) =>
  createElement(QueryProvider, { client }, children);

export function setUpHookTestServer(): void {
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
    saveTokens({ access: 'acc', refresh: 'ref' });
    client = createQueryClient({ defaultOptions: { queries: { retry: false } } });
  });

  afterEach(() => {
    cleanup();
    client.clear();
    vi.restoreAllMocks();
  });
}
