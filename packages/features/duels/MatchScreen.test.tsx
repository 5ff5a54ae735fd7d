import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { renderWithProviders, signedInApi } from '../shared/test/render.tsx';
import { MatchScreen } from './MatchScreen.tsx';
import { matches } from './test/storyData.ts';

const api = signedInApi();
const MATCH = '/be/api/duels/matches/7/';
const FORFEIT = '/be/api/duels/matches/7/forfeit/';
let current = matches.pick;

beforeEach(() => {
  current = matches.pick;
  api.server.handle((req) => {
    if (req.path === FORFEIT && req.method === 'POST') {
      current = { ...matches.forfeited, forfeited_by: 1, winner: 'opponent' };
      return { status: 200, body: current };
    }
    if (req.path === MATCH) return { status: 200, body: current };
    return { status: 404, body: { detail: 'Not found', code: 'not_found' } };
  });
});

describe('MatchScreen: forfeit', () => {
  test('asks first; Keep playing sends nothing, Forfeit ends the match for the friend', async () => {
    renderWithProviders(<MatchScreen matchId={7} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Forfeit the match' }));
    let dialog = await screen.findByRole('dialog', { name: 'Forfeit this match?' });
    expect(within(dialog).getByText(/bo wins the match/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep playing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.server.hits(FORFEIT)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Forfeit the match' }));
    dialog = await screen.findByRole('dialog', { name: 'Forfeit this match?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Forfeit' }));
    expect(await screen.findByText('You forfeited: bo wins the match.')).toBeTruthy();
    expect(api.server.hits(FORFEIT)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Forfeit the match' })).toBeNull();
  });

  test('the friend’s forfeit reads as a win', async () => {
    current = matches.forfeited;
    renderWithProviders(<MatchScreen matchId={7} />);
    expect(await screen.findByText('bo forfeited: you win the match!')).toBeTruthy();
  });
});
