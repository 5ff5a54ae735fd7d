/**
 * Friends (`tags: [friends]`): query keys, `queryOptions` factories and hooks for every operation,
 * in the `auth` pattern of `query.ts`. Every friend change writes a notification for the other
 * person, so the events stream's `notification` events invalidate `friendKeys.all` (see
 * `EVENT_INVALIDATIONS`); pending requests also poll every 10 s while the stream is not live.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from './client.ts';
import { PENDING_REQUESTS_REFETCH_MS } from './constants.ts';
import { type ApiRequestError, unwrap } from './errors.ts';
import { notificationKeys } from './notifications.ts';
import {
  type MutationHookOptions,
  type QueryHookOptions,
  queryKeys,
  useInvalidating,
  useSignedInQuery,
} from './query.ts';
import type { components } from './schema.d.ts';
import { pollUnlessStreamed } from './stores.ts';

type Schemas = components['schemas'];
export type Friendship = Schemas['Friendship'];
export type FriendshipPage = Schemas['FriendshipPage'];
export type Friend = Schemas['Friend'];
export type FriendPage = Schemas['FriendPage'];
export type UserSearchResult = Schemas['UserSearchResult'];
export type FriendRequestCreate = Schemas['FriendRequestCreate'];
export type FriendRequestDirection = 'received' | 'sent';

/** The lists' page size (contract default). */
export const FRIENDS_PAGE_SIZE = 20;
/** The add-friend search waits this long after the last keystroke (as the top bar's search). */
export const FRIEND_SEARCH_DEBOUNCE_MS = 300;

export type FriendsPageParams = { page?: number; pageSize?: number };

export const friendKeys = {
  all: ['friends'] as const,
  /** Every page of the friend list. */
  lists: () => ['friends', 'list'] as const,
  list: ({ page = 1, pageSize = FRIENDS_PAGE_SIZE }: FriendsPageParams = {}) =>
    ['friends', 'list', { page, pageSize }] as const,
  /** Every pending list (received, sent, both). */
  pendingAll: () => ['friends', 'pending'] as const,
  pending: (
    direction: FriendRequestDirection | 'all' = 'all',
    { page = 1, pageSize = FRIENDS_PAGE_SIZE }: FriendsPageParams = {},
  ) => ['friends', 'pending', direction, { page, pageSize }] as const,
  search: (q: string) => ['friends', 'search', q] as const,
};

export const friendQueries = {
  /** `GET friends/friendships/friend_list/`: friends by username, one page. */
  list: (params: FriendsPageParams = {}) =>
    queryOptions<FriendPage, ApiRequestError>({
      queryKey: friendKeys.list(params),
      queryFn: async ({ signal }) =>
        unwrap(
          await api.GET('/friends/friendships/friend_list/', {
            params: {
              query: { page: params.page ?? 1, page_size: params.pageSize ?? FRIENDS_PAGE_SIZE },
            },
            signal,
          }),
        ),
    }),
  /** `GET friends/friendships/pending/`, newest first; polled every 10 s unless streamed. */
  pending: (direction: FriendRequestDirection | 'all' = 'all', params: FriendsPageParams = {}) =>
    queryOptions<FriendshipPage, ApiRequestError>({
      queryKey: friendKeys.pending(direction, params),
      queryFn: async ({ signal }) =>
        unwrap(
          await api.GET('/friends/friendships/pending/', {
            params: {
              query: {
                page: params.page ?? 1,
                page_size: params.pageSize ?? FRIENDS_PAGE_SIZE,
                ...(direction === 'all' ? {} : { direction }),
              },
            },
            signal,
          }),
        ),
      refetchInterval: pollUnlessStreamed(friendKeys.pendingAll(), PENDING_REQUESTS_REFETCH_MS),
      refetchIntervalInBackground: true,
    }),
  /** `GET friends/users/search/?q=`: at most 10 users, emails only of friends. */
  search: (q: string) =>
    queryOptions<UserSearchResult[], ApiRequestError>({
      queryKey: friendKeys.search(q),
      queryFn: async ({ signal }) =>
        unwrap(await api.GET('/friends/users/search/', { params: { query: { q } }, signal })),
    }),
};

/** `GET friends/friendships/friend_list/` (one page, by username). */
export function useFriends(
  params: FriendsPageParams = {},
  options: QueryHookOptions<FriendPage> = {},
) {
  return useSignedInQuery(friendQueries.list(params), options);
}

/** `GET friends/friendships/pending/`, every 10 s (also in the background) unless streamed. */
export function usePendingFriendRequests(
  direction: FriendRequestDirection | 'all' = 'all',
  params: FriendsPageParams = {},
  options: QueryHookOptions<FriendshipPage> = {},
) {
  return useSignedInQuery(friendQueries.pending(direction, params), options);
}

/** `GET friends/users/search/?q=`; idle for a blank text. Keeps the last results while typing. */
export function useUserSearch(q: string, options: QueryHookOptions<UserSearchResult[]> = {}) {
  const text = q.trim();
  return useSignedInQuery(friendQueries.search(text), {
    placeholderData: keepPreviousData,
    ...options,
    enabled: text !== '' && options.enabled !== false,
  });
}

/**
 * A friends mutation that refreshes every friends list, the bell and the friends ranking when it
 * succeeds (the other person's pages learn of it through their `notification` event).
 */
function useFriendsMutation<TData, TVariables>(
  options: MutationHookOptions<TData, TVariables>,
  mutationFn: (variables: TVariables) => Promise<TData>,
) {
  return useInvalidating(options, mutationFn, () => [
    friendKeys.all,
    notificationKeys.all,
    queryKeys.progress.rankings,
  ]);
}

/** `POST friends/friendships/` by email or username (accepts theirs when they asked first). */
export function useSendFriendRequest(
  options: MutationHookOptions<Friendship, FriendRequestCreate> = {},
) {
  return useFriendsMutation(options, async (body) =>
    unwrap(await api.POST('/friends/friendships/', { body })),
  );
}

export type FriendshipAction = 'accept' | 'reject' | 'cancel';

/** `POST friends/friendships/{id}/accept/`, `reject/` or `cancel/`. */
export function useAnswerFriendRequest(
  options: MutationHookOptions<Friendship, { id: number; action: FriendshipAction }> = {},
) {
  return useFriendsMutation(options, async ({ id, action }) => {
    const params = { path: { id } };
    if (action === 'accept') {
      return unwrap(await api.POST('/friends/friendships/{id}/accept/', { params }));
    }
    if (action === 'reject') {
      return unwrap(await api.POST('/friends/friendships/{id}/reject/', { params }));
    }
    return unwrap(await api.POST('/friends/friendships/{id}/cancel/', { params }));
  });
}

/** `POST friends/friendships/{id}/remove/`. */
export function useRemoveFriend(options: MutationHookOptions<void, { id: number }> = {}) {
  return useFriendsMutation(options, async ({ id }) => {
    unwrap(await api.POST('/friends/friendships/{id}/remove/', { params: { path: { id } } }));
  });
}
