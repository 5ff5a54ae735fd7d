import { setNavigate } from '@memoria/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders, signedInApi } from '../shared/test/render.tsx';
import { DuelsHome } from './DuelsHome.tsx';
import { history, leaderboard, ratings, requests, stats } from './test/storyData.ts';

const api = signedInApi();
const RESPOND = '/be/api/duels/duel-requests/7/respond/';
/** A deck duel request to ana (id 8). */
const deckRequest = { ...requests[0], id: 8, duel_type: 'desk', duel_id: 61 };
const DECK_RESPOND = '/be/api/duels/duel-requests/8/respond/';
const page = (results: unknown[]) => ({
  count: results.length,
  next: null,
  previous: null,
  results,
});

/** What answering bo's request (id 7, a numbers duel) answers in the current test. */
let responded: { status: number; body: unknown };
/** The features of the signed-in account in the current test. */
let features: string[];
/** What `GET duels/stats/user/` answers in the current test. */
let statsReply: { status: number; body: unknown };
/** The duel requests `GET duels/duel-requests/` lists in the current test. */
let requestList: unknown[];
const PAID = ['space_repetition', 'duels', 'desk_duels', 'image_duels', 'table_duels'];

beforeEach(() => {
  responded = { status: 200, body: { ...requests[0], status: 'accepted' } };
  features = PAID;
  statsReply = { status: 200, body: stats };
  requestList = requests;
  api.server.handle((req) => {
    if (req.path.startsWith('/be/api/auth/users/account_info/')) {
      const paid = features.includes('duels');
      const account_type = paid ? 'standard' : 'free';
      return {
        status: 200,
        body: {
          account_type,
          role: 'student',
          is_paid: paid,
          features,
          subscription_end_date: null,
        },
      };
    }
    if (req.path.startsWith('/be/api/duels/duel-requests/') && req.method === 'GET') {
      return { status: 200, body: requestList };
    }
    if (req.path === RESPOND) return responded;
    if (req.path === DECK_RESPOND) {
      return { status: 200, body: { ...deckRequest, status: 'accepted' } };
    }
    if (req.path.startsWith('/be/api/duels/history/')) return { status: 200, body: page(history) };
    if (req.path.startsWith('/be/api/duels/stats/user/')) return statsReply;
    if (req.path.startsWith('/be/api/duels/stats/friends-leaderboard/')) {
      return { status: 200, body: leaderboard };
    }
    if (req.path.startsWith('/be/api/duels/ratings/')) return { status: 200, body: ratings };
    return { status: 404, body: { detail: 'Not found', code: 'not_found' } };
  });
});

/** bo's Accept, once the plan is known (until then it cannot tell a paid plan from a free one). */
async function acceptButton(): Promise<HTMLButtonElement> {
  const accept = await screen.findByRole<HTMLButtonElement>('button', { name: 'Accept' });
  await waitFor(() => expect(accept.disabled).toBe(false));
  return accept;
}

describe('DuelsHome: answering a duel request', () => {
  test('a finished duel is not offered as Accepted · Start (issue 40)', async () => {
    const finished = { ...requests[1], duel_status: 'finished' };
    api.server.handle((req) =>
      req.path.startsWith('/be/api/duels/duel-requests/')
        ? { status: 200, body: [finished] }
        : { status: 200, body: page([]) },
    );
    renderWithProviders(<DuelsHome />);
    const row = (await screen.findByText(/carla/)).closest('li') as HTMLElement;
    expect(within(row).getByText('Duel finished')).toBeTruthy();
    expect(within(row).queryByText('Accepted')).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Start' })).toBeNull();
  });

  test('Accept takes the receiver into the duel at once', async () => {
    const navigate = vi.fn();
    setNavigate(navigate);
    renderWithProviders(<DuelsHome opponent={null} />);
    fireEvent.click(await acceptButton());
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/table-duel/60'));
    expect(JSON.parse(api.server.hits(RESPOND)[0]?.body ?? '{}')).toEqual({ action: 'accept' });
  });

  test('a free plan sees the Premium modal on Accept, and nothing is sent', async () => {
    features = ['space_repetition'];
    const navigate = vi.fn();
    setNavigate(navigate);
    renderWithProviders(<DuelsHome opponent={null} />);
    fireEvent.click(await acceptButton());
    expect(await screen.findByText('Premium Features')).toBeTruthy();
    expect(
      screen.getByText('Duels is available on paid plans. Upgrade to unlock it and more:'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade now' }).getAttribute('href')).toBe('/pricing');
    expect(api.server.hits(RESPOND)).toHaveLength(0);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  test('a plan that ended meanwhile: the refusal of the server also opens the Premium modal', async () => {
    responded = {
      status: 403,
      body: { detail: 'Duels need a paid plan.', code: 'plan_required' },
    };
    const navigate = vi.fn();
    setNavigate(navigate);
    renderWithProviders(<DuelsHome opponent={null} />);
    fireEvent.click(await acceptButton());
    expect(await screen.findByText('Premium Features')).toBeTruthy();
    expect(api.server.hits(RESPOND)).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('DuelsHome: the learner’s own results', () => {
  /** The label and value of each figure in the results section, in order. */
  function figures(): string[][] {
    const section = screen.getByRole('region', { name: 'Your results' });
    return [...section.querySelectorAll('dl > div')].map((tile) => [
      tile.querySelector('dt')?.textContent ?? '',
      tile.querySelector('dd')?.textContent ?? '',
    ]);
  }

  test('shows duels, wins, losses, draws, win rate and the best score of each kind', async () => {
    renderWithProviders(<DuelsHome opponent={null} />);
    await screen.findByText('Win rate');
    expect(figures()).toEqual([
      ['Duels', '7'],
      ['Wins', '3'],
      ['Losses', '2'],
      ['Draws', '1'],
      ['Win rate', '50%'],
      ['Desk duel', '8'],
      ['Custom duel', 'Not played'],
      ['Image duel', '9'],
      ['Table duel', '14'],
    ]);
  });

  test('a failed read says so with Retry, which reads them again; in Spanish', async () => {
    statsReply = { status: 503, body: { detail: 'down', code: 'unavailable' } };
    renderWithProviders(<DuelsHome opponent={null} />, { locale: 'es' });
    const section = await screen.findByRole('region', { name: 'Tus resultados' });
    const retry = await within(section).findByRole('button', { name: 'Reintentar' });
    expect(within(section).getByRole('alert').textContent).toContain('No se pudo cargar.');
    statsReply = { status: 200, body: stats };
    fireEvent.click(retry);
    expect(await within(section).findByText('Porcentaje de victorias')).toBeTruthy();
    expect(within(section).queryByRole('alert')).toBeNull();
  });
});

// Issue 40 item 2: the history said "Lost · 0–0" for a duel nobody scored in.
describe('DuelsHome: the history of equal scores', () => {
  test.each([
    ['en', 'Lost on time (55.0 s against 41.2 s) · 2–2', 'Draw · 0–0'],
    ['es', 'Perdido por tiempo (55,0 s frente a 41,2 s) · 2–2', 'Empate · 0–0'],
  ] as const)(
    '(%s) says a tie went by time, and a scoreless duel is a draw',
    async (locale, onTime, draw) => {
      renderWithProviders(<DuelsHome opponent={null} />, { locale });
      const section = await screen.findByRole('region', {
        name: locale === 'en' ? 'History' : 'Historial',
      });
      expect(await within(section).findByText(onTime)).toBeTruthy();
      expect(within(section).getByText(draw)).toBeTruthy();
    },
  );
});

// Issue 44: the receiver's own opt-in for a deck duel's answers to count as reviews.
describe('DuelsHome: counting a deck duel as study on accept', () => {
  test.each([
    ['en', 'Count my answers as reviews', 'Accept'],
    ['es', 'Contar mis respuestas como repasos', 'Aceptar'],
  ] as const)(
    '(%s) a deck duel offers the checkbox and sends it with Accept',
    async (locale, label, accept) => {
      requestList = [deckRequest, requests[0]];
      const navigate = vi.fn();
      setNavigate(navigate);
      renderWithProviders(<DuelsHome opponent={null} />, { locale });
      const boxes = await screen.findAllByRole('checkbox', { name: label });
      // Only the deck duel's row has it: a numbers duel has no cards to review.
      expect(boxes).toHaveLength(1);
      const row = boxes[0]?.closest('li') as HTMLElement;
      fireEvent.click(boxes[0] as HTMLElement);
      const button = within(row).getByRole<HTMLButtonElement>('button', { name: accept });
      await waitFor(() => expect(button.disabled).toBe(false));
      fireEvent.click(button);
      await waitFor(() => expect(navigate).toHaveBeenCalledWith('/duel/61'));
      expect(JSON.parse(api.server.hits(DECK_RESPOND)[0]?.body ?? '{}')).toEqual({
        action: 'accept',
        count_as_reviews: true,
      });
    },
  );
});
