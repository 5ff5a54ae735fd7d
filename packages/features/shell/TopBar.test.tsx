import { $session, ACCESS_TOKEN_KEY, setNavigate } from '@memoria/api';
import { screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import {
  Providers,
  renderWithProviders,
  startApiServer,
  type TestServer,
} from '../shared/testing.tsx';
import { TopBar } from './TopBar.tsx';

let server: TestServer;

beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  server.handle(() => ({
    status: 200,
    body: { count: 0, next: null, previous: null, results: [] },
  }));
  localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
  $session.set({ signedIn: true, email: 'ana@example.com' });
  setNavigate(vi.fn());
});

// The layout persists the top bar across client-side navigations and hands it the new path.
test("the phone drawer closes when the page's path changes, and stays open otherwise", async () => {
  const { client, rerender } = renderWithProviders(
    <TopBar currentPath="/space-repetition" defaultDrawerOpen />,
  );
  await screen.findByRole('dialog', { name: 'Menu' });

  rerender(
    <Providers client={client} locale="en">
      <TopBar currentPath="/space-repetition" defaultDrawerOpen />
    </Providers>,
  );
  expect(screen.getByRole('dialog', { name: 'Menu' })).toBeTruthy();

  rerender(
    <Providers client={client} locale="en">
      <TopBar currentPath="/friends" defaultDrawerOpen />
    </Providers>,
  );
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull());
  expect(screen.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe(
    'false',
  );
});
