import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { renderWithProviders, signedInApi } from '../shared/test/render.tsx';
import { MatchScreen } from './MatchScreen.tsx';
import { matches } from './test/storyData.ts';

const api = signedInApi();
const FORFEIT = '/be/api/duels/matches/7/forfeit/';
let respond: { status: number; body: unknown };
let shown: unknown = { ...matches.invited, id: 7 };
/** The game's clock as the server answers `play/`: seconds to each deadline, and how far the
 * server's clock is from this device's. */
let clock = { memorize: 60, recall: 300, serverAhead: 0 };
const SUBMIT = '/be/api/duels/matches/7/submit/';
const DIGITS = '1908611827226328996973967273097354570054'.repeat(2);

beforeEach(() => {
  respond = { status: 200, body: matches.veto };
  shown = { ...matches.invited, id: 7 };
  clock = { memorize: 60, recall: 300, serverAhead: 0 };
  api.server.handle((req) => {
    if (req.path === FORFEIT && req.method === 'POST') {
      shown = { ...matches.forfeited, forfeited_by: 1, winner: 'opponent' };
      return { status: 200, body: shown };
    }
    if (req.path.startsWith('/be/api/duels/matches/7/respond/')) return respond;
    if (req.path.startsWith('/be/api/duels/matches/7/submit/')) {
      return { status: 409, body: { detail: 'The recall time is over.', code: 'conflict' } };
    }
    if (req.path.startsWith('/be/api/duels/matches/7/play/')) {
      const now = new Date(Date.now() + clock.serverAhead * 1000);
      const at = (s: number) => new Date(now.getTime() + s * 1000).toISOString();
      return {
        status: 200,
        body: {
          match_id: 7,
          number: 1,
          discipline: 'numbers',
          options: { count: 80, scoring: 'rows', language: null },
          content: { digits: DIGITS },
          started_at: at(0),
          memorize_ends_at: at(clock.memorize),
          recall_ends_at: at(clock.recall),
          server_now: at(0),
        },
      };
    }
    if (req.path.startsWith('/be/api/duels/matches/7/')) return { status: 200, body: shown };
    return { status: 404, body: { detail: 'Not found', code: 'not_found' } };
  });
});

describe('MatchScreen: forfeit', () => {
  test('asks first; Keep playing sends nothing, Forfeit ends the match for the friend', async () => {
    shown = matches.pick;
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
    shown = matches.forfeited;
    renderWithProviders(<MatchScreen matchId={7} />);
    expect(await screen.findByText('bo forfeited: you win the match!')).toBeTruthy();
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

  test('80 digits to memorise come in rows of 40 in groups of 4, never one unbreakable line', async () => {
    shown = { ...matches.playing, id: 7 };
    renderWithProviders(<MatchScreen matchId={7} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Start the game' }));
    const content = await screen.findByTestId('match-content');
    const rows = [...content.querySelectorAll('li')].map((li) => li.textContent ?? '');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toBe('1908 6118 2722 6328 9969 7396 7273 0973 5457 0054');
    expect(rows.join('').replace(/\s/g, '')).toBe(DIGITS);
  });

  test('a recall the server refuses says so under Submit', async () => {
    shown = { ...matches.playing, id: 7 };
    renderWithProviders(<MatchScreen matchId={7} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Start the game' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Recall now' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('alert')).textContent).not.toBe('');
  });
});

describe("MatchScreen: the game clock, on the server's time", () => {
  test("memorise and recall each show their countdown, even when this device's clock is off", async () => {
    shown = { ...matches.playing, id: 7 };
    // The server's clock is an hour ahead of this device: the countdown still says 60 s.
    clock = { memorize: 60, recall: 300, serverAhead: 3600 };
    renderWithProviders(<MatchScreen matchId={7} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Start the game' }));
    await screen.findByTestId('match-content');
    expect(screen.getByRole('timer').textContent).toBe('Memorise: 60 s left');
    fireEvent.click(screen.getByRole('button', { name: 'Recall now' }));
    expect((await screen.findByRole('timer')).textContent).toBe('Recall: 300 s left');
  });

  test('when memorise ends the recall opens; when recall ends what was typed is sent, once', async () => {
    shown = { ...matches.playing, id: 7 };
    clock = { memorize: 1, recall: 3, serverAhead: -3600 };
    renderWithProviders(<MatchScreen matchId={7} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Start the game' }));
    const field = await screen.findByRole('textbox', {}, { timeout: 3000 });
    fireEvent.change(field, { target: { value: '1908' } });
    await waitFor(() => expect(api.server.hits(SUBMIT)).toHaveLength(1), { timeout: 4000 });
    const [sent] = api.server.hits(SUBMIT);
    expect(JSON.parse(sent?.body ?? '{}').answers.slice(0, 5)).toEqual(['1', '9', '0', '8', '']);
    // The refusal is shown, and the deadline does not send again.
    await screen.findByRole('alert');
    expect(api.server.hits(SUBMIT)).toHaveLength(1);
  });
});
