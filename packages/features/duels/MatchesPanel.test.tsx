import { setNavigate } from '@memoria/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders, signedInApi } from '../shared/test/render.tsx';
import { MatchesPanel } from './MatchesPanel.tsx';
import { matches } from './test/storyData.ts';

const api = signedInApi();
const CREATE = '/be/api/duels/matches/';
const friends = ['bo', 'carla'].map((username, i) => ({
  id: i + 2,
  email: `${username}@example.com`,
  username,
  first_name: '',
  last_name: '',
  friendship_id: i + 10,
  friends_since: '2024-12-01T10:00:00Z',
}));
/** bo's invitation to ana (match 9) and ana's match with carla in the veto phase (match 4). */
const invited = { ...matches.invited, id: 9 };
const running = { ...matches.veto, id: 4, opponent: { id: 3, username: 'carla' } };
const RESPOND = '/be/api/duels/matches/9/respond/';

beforeEach(() => {
  api.server.handle((req) => {
    if (req.path.startsWith('/be/api/auth/users/account_info/')) {
      return {
        status: 200,
        body: {
          account_type: 'standard',
          role: 'student',
          is_paid: true,
          features: ['duels'],
          subscription_end_date: null,
        },
      };
    }
    if (req.path.startsWith('/be/api/friends/friendships/friend_list/')) {
      return {
        status: 200,
        body: { count: friends.length, next: null, previous: null, results: friends },
      };
    }
    if (req.path === CREATE && req.method === 'POST') {
      const body = JSON.parse(req.body);
      return { status: 201, body: { ...matches.invited, id: 12, best_of: body.best_of } };
    }
    if (req.path.startsWith(CREATE) && req.method === 'GET') {
      return { status: 200, body: [invited, running] };
    }
    if (req.path === RESPOND) {
      return { status: 200, body: { ...invited, status: 'active', phase: 'veto' } };
    }
    return { status: 404, body: { detail: 'Not found', code: 'not_found' } };
  });
});

describe('MatchesPanel: challenging a friend to a match', () => {
  test('the friend and best of 5 are sent, and the challenger lands on the match', async () => {
    const navigate = vi.fn();
    setNavigate(navigate);
    renderWithProviders(<MatchesPanel />);
    const form = await screen.findByRole('form', { name: 'Challenge a friend to a match' });
    fireEvent.change(within(form).getByLabelText('Friend'), { target: { value: '3' } });
    fireEvent.change(within(form).getByLabelText('Games'), { target: { value: '5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Challenge' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/match/12'));
    const sent = api.server.hits(CREATE).filter((hit) => hit.method === 'POST');
    expect(sent.map((hit) => JSON.parse(hit.body))).toEqual([{ opponent_id: 3, best_of: 5 }]);
  });

  test('no friend chosen: the field says so and nothing is sent', async () => {
    renderWithProviders(<MatchesPanel />);
    const form = await screen.findByRole('form', { name: 'Challenge a friend to a match' });
    fireEvent.click(within(form).getByRole('button', { name: 'Challenge' }));
    expect(await within(form).findByText('Choose a friend.')).toBeTruthy();
    expect(api.server.hits(CREATE).filter((hit) => hit.method === 'POST')).toHaveLength(0);
  });
});

describe('MatchesPanel: the matches of the learner', () => {
  test('the challenged friend accepts bo’s invitation and lands on the match', async () => {
    const navigate = vi.fn();
    setNavigate(navigate);
    renderWithProviders(<MatchesPanel />);
    const row = (await screen.findByText('bo challenges you to a match, best of 3')).closest(
      'li',
    ) as HTMLElement;
    const accept = within(row).getByRole<HTMLButtonElement>('button', { name: 'Accept' });
    await waitFor(() => expect(accept.disabled).toBe(false));
    fireEvent.click(accept);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/match/9'));
    expect(JSON.parse(api.server.hits(RESPOND)[0]?.body ?? '{}')).toEqual({ action: 'accept' });
  });

  test('a running match links to its page; in Spanish', async () => {
    renderWithProviders(<MatchesPanel />, { locale: 'es' });
    const link = await screen.findByRole('link', { name: 'Partida con carla, al mejor de 3' });
    expect(link.getAttribute('href')).toBe('/match/4');
    expect(screen.getByRole('form', { name: 'Reta a un amigo a una partida' })).toBeTruthy();
  });
});
