/**
 * Notifications (`tags: [notifications]`): the bell's list, mark seen and soft delete, in the
 * `auth` pattern of `query.ts`. The events stream (`events.ts`) invalidates `all` on each
 * `notification` event, so the list updates live.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';
import { type ApiRequestError, unwrap } from './errors.ts';
import {
  invalidateAndRefetch,
  type MutationHookOptions,
  type QueryHookOptions,
  useSignedInQuery,
} from './query.ts';
import type { components } from './schema.d.ts';

type Schemas = components['schemas'];
export type Notification = Schemas['Notification'];
export type NotificationPage = Schemas['NotificationPage'];
export type NotificationKind = Schemas['NotificationKind'];

/** How many notifications the bell shows (its first page). */
export const NOTIFICATIONS_PAGE_SIZE = 20;

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (pageSize: number) => ['notifications', 'list', pageSize] as const,
};

export const notificationQueries = {
  list: (pageSize = NOTIFICATIONS_PAGE_SIZE) =>
    queryOptions<NotificationPage, ApiRequestError>({
      queryKey: notificationKeys.list(pageSize),
      queryFn: async ({ signal }) =>
        unwrap(
          await api.GET('/notifications/', { params: { query: { page_size: pageSize } }, signal }),
        ),
    }),
};

/** `GET notifications/` (newest first, with `unseen_count`); idle while signed out. */
export function useNotificationList(
  pageSize = NOTIFICATIONS_PAGE_SIZE,
  options: QueryHookOptions<NotificationPage> = {},
) {
  return useSignedInQuery(notificationQueries.list(pageSize), options);
}

/** A cached page as it is once notifications up to `upToId` (all when undefined) are seen. */
export function markPageSeen(page: NotificationPage, upToId?: number): NotificationPage {
  const now = new Date().toISOString();
  const covered = (n: Notification) => upToId === undefined || n.id <= upToId;
  const results = page.results.map((n) => (covered(n) && !n.seen_at ? { ...n, seen_at: now } : n));
  return { ...page, results, unseen_count: results.filter((n) => !n.seen_at).length };
}

/** `POST notifications/mark_seen/` (all, or up to an id); refreshes the list afterwards. */
export function useMarkNotificationsSeen(
  options: MutationHookOptions<Schemas['MarkNotificationsSeenResult'], { upToId?: number }> = {},
) {
  const client = useQueryClient();
  const { onSuccess } = options;
  return useMutation<Schemas['MarkNotificationsSeenResult'], ApiRequestError, { upToId?: number }>({
    ...options,
    // The badge resets at once, before the server answers.
    onMutate: async (variables, context) => {
      client.setQueriesData<NotificationPage>({ queryKey: notificationKeys.all }, (page) =>
        page ? markPageSeen(page, variables.upToId) : page,
      );
      return options.onMutate?.(variables, context);
    },
    mutationFn: async ({ upToId }) =>
      unwrap(
        await api.POST('/notifications/mark_seen/', {
          body: upToId === undefined ? {} : { up_to_id: upToId },
        }),
      ),
    onSuccess: async (...args) => {
      await invalidateAndRefetch(client, notificationKeys.all);
      return onSuccess?.(...args);
    },
  });
}

/** `DELETE notifications/{id}/` (soft delete); refreshes the list afterwards. */
export function useDeleteNotification(options: MutationHookOptions<void, { id: number }> = {}) {
  const client = useQueryClient();
  const { onSuccess } = options;
  return useMutation<void, ApiRequestError, { id: number }>({
    ...options,
    mutationFn: async ({ id }) => {
      unwrap(await api.DELETE('/notifications/{id}/', { params: { path: { id } } }));
    },
    onSuccess: async (...args) => {
      await invalidateAndRefetch(client, notificationKeys.all);
      return onSuccess?.(...args);
    },
  });
}
