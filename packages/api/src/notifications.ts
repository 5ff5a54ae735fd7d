/**
 * Notifications (`tags: [notifications]`): the bell's list, mark seen and soft delete, in the
 * `auth` pattern of `query.ts`. The events stream (`events.ts`) invalidates `all` on each
 * `notification` event, so the list updates live.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';
import { type ApiRequestError, unwrap } from './errors.ts';
import { type MutationHookOptions, type QueryHookOptions, useSignedInQuery } from './query.ts';
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

/** `POST notifications/mark_seen/` (all, or up to an id); refreshes the list afterwards. */
export function useMarkNotificationsSeen(
  options: MutationHookOptions<Schemas['MarkNotificationsSeenResult'], { upToId?: number }> = {},
) {
  const client = useQueryClient();
  const { onSuccess } = options;
  return useMutation<Schemas['MarkNotificationsSeenResult'], ApiRequestError, { upToId?: number }>({
    ...options,
    mutationFn: async ({ upToId }) =>
      unwrap(
        await api.POST('/notifications/mark_seen/', {
          body: upToId === undefined ? {} : { up_to_id: upToId },
        }),
      ),
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey: notificationKeys.all });
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
      await client.invalidateQueries({ queryKey: notificationKeys.all });
      return onSuccess?.(...args);
    },
  });
}
