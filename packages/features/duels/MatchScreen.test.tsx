import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { renderWithProviders, signedInApi } from '../shared/test/render.tsx';
import { MatchScreen } from './MatchScreen.tsx';
import { matches } from './test/storyData.ts';

const api = signedInApi();
let respond: { status: number; body: unknown };

beforeEach(() => {
  respond = { status: 200, body: matches.veto };
  api.server.handle((req) => {
    if (req.path.startsWith('/be/api/duels/matches/7/respond/')) return respond;
    if (req.path.startsWith('/be/api/duels/matches/7/')) {
      return { status: 200, body: { ...matches.invited, id: 7 } };
    }
    return { status: 404, body: { detail: 'Not found', code: 'not_found' } };
  });
});

describe('MatchScreen: the match page', () => {
  test('is a page headed by a level-1 "Match"', async () => {
    renderWithProviders(<MatchScreen matchId={7} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Match' })).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Match' })).toBeTruthy();
  });

  test('a move the server refuses says so, instead of a button that does nothing', async () => {
    respond = {
      status: 409,
      body: { detail: 'The match is no longer waiting for an answer.', code: 'conflict' },
    };
    renderWithProviders(<MatchScreen matchId={7} />, { locale: 'es' });
    fireEvent.click(await screen.findByRole('button', { name: 'Aceptar' }));
    expect((await screen.findByRole('alert')).textContent).not.toBe('');
  });
});
