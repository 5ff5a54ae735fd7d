import { $session, ACCESS_TOKEN_KEY, setNavigate } from '@memoria/api';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders, startApiServer, type TestServer } from '../shared/test/render.tsx';
import { MyProgress } from './MyProgress.tsx';

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
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

const days = (n: number, from: string, count = (i: number) => i % 3) =>
  Array.from({ length: n }, (_, i) => {
    const d = new Date(`${from}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() + i);
    return { date: d.toISOString().slice(0, 10), count: count(i) };
  });

const person = (id: number, username: string) => ({
  id,
  email: `${username}@example.com`,
  username,
  first_name: '',
  last_name: '',
});

const DECKS = [
  { deck_id: 7, deck_name: 'Capitals', new: 4, learning: 3, young: 10, mature: 7 },
  { deck_id: 9, deck_name: 'Verbs', new: 20, learning: 0, young: 1, mature: 1200 },
];

function answers(active: boolean, friends = active, decks = active ? DECKS : []) {
  const monthly = Object.fromEntries(
    days(31, '2026-10-21').map((d) => [d.date, active ? d.count : 0]),
  );
  return {
    '/be/api/auth/progress/': {
      current_streak: active ? 4 : 0,
      longest_streak: active ? 9 : 0,
      days_active: active ? 12 : 0,
      total_responses: active ? 340 : 0,
      reviews: active ? 330 : 0,
      duels_played: 4,
      duels_won: 3,
      win_rate: active ? 0.75 : null,
    },
    '/be/api/space-repetition/learning-stats/': {
      retention: {
        young: { reviews: 10, passed: 8, rate: 0.8 },
        mature: { reviews: 0, passed: 0, rate: null },
        total: { reviews: 10, passed: 8, rate: 0.8 },
      },
      forecast: days(30, '2026-11-20'),
      reviews_per_day: days(365, '2025-11-21'),
      decks,
    },
    '/be/api/auth/streaks/my_streak/': {
      current_streak: 4,
      longest_streak: 9,
      days_active: 12,
      today_active: true,
      last_activity_date: '2026-11-20',
      monthly_activity: monthly,
      monthly_kinds: {},
    },
    '/be/api/space-repetition/card-stats/': {
      week_start: '2026-11-16',
      week_daily_breakdown: days(7, '2026-11-16').map((d, i) => ({
        day: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'][i],
        ...d,
      })),
      total_this_week: 6,
      reviews_today: 1,
      total_reviews: 330,
    },
    '/be/api/auth/time-tracking/stats/': {
      total_time: active ? 95 * 60_000 : 0,
      today_time: active ? 12 * 60_000 : 0,
      week_time: active ? 95 * 60_000 : 0,
      sessions_count: active ? 3 : 0,
      daily: [],
      top_pages: [],
      features: active
        ? [
            { feature: 'space_repetition', total_time: 80 * 60_000 },
            { feature: 'my_progress', total_time: 15 * 60_000 },
            { feature: 'friends', total_time: 20_000 },
          ]
        : [],
    },
    '/be/api/auth/progress/ranking/': friends
      ? {
          entries: [
            { rank: 1, user: person(2, 'bo'), is_me: false, activities: 40 },
            { rank: 2, user: person(1, 'ana'), is_me: true, activities: 12 },
            { rank: 3, user: person(3, 'cy'), is_me: false, activities: 1 },
          ],
          my_rank: 2,
          total: 3,
        }
      : {
          entries: [{ rank: 1, user: person(1, 'ana'), is_me: true, activities: 0 }],
          my_rank: 1,
          total: 1,
        },
  } as Record<string, unknown>;
}

function serve(
  active: boolean,
  failing: () => boolean = () => false,
  friends = active,
  decks = active ? DECKS : [],
) {
  const bodies = answers(active, friends, decks);
  server.handle((request) => {
    const path = request.path.split('?')[0] ?? '';
    if (path === '/be/api/auth/progress/' && failing()) {
      return { status: 500, body: { detail: 'boom', code: 'internal_error' } };
    }
    return path in bodies
      ? { status: 200, body: bodies[path] }
      : { status: 404, body: { detail: 'Not found', code: 'not_found' } };
  });
}

describe('MyProgress', () => {
  test('shows the figures, retention, calendar and year once loaded', async () => {
    serve(true);
    renderWithProviders(<MyProgress />);
    expect(screen.getByText('Loading your progress…')).toBeTruthy();
    expect(await screen.findByText('Total responses')).toBeTruthy();
    expect(screen.getByText('340')).toBeTruthy();
    expect(screen.getByText('75%')).toBeTruthy();
    expect(screen.getAllByText('80% of 10 reviews')).toHaveLength(2); // young and all
    expect(screen.getByText('No reviews yet')).toBeTruthy();
    expect(
      screen.getByRole('list', { name: 'Streak calendar (last 31 days)' }).children,
    ).toHaveLength(31);
    expect(screen.getByRole('list', { name: 'Reviews in the last year' }).children).toHaveLength(
      365,
    );
    expect(screen.getByRole('table', { name: 'Reviews due (next 30 days)' })).toBeTruthy();
  });

  test('ranks the learner among their friends', async () => {
    serve(true);
    renderWithProviders(<MyProgress />);
    expect(await screen.findByText('Ranking among friends')).toBeTruthy();
    expect(screen.getByText('2 of 3')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Friends ranking (last 7 days)' });
    const rows = [...list.children].map((li) => li.textContent);
    expect(rows).toEqual(['1.bo40 activities', '2.ana (you)12 activities', '3.cy1 activity']);
    expect(list.children[1]?.getAttribute('aria-current')).toBe('true');
  });

  test('shows time today, this week and per feature, a minute or more', async () => {
    serve(true);
    renderWithProviders(<MyProgress />);
    const list = await screen.findByRole('list', { name: 'Time per feature' });
    expect([...list.children].map((li) => li.textContent)).toEqual([
      'Space Repetition1 h 20 min',
      'My progress15 min',
    ]);
    expect(screen.getByText('12 min')).toBeTruthy();
    expect(screen.getByText('1 h 35 min')).toBeTruthy();
  });

  test("tables each deck's new, learning, young and mature cards, with their totals", async () => {
    serve(true);
    renderWithProviders(<MyProgress />);
    const table = await screen.findByRole('table', { name: 'Cards per deck' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Deck', 'New', 'Learning', 'Young', 'Mature'],
      ['Capitals', '4', '3', '10', '7'],
      ['Verbs', '20', '0', '1', '1,200'],
      ['All decks', '24', '3', '11', '1,207'],
    ]);
    expect(within(table).getByRole('link', { name: 'Verbs' }).getAttribute('href')).toBe(
      '/space-repetition/9',
    );
  });

  test('without decks, points to Space Repetition in place of the table (Spanish)', async () => {
    serve(true, () => false, true, []);
    renderWithProviders(<MyProgress />, { locale: 'es' });
    expect(await screen.findByText('Todavía no tienes mazos.')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Crea uno en Repetición espaciada' }).getAttribute('href'),
    ).toBe('/space-repetition');
    expect(screen.queryByRole('table', { name: 'Tarjetas por mazo' })).toBeNull();
  });

  test('one deck needs no totals row', async () => {
    serve(true, () => false, true, DECKS.slice(0, 1));
    renderWithProviders(<MyProgress />);
    const table = await screen.findByRole('table', { name: 'Cards per deck' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).queryByText('All decks')).toBeNull();
  });

  test('points a learner without friends to /friends', async () => {
    serve(true, () => false, false);
    renderWithProviders(<MyProgress />, { locale: 'es' });
    expect(await screen.findByText('1 de 1')).toBeTruthy();
    expect(screen.getByText('Añade amigos para comparar tu semana.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Buscar amigos' }).getAttribute('href')).toBe(
      '/friends',
    );
    expect(
      screen.queryByRole('list', { name: 'Clasificación de amigos (últimos 7 días)' }),
    ).toBeNull();
  });

  test('welcomes a new learner with a way to start', async () => {
    serve(false);
    renderWithProviders(<MyProgress />);
    expect(await screen.findByText('No progress yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go to Space Repetition' })).toBeTruthy();
    expect(screen.queryByText('Total responses')).toBeNull();
  });

  test('a learner who trained but never reviewed still sees the personal bests', async () => {
    const numbers = {
      id: 40,
      discipline: 'numbers',
      options: { count: 80, scoring: 'rows', language: null },
      score: 60,
      max_score: 80,
      memorize_ms: 42_300,
      late: false,
      personal_best: true,
      started_at: '2026-11-20T10:00:00Z',
      submitted_at: '2026-11-20T10:02:00Z',
    };
    const bodies = answers(false);
    bodies['/be/api/duels/training/'] = { attempts: [numbers], personal_bests: [numbers] };
    server.handle((request) => {
      const path = request.path.split('?')[0] ?? '';
      return path in bodies
        ? { status: 200, body: bodies[path] }
        : { status: 404, body: { detail: 'Not found', code: 'not_found' } };
    });
    renderWithProviders(<MyProgress />);
    expect(await screen.findByText('No progress yet')).toBeTruthy();
    const training = await screen.findByRole('region', { name: 'Memory training' });
    const bests = await within(training).findByRole('region', { name: 'Personal bests' });
    expect(within(bests).getAllByRole('listitem')).toHaveLength(1);
  });

  test('says it could not load, and Retry loads it', async () => {
    let fail = true;
    serve(true, () => fail);
    renderWithProviders(<MyProgress />);
    const retry = await screen.findByRole('button', { name: 'Retry' }, { timeout: 5000 });
    expect(screen.getByText('Your progress could not be loaded.')).toBeTruthy();
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByText('Total responses')).toBeTruthy();
  });

  test('speaks Spanish', async () => {
    serve(true);
    renderWithProviders(<MyProgress />, { locale: 'es' });
    expect(await screen.findByText('Respuestas totales')).toBeTruthy();
  });
});
