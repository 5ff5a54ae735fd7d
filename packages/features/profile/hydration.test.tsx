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
import { user } from '../shared/test/storyData.ts';
import { AccountSection } from './AccountSection.tsx';

let server: TestServer;
beforeAll(async () => {
  server = await startApiServer();
  server.handle(() => ({ status: 200, body: user }));
});
afterAll(() => server.close());
beforeEach(() => {
  localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
  $session.set({ signedIn: true, email: user.email });
  setNavigate(vi.fn());
});

// Found by visiting /profile: the top bar (another island) had read `auth/users/me/` into the
// page's shared QueryClient before this section hydrated, and the hydrating render showed the
// form where the server had rendered the skeleton ("Hydration failed", the tree rebuilt). Every
// query hook now shows the server's pending view while its island hydrates.
test('the account section hydrates without a mismatch when the user is already cached', async () => {
  const container = document.createElement('div');
  document.body.append(container);
  container.innerHTML = renderToString(
    <Providers client={testQueryClient()}>
      <AccountSection />
    </Providers>,
  );
  const client = testQueryClient();
  client.setQueryData(queryKeys.auth.me(), user);
  const recoverable: unknown[] = [];
  await act(async () => {
    hydrateRoot(
      container,
      <Providers client={client}>
        <AccountSection />
      </Providers>,
      { onRecoverableError: (error) => recoverable.push(error) },
    );
  });
  expect(recoverable).toEqual([]);
  // Once live, the cached user fills the form.
  await waitFor(() =>
    expect(container.querySelector<HTMLInputElement>('input[name="username"]')?.value).toBe(
      user.username,
    ),
  );
});
