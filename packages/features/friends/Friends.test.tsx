import { $session, saveTokens } from '@memoria/api';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { renderWithProviders, startApiServer, type TestServer } from '../shared/test/render.tsx';
import { Friends } from './Friends.tsx';

const person = (id: number, username: string, email: string | null = null) => ({
  id,
  email,
  username,
  first_name: '',
  last_name: '',
});
const ANA = person(1, 'ana', 'ana@example.com');
const page = (results: unknown[]) => ({
  status: 200,
  body: { count: results.length, next: null, previous: null, results },
});
const request = (id: number, from: ReturnType<typeof person>, direction: 'received' | 'sent') => ({
  id,
  status: 'pending',
  sender: direction === 'received' ? from : ANA,
  receiver: direction === 'received' ? ANA : from,
  friend: from,
  direction,
  created_at: '2025-01-14T10:00:00Z',
  updated_at: '2025-01-14T10:00:00Z',
});

let server: TestServer;
/** The server's state: what each list answers; calls change it like the real server would. */
let state: {
  received: unknown[];
  sent: unknown[];
  friends: unknown[];
  search: unknown[];
};

beforeAll(async () => {
  server = await startApiServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.reset();
  saveTokens({ access: 'access', refresh: 'refresh' });
  $session.set({ signedIn: true, email: 'ana@example.com' });
  state = {
    received: [request(11, person(6, 'fede'), 'received')],
    sent: [request(12, person(7, 'gus'), 'sent')],
    friends: [
      {
        ...person(2, 'bo', 'bo@example.com'),
        friendship_id: 5,
        friends_since: '2025-01-01T00:00:00Z',
      },
    ],
    search: [],
  };
  server.handle((req) => {
    const path = req.path;
    if (path.startsWith('/be/api/friends/friendships/pending/')) {
      return page(path.includes('direction=received') ? state.received : state.sent);
    }
    if (path.startsWith('/be/api/friends/friendships/friend_list/')) return page(state.friends);
    if (path.startsWith('/be/api/friends/users/search/'))
      return { status: 200, body: state.search };
    if (path === '/be/api/friends/friendships/11/accept/') {
      state.received = [];
      state.friends = [
        ...state.friends,
        {
          ...person(6, 'fede', 'fede@example.com'),
          friendship_id: 11,
          friends_since: '2025-01-15T00:00:00Z',
        },
      ];
      return {
        status: 200,
        body: { ...request(11, person(6, 'fede'), 'received'), status: 'accepted' },
      };
    }
    if (path === '/be/api/friends/friendships/5/remove/') {
      state.friends = state.friends.filter(
        (f) => (f as { friendship_id: number }).friendship_id !== 5,
      );
      return { status: 204 };
    }
    if (path === '/be/api/friends/friendships/' && req.method === 'POST') {
      const body = JSON.parse(req.body) as { username?: string; email?: string };
      if (body.username === 'bo') {
        return {
          status: 409,
          body: { detail: 'You are already friends with bo.', code: 'conflict' },
        };
      }
      return { status: 201, body: request(13, person(8, body.username ?? 'x'), 'sent') };
    }
    return { status: 404, body: { detail: 'Not found', code: 'not_found' } };
  });
});

const section = (name: string) => screen.getByRole('region', { name });

describe('Friends', () => {
  test('lists requests received and sent and friends; Accept moves the request to friends', async () => {
    renderWithProviders(<Friends />);
    const received = await screen.findByRole('region', { name: 'Requests received' });
    await within(received).findByText('fede');
    await within(section('Requests sent')).findByText('gus');
    await within(section('Your friends')).findByText('bo');
    expect(
      within(section('Your friends')).getByRole('link', { name: 'Duel bo' }).getAttribute('href'),
    ).toBe('/multiple-duels?opponent=bo');
    fireEvent.click(within(received).getByRole('button', { name: 'Accept fede' }));
    await within(received).findByText('No friend requests waiting for you.');
    await within(section('Your friends')).findByText('fede');
    expect(await screen.findByText('You and fede are now friends.')).toBeTruthy();
  });

  test('Remove asks first, and Keep leaves the friend', async () => {
    renderWithProviders(<Friends />);
    const friends = await screen.findByRole('region', { name: 'Your friends' });
    await within(friends).findByText('bo');
    fireEvent.click(within(friends).getByRole('button', { name: 'Remove bo' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Keep' }));
    expect(server.hits('/be/api/friends/friendships/5/remove/')).toHaveLength(0);
    fireEvent.click(within(friends).getByRole('button', { name: 'Remove bo' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove friend' }));
    await within(friends).findByText('No friends yet. Search for someone above to send a request.');
    expect(server.hits('/be/api/friends/friendships/5/remove/')).toHaveLength(1);
  });

  test('searches after a pause in typing, not on every key', async () => {
    state.search = [
      { ...person(9, 'carla'), relation: 'none', friendship_id: null },
      { ...person(2, 'carlos', 'c@example.com'), relation: 'friend', friendship_id: 5 },
    ];
    renderWithProviders(<Friends />);
    const field = await screen.findByLabelText('Username or email');
    for (const text of ['c', 'ca', 'car']) fireEvent.change(field, { target: { value: text } });
    await screen.findByRole('button', { name: 'Add friend: carla' }, { timeout: 5000 });
    const searches = server.hits('/be/api/friends/users/search/');
    expect(searches.map((h) => h.path)).toEqual(['/be/api/friends/users/search/?q=car']);
    expect(screen.getByText('2 people found')).toBeTruthy();
    // ArrowDown moves from the field to the first result's button.
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Add friend: carla');
  });

  test('Enter sends to the exact username typed; a conflict is said under the field', async () => {
    renderWithProviders(<Friends />, { locale: 'es' });
    const field = await screen.findByLabelText('Usuario o correo');
    fireEvent.change(field, { target: { value: 'bo' } });
    await act(async () => {
      fireEvent.submit(field.closest('form') as HTMLFormElement);
    });
    expect(
      await screen.findByText('Ya sois amigos, o ya hay una solicitud abierta entre vosotros.'),
    ).toBeTruthy();
    fireEvent.change(field, { target: { value: 'dani@example.com' } });
    await act(async () => {
      fireEvent.submit(field.closest('form') as HTMLFormElement);
    });
    await waitFor(() =>
      expect(
        server
          .hits('/be/api/friends/friendships/')
          .filter((h) => h.method === 'POST')
          .map((h) => JSON.parse(h.body)),
      ).toEqual([{ username: 'bo' }, { email: 'dani@example.com' }]),
    );
  });

  test('a failed list says so, with Retry', async () => {
    let down = true;
    server.handle((req) =>
      down && req.path.startsWith('/be/api/friends/friendships/friend_list/')
        ? { status: 503, body: { detail: 'down', code: 'unavailable' } }
        : page([]),
    );
    renderWithProviders(<Friends />);
    const friends = await screen.findByRole('region', { name: 'Your friends' });
    await within(friends).findByText('This list could not load.');
    down = false;
    fireEvent.click(within(friends).getByRole('button', { name: 'Retry' }));
    await within(friends).findByText('No friends yet. Search for someone above to send a request.');
  });
});
