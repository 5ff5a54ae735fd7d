import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { renderWithProviders, signedInApi } from '../shared/test/render.tsx';
import { RatingsPanel } from './RatingsPanel.tsx';
import { mySchools, noRatings, ratings, schoolBoard } from './test/storyData.ts';

const api = signedInApi();

/** What `GET duels/ratings/` answers in the current test. */
let reply: { status: number; body: unknown };
/** What `GET auth/schools/` answers (none: no board select). */
let schools: unknown[] = [];

beforeEach(() => {
  reply = { status: 200, body: ratings };
  schools = [];
  api.server.handle((req) => {
    if (req.path.startsWith('/be/api/auth/schools/')) return { status: 200, body: schools };
    if (req.path.startsWith('/be/api/duels/ratings/leaderboard/')) {
      const page = new URLSearchParams(req.path.split('?')[1]).get('page') ?? '1';
      return {
        status: 200,
        body:
          page === '1'
            ? schoolBoard
            : {
                ...schoolBoard,
                next: null,
                previous: 'p1',
                results: schoolBoard.results.map((e) => ({
                  ...e,
                  rank: e.rank + 20,
                  is_me: false,
                })),
              },
      };
    }
    if (req.path.startsWith('/be/api/duels/ratings/')) return reply;
    return { status: 404, body: { detail: 'Not found', code: 'not_found' } };
  });
});

describe('RatingsPanel', () => {
  test('shows each played discipline as rating ± deviation and the friends board', async () => {
    renderWithProviders(<RatingsPanel />);
    const section = await screen.findByRole('region', { name: 'Ratings' });
    // Her own rating, and again in her row of the board.
    expect(await within(section).findAllByText('1,613 ± 148')).toHaveLength(2);
    expect(within(section).getByText('7 games')).toBeTruthy();
    // Only the disciplines played are listed.
    expect(
      within(section)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['Desk duel', 'Table duel']);
    const board = within(section).getByRole('list');
    const rows = within(board).getAllByRole('listitem');
    expect(rows[0]?.textContent).toContain('1. bo');
    expect(rows[1]?.textContent).toContain('(you)');
    expect(within(section).getByText('Your place: 2')).toBeTruthy();
    expect((within(section).getByLabelText('Discipline') as HTMLSelectElement).value).toBe(
      'number',
    );
  });

  test('asks for the board of the discipline picked', async () => {
    renderWithProviders(<RatingsPanel />);
    const select = await screen.findByLabelText('Discipline');
    reply = {
      status: 200,
      body: { ...ratings, leaderboard: { ...noRatings.leaderboard, discipline: 'cards' } },
    };
    fireEvent.change(select, { target: { value: 'cards' } });
    await screen.findByText('Nobody has a rating in this discipline yet.');
    const asked = api.server.requests.map((r) => r.path);
    expect(asked).toContain('/be/api/duels/ratings/?discipline=cards');
  });

  test('says how to get a first rating when none was rated', async () => {
    reply = { status: 200, body: noRatings };
    renderWithProviders(<RatingsPanel />);
    await screen.findByText('Finish a duel to get your first rating.');
  });

  test('shows a failed read with Retry', async () => {
    reply = { status: 503, body: { detail: 'Service unavailable', code: 'unavailable' } };
    renderWithProviders(<RatingsPanel />);
    await screen.findByRole('alert');
    reply = { status: 200, body: ratings };
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getAllByText('1,613 ± 148')).toHaveLength(2));
  });

  test('a member of a school picks its board: its players by rating, a page at a time', async () => {
    schools = mySchools;
    renderWithProviders(<RatingsPanel />);
    const scope = await screen.findByLabelText('Board');
    expect(screen.queryByText('Colegio del Sur by rating')).toBeNull();
    fireEvent.change(scope, { target: { value: '3' } });
    const section = screen.getByRole('region', { name: 'Ratings' });
    await within(section).findByText('Colegio del Sur by rating');
    await within(section).findByText(/1\. carla/);
    expect(within(section).getByText('Your place: 3')).toBeTruthy();
    expect(within(section).getByText('Page 1 of 3')).toBeTruthy();
    const asked = api.server.requests.map((r) => r.path);
    expect(asked).toContain(
      '/be/api/duels/ratings/leaderboard/?discipline=number&scope=school&school_id=3&page=1&page_size=20',
    );
    expect(
      (within(section).getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    fireEvent.click(within(section).getByRole('button', { name: 'Next' }));
    await within(section).findByText(/21\. carla/);
    expect(within(section).getByText('Page 2 of 3')).toBeTruthy();
  });

  test('a teacher who never played still sees the school board select', async () => {
    schools = mySchools;
    reply = { status: 200, body: noRatings };
    renderWithProviders(<RatingsPanel />);
    expect(await screen.findByLabelText('Board')).toBeTruthy();
    expect(screen.getByText('Finish a duel to get your first rating.')).toBeTruthy();
  });
});
