import { $session, ACCESS_TOKEN_KEY, setNavigate } from '@memoria/api';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders, startApiServer, type TestServer } from '../shared/test/render.tsx';
import { user } from '../shared/test/storyData.ts';
import { Dashboard } from './Dashboard.tsx';

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
function serve(results: object[], progress = { streakDays: 0, progressFails: () => false }) {
  server.handle((request) => {
    const path = request.path.split('?')[0] ?? '';
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
