import { $session, ACCESS_TOKEN_KEY, setNavigate } from '@memoria/api';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders, startApiServer, type TestServer } from '../shared/test/render.tsx';
import { user } from '../shared/test/storyData.ts';
import { Dashboard, daysUntil } from './Dashboard.tsx';

let server: TestServer;
const activity = {
  id: 1,
  activity_type: 'space_repetition',
  activity_type_display: 'Space Repetition',
  updated_at: '2026-11-20T10:00:00Z',
  deck_id: 7,
  deck_name: 'Capitals',
};

const ana = { id: 1, email: 'ana@example.com', username: 'ana', first_name: 'Ana', last_name: '' };

/**
 * `/auth/users/me/` answers Ana; the activity history answers `results`; the progress reads a
 * streak of `streakDays` and a place among friends, or fail when `progressFails` says so.
 */
function serve(
  results: object[],
  progress = { streakDays: 0, progressFails: () => false },
  decks: object[] = [],
) {
  server.handle((request) => {
    const path = request.path.split('?')[0] ?? '';
    if (path === '/be/api/space-repetition/desks/') return { status: 200, body: decks };
    if (path === '/be/api/auth/users/me/') return { status: 200, body: user };
    if (path === '/be/api/auth/activity-history/') {
      return { status: 200, body: { count: results.length, next: null, previous: null, results } };
    }
    if (path === '/be/api/auth/streaks/my_streak/') {
      if (progress.progressFails()) {
        return { status: 500, body: { detail: 'boom', code: 'internal_error' } };
      }
      const active = progress.streakDays > 0;
      return {
        status: 200,
        body: {
          current_streak: progress.streakDays,
          longest_streak: progress.streakDays,
          days_active: progress.streakDays,
          today_active: active,
          last_activity_date: active ? '2026-11-20' : null,
          monthly_activity: {},
          monthly_kinds: {},
        },
      };
    }
    if (path === '/be/api/space-repetition/card-stats/') {
      return {
        status: 200,
        body: {
          week_start: '2026-11-16',
          week_daily_breakdown: [],
          total_this_week: progress.streakDays * 10,
          reviews_today: 0,
          total_reviews: 0,
        },
      };
    }
    if (path === '/be/api/auth/progress/ranking/') {
      return {
        status: 200,
        body: {
          entries: [{ rank: 1, user: ana, is_me: true, activities: 0 }],
          my_rank: active(progress) ? 2 : 1,
          total: active(progress) ? 4 : 1,
        },
      };
    }
    return { status: 200, body: { account_type: 'free', role: 'student', features: [] } };
  });
}

const active = (p: { streakDays: number }) => p.streakDays > 0;

beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
  $session.set({ signedIn: true, email: user.email });
  setNavigate(vi.fn());
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('the dashboard greeting', () => {
  test('a brand-new learner is welcomed, not welcomed back', async () => {
    serve([]);
    renderWithProviders(<Dashboard />);
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Ana!' });
    expect(screen.queryByText(/welcome back/i)).toBeNull();
  });

  test('a learner with activity is welcomed back, in Spanish too', async () => {
    serve([activity]);
    renderWithProviders(<Dashboard />, { locale: 'es' });
    await screen.findByRole('heading', { level: 1, name: '¡Hola de nuevo, Ana!' });
  });
});

describe('the dashboard progress', () => {
  test('shows the streak, whether today counts, cards this week and the place among friends', async () => {
    serve([activity], { streakDays: 3, progressFails: () => false });
    renderWithProviders(<Dashboard />);
    const section = await screen.findByRole('region', { name: 'Your progress' });
    await within(section).findByText('3 days');
    expect(within(section).getByText('Done for today')).toBeTruthy();
    expect(within(section).getByText('30')).toBeTruthy();
    expect(within(section).getByText('2 of 4')).toBeTruthy();
    expect(
      within(section).getByRole('link', { name: 'See my progress' }).getAttribute('href'),
    ).toBe('/my-progress');
  });

  test('a new learner reads zeros, in Spanish', async () => {
    serve([]);
    renderWithProviders(<Dashboard />, { locale: 'es' });
    const section = await screen.findByRole('region', { name: 'Tu progreso' });
    await within(section).findByText('0 días');
    expect(within(section).getByText('Todavía no hoy')).toBeTruthy();
    expect(within(section).getByText('1 de 1')).toBeTruthy();
  });

  test('says it could not load, and Retry loads it', async () => {
    let fail = true;
    serve([activity], { streakDays: 2, progressFails: () => fail });
    renderWithProviders(<Dashboard />);
    const section = await screen.findByRole('region', { name: 'Your progress' });
    const retry = await within(section).findByRole('button', { name: 'Retry' }, { timeout: 5000 });
    fail = false;
    fireEvent.click(retry);
    await within(section).findByText('2 days');
  });
});

describe('the dashboard’s assigned decks', () => {
  const deck = (id: number, name: string, remaining: number, assignments: object[]) => ({
    id,
    name,
    remaining_today: remaining,
    is_owner: false,
    assignments,
  });
  const inDays = (n: number) => {
    const d = new Date();
    d.setDate(d.getDate() + n);
    const pad = (x: number) => String(x).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  };

  test('lists each assigned deck with its group, today’s cards and the days left', async () => {
    serve([], undefined, [
      deck(21, 'Cells', 14, [
        { kind: 'course', group_id: 3, group_name: 'First B', due_date: inDays(12) },
      ]),
      deck(22, 'Irregular verbs', 1, [
        { kind: 'subject', group_id: 5, group_name: 'English', due_date: null },
      ]),
      deck(23, 'Capitals', 3, []),
    ]);
    renderWithProviders(<Dashboard />);
    const section = await screen.findByRole('region', { name: 'Assigned' });
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [cells, verbs] = items as [HTMLElement, HTMLElement];
    expect(within(cells).getByRole('link', { name: 'Cells' }).getAttribute('href')).toBe(
      '/space-repetition/21',
    );
    expect(within(cells).getByText('From First B')).toBeTruthy();
    expect(within(cells).getByText('14 cards due today')).toBeTruthy();
    expect(within(cells).getByText('12 days left')).toBeTruthy();
    expect(within(verbs).getByText('1 card due today')).toBeTruthy();
    expect(within(verbs).getByText('No exam date')).toBeTruthy();
  });

  test('reads in Spanish, and is absent when nothing is assigned', async () => {
    serve([], undefined, [
      deck(21, 'Células', 0, [
        { kind: 'course', group_id: 3, group_name: 'Primero B', due_date: inDays(0) },
      ]),
    ]);
    const { unmount } = renderWithProviders(<Dashboard />, { locale: 'es' });
    const section = await screen.findByRole('region', { name: 'Asignados' });
    expect(within(section).getByText('Nada para hoy')).toBeTruthy();
    expect(within(section).getByText('Examen hoy')).toBeTruthy();
    unmount();
    serve([activity], undefined, [deck(23, 'Capitals', 3, [])]);
    renderWithProviders(<Dashboard />);
    await screen.findByRole('region', { name: 'Your progress' });
    expect(screen.queryByRole('region', { name: 'Assigned' })).toBeNull();
  });

  test('counts the days from the device’s today', () => {
    const now = new Date(2025, 0, 15, 23, 30);
    expect(daysUntil('2025-01-15', now)).toBe(0);
    expect(daysUntil('2025-01-16', now)).toBe(1);
    expect(daysUntil('2025-02-15', now)).toBe(31);
  });
});
