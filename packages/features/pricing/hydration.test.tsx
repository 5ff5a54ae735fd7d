import { $session, ACCESS_TOKEN_KEY, queryKeys, setNavigate } from '@memoria/api';
import { act, waitFor } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import {
  Providers,
  startApiServer,
  type TestServer,
  testQueryClient,
} from '../shared/test/render.tsx';
import { subscriptionPlans } from '../shared/test/storyData.ts';
import { InAppPricing } from './InAppPricing.tsx';

const standard = {
  account_type: 'standard',
  role: 'student',
  is_paid: true,
  features: [],
  subscription_end_date: null,
};
let server: TestServer;
beforeAll(async () => {
  server = await startApiServer();
  server.handle((request) => ({
    status: 200,
    body: request.path.startsWith('/be/api/auth/subscription-plans/')
      ? subscriptionPlans
      : standard,
  }));
});
afterAll(() => server.close());
beforeEach(() => {
  localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
  $session.set({ signedIn: true, email: 'ana@example.com' });
  setNavigate(vi.fn());
});

// Issue 9, item 6: React error #418 on the signed-in /pricing on some loads. The page's islands
// share one QueryClient; when the sidebar's account-info answer lands before this island
// hydrates, the hydrating render must still match the server's HTML.
test('the in-app pricing hydrates without a mismatch when account info is already cached', async () => {
  const container = document.createElement('div');
  document.body.append(container);
  container.innerHTML = renderToString(
    <Providers client={testQueryClient()}>
      <InAppPricing />
    </Providers>,
  );
  const client = testQueryClient();
  client.setQueryData(queryKeys.auth.accountInfo(), standard);
  const recoverable: unknown[] = [];
  await act(async () => {
    hydrateRoot(
      container,
      <Providers client={client}>
        <InAppPricing />
      </Providers>,
      { onRecoverableError: (error) => recoverable.push(error) },
    );
  });
  expect(recoverable).toEqual([]);
  // Once live, the cached plan is marked.
  await waitFor(() => expect(container.textContent).toContain('Current plan'));
});
