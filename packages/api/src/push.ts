/**
 * Push notifications (issue 46): the server's VAPID key and the caller's subscribed browsers
 * (`auth/push-subscriptions/`), and this browser's side, its service worker's `PushManager`.
 * Turning them on subscribes this browser and stores it; off deletes it and unsubscribes.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';
import { type ApiRequestError, unwrap } from './errors.ts';
import { invalidateAndRefetch, type QueryHookOptions, useSignedInQuery } from './query.ts';
import type { components } from './schema.d.ts';

type Schemas = components['schemas'];
export type PushSubscriptionList = Schemas['PushSubscriptionList'];

export const pushKeys = {
  all: ['push-subscriptions'] as const,
  list: ['push-subscriptions', 'list'] as const,
  browser: ['push-subscriptions', 'this-browser'] as const,
};

export const pushQueries = {
  list: () =>
    queryOptions<PushSubscriptionList, ApiRequestError>({
      queryKey: pushKeys.list,
      queryFn: async ({ signal }) => unwrap(await api.GET('/auth/push-subscriptions/', { signal })),
    }),
};

/** `GET auth/push-subscriptions/`: the public key (null: push is off) and the caller's browsers. */
export function usePushSubscriptions(options: QueryHookOptions<PushSubscriptionList> = {}) {
  return useSignedInQuery(pushQueries.list(), options);
}

/** This browser's push manager, or null where the Push API (or a service worker) is missing. */
export async function browserPushManager(): Promise<PushManager | null> {
  if (typeof window === 'undefined' || !('PushManager' in window)) return null;
  if (!('serviceWorker' in navigator)) return null;
  const registration = await navigator.serviceWorker.ready;
  return registration.pushManager ?? null;
}

/** Whether this browser can receive push notifications at all (no worker or Push API: no). */
export function browserSupportsPush(): boolean {
  return typeof window !== 'undefined' && 'PushManager' in window && 'serviceWorker' in navigator;
}

/** This browser's current push endpoint, or null when it is not subscribed. */
export function useThisBrowserPushEndpoint(enabled: boolean) {
  return useQuery<string | null>({
    queryKey: pushKeys.browser,
    enabled,
    queryFn: async () => {
      const manager = await browserPushManager();
      const subscription = await manager?.getSubscription();
      return subscription?.endpoint ?? null;
    },
  });
}

/** Turned on: subscribed in the browser and stored on the server; off: both undone. */
export function useSetPush() {
  const client = useQueryClient();
  return useMutation<void, Error, { on: boolean; publicKey: string }>({
    mutationFn: async ({ on, publicKey }) => {
      const manager = await browserPushManager();
      if (!manager) throw new Error('This browser cannot receive push notifications.');
      if (on) {
        const subscription = await manager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: publicKey,
        });
        const json = subscription.toJSON();
        unwrap(
          await api.POST('/auth/push-subscriptions/', {
            body: {
              endpoint: subscription.endpoint,
              keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
            },
          }),
        );
        return;
      }
      const subscription = await manager.getSubscription();
      if (!subscription) return;
      const list = unwrap(await api.GET('/auth/push-subscriptions/', {}));
      const stored = list.results.find((s) => s.endpoint === subscription.endpoint);
      if (stored) {
        unwrap(
          await api.DELETE('/auth/push-subscriptions/{id}/', {
            params: { path: { id: stored.id } },
          }),
        );
      }
      await subscription.unsubscribe();
    },
    onSettled: () => invalidateAndRefetch(client, pushKeys.all),
  });
}
