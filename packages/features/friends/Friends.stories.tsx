import { type Friendship, friendKeys } from '@memoria/api';
import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { messages } from '../messages.ts';
import { withFailedQuery, withQueryClient, withSession } from '../shared/storybook.tsx';
import { api, HttpResponse, ok, page, pendingReceived } from '../shared/storyData.ts';
import { Friends } from './Friends.tsx';

const person = (id: number, username: string, first: string, email: string | null) => ({
  id,
  email,
  username,
  first_name: first,
  last_name: '',
});

const sent: Friendship[] = [
  {
    id: 14,
    status: 'pending' as const,
    sender: person(1, 'ana', 'Ana', 'ana@example.com'),
    receiver: person(9, 'hugo', 'Hugo', null),
    friend: person(9, 'hugo', 'Hugo', null),
    direction: 'sent' as const,
    created_at: '2025-01-14T09:00:00Z',
    updated_at: '2025-01-14T09:00:00Z',
  },
];

const friendOf = (id: number, username: string, first: string, since: string) => ({
  id,
  email: `${username}@example.com`,
  username,
  first_name: first,
  last_name: '',
  friendship_id: id,
  friends_since: since,
});

const friends = [
  friendOf(2, 'bo', 'Bo', '2024-12-01T10:00:00Z'),
  friendOf(3, 'carla', 'Carla', '2024-12-20T10:00:00Z'),
];

/** The pending list answers by direction, as the server does. */
const pending = (received: Friendship[], mine: Friendship[]) =>
  api.get('/friends/friendships/pending/', ({ request }) =>
    HttpResponse.json(
      page(new URL(request.url).searchParams.get('direction') === 'sent' ? mine : received),
    ),
  );

const withData = [
  pending(pendingReceived(), sent),
  ok('/friends/friendships/friend_list/', page(friends)),
  ok('/friends/users/search/', []),
];
const empty = [
  pending([], []),
  ok('/friends/friendships/friend_list/', page([])),
  ok('/friends/users/search/', []),
];

const meta = {
  title: 'Features/friends/Friends',
  component: Friends,
  decorators: [withSession(true), withQueryClient],
  parameters: {
    docs: {
      description: {
        component:
          'The friends page on `/friends`, mounted by `FriendsIsland`: add a friend (search as you type, arrow keys through the results, Enter sends), incoming requests (Accept, Reject), sent requests (Cancel) and friends (Remove with confirmation, Duel). **API calls:** `GET friends/friendships/friend_list/` and `GET friends/friendships/pending/` (WithFriends; none yet: Empty; a failed read: LoadError with Retry; signed out or waiting: Loading), `GET friends/users/search/`, `POST friends/friendships/`, and `{id}/accept|reject|cancel|remove/`. Live updates come through the events stream.',
      },
    },
    messages,
    msw: withData,
  },
} satisfies Meta<typeof Friends>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Requests received and sent, and two friends. */
export const WithFriends: Story = {};

/** Signed out, the queries wait: the skeletons stay. */
export const Loading: Story = { decorators: [withSession(false)] };

export const Empty: Story = { parameters: { msw: empty } };

/** The friend list failed: its message and Retry; the other lists still show. */
export const LoadError: Story = {
  decorators: [
    withFailedQuery(friendKeys.list(), 503, { detail: 'Service unavailable', code: 'unavailable' }),
  ],
};

export const Dark: Story = inMatrix({ theme: 'dark' });

export const Spanish: Story = inMatrix({ locale: 'es' });

export const SpanishEmpty: Story = inMatrix({ locale: 'es' }, { parameters: { msw: empty } });

export const Phone: Story = inMatrix({ viewport: 'phone' });

export const PhoneDarkSpanish: Story = inMatrix({ viewport: 'phone', theme: 'dark', locale: 'es' });
