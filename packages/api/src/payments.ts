/**
 * Plans, subscriptions and payments (`tags: [subscriptions]`), and the account details the
 * profile edits: query keys, `queryOptions` factories and hooks, in the `auth` pattern of
 * `query.ts`. A purchase or a cancel changes the plan, so the account's queries go stale with the
 * subscription's; the `subscription_changed` event (events.ts) does the same when the webhook
 * activates, fails or cancels a subscription, so the plan updates without a reload.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';
import { type ApiRequestError, unwrap } from './errors.ts';
import { useHydratedQuery } from './hydration.ts';
import {
  invalidateAndRefetch,
  type MutationHookOptions,
  type QueryHookOptions,
  queryKeys,
  useSignedInQuery,
} from './query.ts';
import type { components } from './schema.d.ts';

type Schemas = components['schemas'];
export type SubscriptionPlan = Schemas['SubscriptionPlan'];
export type Subscription = Schemas['Subscription'];
export type SubscriptionCheckout = Schemas['SubscriptionCheckout'];
export type SubscriptionStatus = Schemas['SubscriptionStatus'];
export type SubscriptionStatusValue = Schemas['SubscriptionStatusValue'];
export type SubscriptionFailureReason = Schemas['SubscriptionFailureReason'];
export type Payment = Schemas['Payment'];
export type SalesMessage = Schemas['SalesMessageCreate'];
export type UserUpdate = Schemas['UserUpdate'];

export const paymentKeys = {
  all: ['payments'] as const,
  plans: () => ['payments', 'plans'] as const,
  subscriptions: () => ['payments', 'subscriptions'] as const,
  status: () => ['payments', 'status'] as const,
  history: (subscriptionId: number) => ['payments', 'history', subscriptionId] as const,
};

/** What a change of subscription makes stale: the subscriptions and the account's plan. */
export const SUBSCRIPTION_CHANGE_KEYS = [paymentKeys.all, queryKeys.auth.all] as const;

export const paymentQueries = {
  /** `GET auth/subscription-plans/` (public). */
  plans: () =>
    queryOptions<SubscriptionPlan[], ApiRequestError>({
      queryKey: paymentKeys.plans(),
      queryFn: async ({ signal }) => unwrap(await api.GET('/auth/subscription-plans/', { signal })),
    }),
  /** `GET auth/subscriptions/`, newest first. */
  subscriptions: () =>
    queryOptions<Subscription[], ApiRequestError>({
      queryKey: paymentKeys.subscriptions(),
      queryFn: async ({ signal }) => unwrap(await api.GET('/auth/subscriptions/', { signal })),
    }),
  /** `GET auth/subscriptions/get_subscription_status/`. */
  status: () =>
    queryOptions<SubscriptionStatus, ApiRequestError>({
      queryKey: paymentKeys.status(),
      queryFn: async ({ signal }) =>
        unwrap(await api.GET('/auth/subscriptions/get_subscription_status/', { signal })),
    }),
  /** `GET auth/subscriptions/{id}/payment_history/`, newest first. */
  history: (id: number) =>
    queryOptions<Payment[], ApiRequestError>({
      queryKey: paymentKeys.history(id),
      queryFn: async ({ signal }) =>
        unwrap(
          await api.GET('/auth/subscriptions/{id}/payment_history/', {
            params: { path: { id } },
            signal,
          }),
        ),
    }),
};

export function useSubscriptionPlans(options: QueryHookOptions<SubscriptionPlan[]> = {}) {
  return useHydratedQuery(useQuery({ ...paymentQueries.plans(), ...options }));
}

export function useSubscriptions(options: QueryHookOptions<Subscription[]> = {}) {
  return useSignedInQuery(paymentQueries.subscriptions(), options);
}

export function useSubscriptionStatus(options: QueryHookOptions<SubscriptionStatus> = {}) {
  return useSignedInQuery(paymentQueries.status(), options);
}

export function usePaymentHistory(id: number | null, options: QueryHookOptions<Payment[]> = {}) {
  return useSignedInQuery(paymentQueries.history(id ?? 0), {
    ...options,
    enabled: id !== null && options.enabled !== false,
  });
}

function useInvalidateSubscription() {
  const client = useQueryClient();
  return () =>
    Promise.all(SUBSCRIPTION_CHANGE_KEYS.map((queryKey) => invalidateAndRefetch(client, queryKey)));
}

/** `POST auth/subscriptions/create_subscription/`: a pending subscription and its checkout URL. */
export function useCreateSubscription(
  options: MutationHookOptions<SubscriptionCheckout, Schemas['SubscriptionCreate']> = {},
) {
  const invalidate = useInvalidateSubscription();
  return useMutation({
    ...options,
    mutationFn: async (body) =>
      unwrap(await api.POST('/auth/subscriptions/create_subscription/', { body })),
    onSettled: async (...args) => {
      await invalidate();
      await options.onSettled?.(...args);
    },
  });
}

/** `POST auth/subscriptions/{id}/cancel_subscription/`: access stays until the end date. */
export function useCancelSubscription(options: MutationHookOptions<Subscription, number> = {}) {
  const invalidate = useInvalidateSubscription();
  return useMutation({
    ...options,
    mutationFn: async (id) =>
      unwrap(
        await api.POST('/auth/subscriptions/{id}/cancel_subscription/', {
          params: { path: { id } },
        }),
      ),
    onSettled: async (...args) => {
      await invalidate();
      await options.onSettled?.(...args);
    },
  });
}

/** `POST auth/contact-sales/` (public): the message goes to the sales outbox. */
export function useContactSales(
  options: MutationHookOptions<Schemas['SalesMessageReceipt'], SalesMessage> = {},
) {
  return useMutation({
    ...options,
    mutationFn: async (body) => unwrap(await api.POST('/auth/contact-sales/', { body })),
  });
}

/** `PATCH auth/users/{id}/`: the profile's name and username. */
export function useUpdateAccount(
  options: MutationHookOptions<Schemas['User'], { id: number; body: UserUpdate }> = {},
) {
  const client = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: async ({ id, body }) =>
      unwrap(await api.PATCH('/auth/users/{id}/', { params: { path: { id } }, body })),
    onSuccess: async (user, ...rest) => {
      client.setQueryData(queryKeys.auth.me(), user);
      await options.onSuccess?.(user, ...rest);
    },
  });
}
