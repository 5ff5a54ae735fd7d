import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { renderWithProviders, signedInApi } from '../shared/test/render.tsx';
import { RatingsPanel } from './RatingsPanel.tsx';
import { noRatings, ratings } from './test/storyData.ts';

const api = signedInApi();

/** What `GET duels/ratings/` answers in the current test. */
let reply: { status: number; body: unknown };

beforeEach(() => {
  reply = { status: 200, body: ratings };
  api.server.handle((req) => {
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
});
