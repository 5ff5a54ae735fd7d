import { $eventsConnection, type Friendship, friendKeys } from '@memoria/api';
import { inMatrix } from '@memoria/ui/storybook';
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { messages } from '../messages.ts';
import { withFailedQuery, withQueryClient, withSession } from '../shared/test/storybook.tsx';
import { api, fail, HttpResponse, ok, page, pendingReceived } from '../shared/test/storyData.ts';
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
/** One person of each relation, as the search answers a prefix. */
const searchResults = [
  { ...person(2, 'bo', 'Bo', 'bo@example.com'), relation: 'friend' as const, friendship_id: 2 },
  { ...person(4, 'bob_m', '', null), relation: 'request_sent' as const, friendship_id: 15 },
  {
    ...person(5, 'bobbie', 'Bobbie', null),
    relation: 'request_received' as const,
    friendship_id: 16,
  },
  { ...person(6, 'bobby', '', null), relation: 'none' as const, friendship_id: null },
];

const empty = [
  pending([], []),
  ok('/friends/friendships/friend_list/', page([])),
  ok('/friends/users/search/', []),
];

/**
 * The page's events stream is live, as on the product's pages, so the pending lists do not poll:
 * on a slow story run a 10 s poll started during one story was cut off by the next (a failed
 * request in the story test).
 */
const withLiveStream: Decorator = (Story) => {
  $eventsConnection.set({
    status: 'live',
    polling: false,
    lastEventId: null,
    streamedKeys: [friendKeys.all],
  });
  return <Story />;
};

const meta = {
  title: 'Features/friends/Friends',
  component: Friends,
  decorators: [withSession(true), withQueryClient, withLiveStream],
  parameters: {
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

/** Results as you type (300 ms after the last key): one person of each relation. */
export const SearchResults: Story = {
  parameters: {
    msw: [ok('/friends/users/search/', searchResults), ...withData.slice(0, 2)],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Username or email'), 'bo');
    await expect(await canvas.findByText('4 people found')).toBeVisible();
    await canvas.findByRole('button', { name: 'Add friend: bobby' });
  },
};

/** Enter sent a request the server refused (409): the message under the field. */
export const SendConflict: Story = {
  tags: ['expected-console-errors', 'expected-http-errors'],
  parameters: {
    msw: [
      fail('post', '/friends/friendships/', 409, {
        detail: 'You are already friends with bo.',
        code: 'conflict',
      }),
      ok('/friends/users/search/', searchResults.slice(0, 1)),
      ...withData.slice(0, 2),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Username or email'), 'bo@example.com{Enter}');
    // The search (300 ms after the last key) settles too, or it would move the layout later.
    await expect(await canvas.findByText('1 person found')).toBeVisible();
    await expect(
      await canvas.findByText(
        'You are already friends with this person, or a request is already open.',
      ),
    ).toBeVisible();
  },
};

/** Remove asks first: the confirmation dialog. */
export const RemoveConfirm: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Remove bo' }));
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog');
    await expect(within(dialog).getByRole('button', { name: 'Remove friend' })).toBeVisible();
  },
};

export const Dark: Story = inMatrix({ theme: 'dark' });

export const Spanish: Story = inMatrix({ locale: 'es' });

export const SpanishEmpty: Story = inMatrix({ locale: 'es' }, { parameters: { msw: empty } });

export const Phone: Story = inMatrix({ viewport: 'phone' });

export const PhoneDarkSpanish: Story = inMatrix({ viewport: 'phone', theme: 'dark', locale: 'es' });
