import { $appUpdated, $offline, queryKeys } from '@memoria/api';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { accountInfoBody } from '../shared/test/fixtures.ts';
import { Providers, renderWithProviders, signedInApi } from '../shared/test/render.tsx';
import { TopBar } from './TopBar.tsx';

const api = signedInApi();
beforeEach(() => {
  // The search box reads the account's features (useFeatureAccess); a list's shape there made
  // it throw once the answer arrived, and unmount the bar mid-test (a whole run, 2026-11-30).
  api.server.handle((request) =>
    request.path.startsWith('/be/api/auth/users/account_info/')
      ? { status: 200, body: accountInfoBody('standard') }
      : { status: 200, body: { count: 0, next: null, previous: null, results: [] } },
  );
});

// The layout persists the top bar across client-side navigations and hands it the new path.
test("the phone drawer closes when the page's path changes, and stays open otherwise", async () => {
  const { client, rerender } = renderWithProviders(
    <TopBar currentPath="/space-repetition" defaultDrawerOpen />,
  );
  await screen.findByRole('dialog', { name: 'Menu' });
  // The account's answer is in and rendered, whenever it comes in a loaded run.
  await waitFor(() =>
    expect(client.getQueryState(queryKeys.auth.accountInfo())?.status).toBe('success'),
  );

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

test('the phone drawer links to the friends page', async () => {
  renderWithProviders(<TopBar currentPath="/space-repetition" defaultDrawerOpen />);
  const drawer = await screen.findByRole('dialog', { name: 'Menu' });
  const link = within(drawer).getByRole('link', { name: 'Friends' });
  expect(link.getAttribute('href')).toBe('/friends');
});

afterEach(() => {
  $offline.set(false);
  $appUpdated.set(false);
});

// Issue 46: the browser's offline/online events and a new version taking over, in the header.
test('the header says Offline while the browser is offline, and Updated after a new version', async () => {
  renderWithProviders(<TopBar currentPath="/space-repetition" />, { locale: 'es' });
  const status = await screen.findByRole('status');
  expect(status.textContent).toBe('');

  act(() => window.dispatchEvent(new Event('offline')));
  await within(status).findByText('Sin conexión');

  act(() => window.dispatchEvent(new Event('online')));
  await waitFor(() => expect(within(status).queryByText('Sin conexión')).toBeNull());

  act(() => $appUpdated.set(true));
  await within(status).findByText('Actualizado');
});
