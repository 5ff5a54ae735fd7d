import type { Locale, Schemas } from '@memoria/api';
import { $session, ACCESS_TOKEN_KEY, queryKeys, setNavigate } from '@memoria/api';
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { accountInfoBody } from '../shared/test/fixtures.ts';
import { renderWithProviders, startApiServer, type TestServer } from '../shared/test/render.tsx';
import { SidebarNav } from './Sidebar.tsx';

let server: TestServer;

beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
  $session.set({ signedIn: true, email: 'ana@example.com' });
  setNavigate(vi.fn());
});

/** The account is on `plan`; the history is empty. */
function serve(plan: Schemas['AccountType']) {
  server.handle((request) => {
    if (request.path.startsWith('/be/api/auth/users/account_info/')) {
      return { status: 200, body: accountInfoBody(plan) };
    }
    return { status: 200, body: { count: 0, next: null, previous: null, results: [] } };
  });
}

/** Renders the sidebar on `path` and waits until the account's plan has been read. */
async function sidebarOn(path: string, locale: Locale = 'en') {
  const { client } = renderWithProviders(<SidebarNav currentPath={path} />, { locale });
  await waitFor(() =>
    expect(client.getQueryState(queryKeys.auth.accountInfo())?.status).toBe('success'),
  );
  return screen.getByRole('navigation');
}

describe('the sidebar link to the schools', () => {
  test.each(['enterprise', 'enterprise_plus'] as const)(
    '%s accounts get it, reachable by keyboard, current on a school page',
    async (plan) => {
      serve(plan);
      const nav = await sidebarOn('/schools/3');
      const link = await within(nav).findByRole('link', { name: 'Schools' });
      expect(link.getAttribute('href')).toBe('/schools');
      expect(link.getAttribute('aria-current')).toBe('page');
      expect(link.tabIndex).toBe(0);
      link.focus();
      expect(document.activeElement).toBe(link);
      // Only one current page.
      expect(within(nav).getByRole('link', { name: 'Profile' }).getAttribute('aria-current')).toBe(
        null,
      );
    },
  );

  test('it is not current elsewhere, and reads Escuelas in Spanish', async () => {
    serve('enterprise');
    const nav = await sidebarOn('/profile', 'es');
    const link = await within(nav).findByRole('link', { name: 'Escuelas' });
    expect(link.getAttribute('aria-current')).toBe(null);
  });

  test.each(['free', 'standard'] as const)('%s accounts do not get it', async (plan) => {
    serve(plan);
    const nav = await sidebarOn('/schools');
    expect(within(nav).getByRole('link', { name: 'Profile' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Schools' })).toBeNull();
  });

  test('nor does anyone while the plan cannot be read', async () => {
    server.handle(() => ({ status: 500, body: { detail: 'boom', code: 'internal_error' } }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { client } = renderWithProviders(<SidebarNav currentPath="/schools" />);
    await waitFor(() =>
      expect(client.getQueryState(queryKeys.auth.accountInfo())?.status).toBe('error'),
    );
    expect(screen.queryByRole('link', { name: 'Schools' })).toBeNull();
  });
});

// Issue 40 item 1: between 1024 and 1284 px the right panel is hidden, so the sidebar is the
// only way to the friends page there.
describe('the sidebar link to the friends', () => {
  test.each([
    ['en', 'Friends'],
    ['es', 'Amigos'],
  ] as const)('every plan gets it (%s), current on the friends page', async (locale, name) => {
    serve('free');
    const nav = await sidebarOn('/friends', locale);
    const link = within(nav).getByRole('link', { name });
    expect(link.getAttribute('href')).toBe('/friends');
    expect(link.getAttribute('aria-current')).toBe('page');
  });
});
