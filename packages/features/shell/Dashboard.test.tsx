import { $session, ACCESS_TOKEN_KEY, setNavigate } from '@memoria/api';
import { screen } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { user } from '../shared/storyData.ts';
import { renderWithProviders, startApiServer, type TestServer } from '../shared/testing.tsx';
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

/** `/auth/users/me/` answers Ana; the activity history answers `results`. */
function serve(results: object[]) {
  server.handle((request) => {
    if (request.path.startsWith('/be/api/auth/users/me/')) return { status: 200, body: user };
    if (request.path.startsWith('/be/api/auth/activity-history/')) {
      return { status: 200, body: { count: results.length, next: null, previous: null, results } };
    }
    return { status: 200, body: { account_type: 'free', role: 'student', features: [] } };
  });
}

beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
  $session.set({ signedIn: true, email: user.email });
  setNavigate(vi.fn());
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
