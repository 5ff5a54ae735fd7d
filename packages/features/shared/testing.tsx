/**
 * Test helpers: render with the providers an island has (a fresh QueryClient without retries,
 * react-intl with the merged catalog) and a real local HTTP server standing in for `/be/api`.
 */
import { createQueryClient, type Locale, QueryProvider } from '@memoria/api';
import { startTestServer, type TestServer } from '@memoria/api/testing';
import { AppIntlProvider } from '@memoria/ui';
import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { messages } from '../messages.ts';

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

export type { TestServer };
