import { $session, ACCESS_TOKEN_KEY, setNavigate } from '@memoria/api';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders, startApiServer, type TestServer } from '../shared/test/render.tsx';
import { RightPanel } from './RightPanel.tsx';
import { SearchBox } from './SearchBox.tsx';
import { SidebarNav } from './Sidebar.tsx';

let server: TestServer;
const streak = {
  current_streak: 4,
  longest_streak: 9,
  days_active: 12,
  today_active: true,
  last_activity_date: '2026-11-20',
  monthly_activity: {},
};

beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
  $session.set({ signedIn: true, email: 'ana@example.com' });
  setNavigate(vi.fn());
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

const card = (name: string) =>
  screen.getByRole('heading', { level: 2, name }).closest('section') as HTMLElement;

describe('the right panel when a call fails (issue 9, item 11)', () => {
  test('a failure says it could not load, with Retry; a 501 reads Coming soon; empty stays empty', async () => {
    let streakFails = true;
    server.handle((request) => {
      if (request.path.startsWith('/be/api/auth/streaks/my_streak/')) {
        return streakFails
          ? { status: 500, body: { detail: 'boom', code: 'internal_error' } }
          : { status: 200, body: streak };
      }
      if (request.path.startsWith('/be/api/friends/friendships/friend_list/')) {
        return {
          status: 501,
          body: { detail: 'listFriends is not implemented yet', code: 'not_implemented' },
        };
      }
      if (request.path.startsWith('/be/api/space-repetition/card-stats/')) {
        return { status: 200, body: { week_daily_breakdown: [] } };
      }
      return { status: 404, body: { detail: 'Not found', code: 'not_found' } };
    });
    renderWithProviders(<RightPanel now={new Date('2026-11-20T12:00:00Z')} />);

    const failed = await within(card('Streak')).findByText(/Could not load this/);
    expect(within(card('Streak')).queryByText('Study today to start a streak.')).toBeNull();
    expect(await within(card('Friends')).findByText('Coming soon.')).toBeTruthy();
    expect(within(card('Friends')).queryByText('No friends yet.')).toBeNull();
    expect(within(card('Friends')).queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(await within(card('Reviews this week')).findByText('No reviews this week yet.')).toBe(
      within(card('Reviews this week')).getByText('No reviews this week yet.'),
    );

    streakFails = false;
    fireEvent.click(within(card('Streak')).getByRole('button', { name: 'Retry' }));
    await within(card('Streak')).findByText('4 days');
    expect(failed.isConnected).toBe(false);
  });
});

describe('the sidebar history when its call fails', () => {
  test('says it could not load, with Retry, instead of "No activity yet"', async () => {
    server.handle((request) => {
      if (request.path.startsWith('/be/api/auth/activity-history/')) {
        return { status: 503, body: { detail: 'down', code: 'unavailable' } };
      }
      return { status: 404, body: { detail: 'Not found', code: 'not_found' } };
    });
    renderWithProviders(<SidebarNav currentPath="/" />);
    const nav = screen.getByRole('navigation');
    await within(nav).findByText(/Could not load this/);
    expect(within(nav).getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(within(nav).queryByText('No activity yet')).toBeNull();
  });
});

describe("the top bar's search when its call fails", () => {
  const deckSearch = '/be/api/space-repetition/desks/';
  const chats = (request: { path: string }) => request.path.startsWith('/be/api/macroimages/');
  const typeIn = (text: string) =>
    fireEvent.change(screen.getByRole('combobox', { name: 'Search' }), {
      target: { value: text },
    });

  test('a failure says it could not load, with Retry, instead of "No results"', async () => {
    let fails = true;
    server.handle((request) => {
      if (request.path.startsWith(deckSearch)) {
        return fails
          ? { status: 500, body: { detail: 'boom', code: 'internal_error' } }
          : { status: 200, body: [] };
      }
      if (chats(request)) return { status: 200, body: [] };
      return { status: 404, body: { detail: 'Not found', code: 'not_found' } };
    });
    renderWithProviders(<SearchBox />);
    typeIn('zzz');
    const failed = await screen.findByText(/Could not load this/);
    expect(screen.queryByText('No results')).toBeNull();

    fails = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No results')).toBeTruthy();
    expect(failed.isConnected).toBe(false);
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  test('a 501 reads Coming soon, without Retry; the modes still show', async () => {
    server.handle((request) => {
      if (request.path.startsWith(deckSearch)) {
        return {
          status: 501,
          body: { detail: 'listDesks is not implemented yet', code: 'not_implemented' },
        };
      }
      if (chats(request)) return { status: 200, body: [] };
      return { status: 404, body: { detail: 'Not found', code: 'not_found' } };
    });
    renderWithProviders(<SearchBox />, { locale: 'es' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Buscar' }), {
      target: { value: 'duelo' },
    });
    expect(await screen.findByText('Próximamente.')).toBeTruthy();
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toContain('Duelo de mazo');
    expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
    expect(screen.queryByText('Sin resultados')).toBeNull();
  });

  test('a 200 with nothing in it keeps "No results"', async () => {
    server.handle((request) =>
      request.path.startsWith(deckSearch) || chats(request)
        ? { status: 200, body: [] }
        : { status: 404, body: { detail: 'Not found', code: 'not_found' } },
    );
    renderWithProviders(<SearchBox />);
    typeIn('zzz');
    expect(await screen.findByText('No results')).toBeTruthy();
    expect(screen.queryByText(/Could not load this/)).toBeNull();
  });
});
