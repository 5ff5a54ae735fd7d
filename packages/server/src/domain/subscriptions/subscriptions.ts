/**
 * Subscription rules (issue 14): the states a subscription moves through, what a provider's report
 * of a payment or of the recurring authorisation does to it, and the plan it grants. Pure: every
 * time comes from the caller's clock.
 */
import type { AccountType } from './entitlements.ts';

export type SubscriptionStatus = 'pending' | 'active' | 'cancelled' | 'expired' | 'failed';
export type FailureReason = 'payment_rejected' | 'checkout_cancelled';

/** The plans sold online and their price per month (product-spec §9: Standard 6.999 ARS). */
export const PURCHASABLE_PLANS = {
  standard: { amount: 6999, currency: 'ARS', displayName: 'Standard' },
} as const;
export type PurchasablePlan = keyof typeof PURCHASABLE_PLANS;

/**
 * A purchase first claims its pending subscription, then asks the provider for the checkout
 * outside any transaction; parallel calls of the same user wait for that checkout. A claim still
 * without one after this long belongs to a call that died (the provider's own time-out is 10 s),
 * and the next call replaces it.
 */
export const CHECKOUT_CLAIM_SECONDS = 60;

/** How long a parallel call waits for another call's checkout before answering 503. */
export const CHECKOUT_WAIT_MS = 20_000;

/** The pause before a waiting call looks again: 20 ms, doubling, at most 250 ms. */
export function checkoutPollDelayMs(round: number): number {
  return Math.min(20 * 2 ** round, 250);
}

export interface SubscriptionState {
  status: SubscriptionStatus;
  failureReason: FailureReason | null;
  startDate: Date | null;
  endDate: Date | null;
  nextBillingDate: Date | null;
  cancelledAt: Date | null;
}

/** One billing period (a calendar month) after `from`; the 31st falls back to the month's end. */
export function addBillingPeriod(from: Date): Date {
  const next = new Date(from);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

/** Whether the subscription still grants its plan at `now`: active or cancelled, before its end. */
export function grantsAccess(s: Pick<SubscriptionState, 'status' | 'endDate'>, now: Date): boolean {
  return (
    (s.status === 'active' || s.status === 'cancelled') &&
    s.endDate !== null &&
    s.endDate.getTime() > now.getTime()
  );
}

/**
 * The status as of `now`: an active or cancelled subscription whose end date has passed is
 * expired, whether or not anything has written that yet (the plan follows on every request).
 */
export function statusAt(
  s: Pick<SubscriptionState, 'status' | 'endDate'>,
  now: Date,
): SubscriptionStatus {
  if ((s.status === 'active' || s.status === 'cancelled') && !grantsAccess(s, now)) {
    return 'expired';
  }
  return s.status;
}

/** The account's plan: its own (seed, invitations) or, while a subscription grants it, that plan. */
export function effectiveAccountType(
  own: AccountType,
  subscribedPlan: AccountType | null,
): AccountType {
  if (!subscribedPlan) return own;
  const rank: Record<AccountType, number> = {
    free: 0,
    standard: 1,
    enterprise: 2,
    enterprise_plus: 3,
  };
  return rank[subscribedPlan] > rank[own] ? subscribedPlan : own;
}

export function canCancel(s: Pick<SubscriptionState, 'status' | 'endDate'>, now: Date): boolean {
  return statusAt(s, now) === 'active';
}

/** The account's newest active or cancelled subscription, as read with the user (JSON dates). */
export interface LatestSubscription {
  plan: AccountType;
  status: SubscriptionStatus;
  end_date: string | null;
}

/** The account's plan at `now` and, when a subscription grants it, until when. */
export function planAt(
  own: AccountType,
  latest: LatestSubscription | null,
  now: Date,
): { accountType: AccountType; until: Date | null } {
  const endDate = latest?.end_date ? new Date(latest.end_date) : null;
  if (!latest || !grantsAccess({ status: latest.status, endDate }, now)) {
    return { accountType: own, until: null };
  }
  return { accountType: effectiveAccountType(own, latest.plan), until: endDate };
}

/** A cancelled subscription can be renewed (a new purchase) while or after its access lasts. */
export function canRenew(s: Pick<SubscriptionState, 'status' | 'endDate'>, now: Date): boolean {
  const status = statusAt(s, now);
  return status === 'cancelled' || status === 'expired' || status === 'failed';
}

/** A payment as the provider reports it when read back. */
export type ProviderPaymentStatus = 'approved' | 'pending' | 'rejected' | 'refunded' | 'cancelled';

/**
 * What a payment the provider reports does to its subscription. An approved payment activates a
 * pending (or failed: the buyer tried again at the provider) subscription and extends an active
 * one by a period from its current end; it never revives a cancelled or expired one. A rejected
 * payment fails a pending subscription. Anything else changes nothing. `isNew` is false when this
 * payment was already recorded with this status: reporting it again changes nothing.
 * `paidUntil` is when access the account already paid for ends (a cancelled subscription still
 * running): a renewal bought before then starts its first period there, so no paid day is lost.
 */
export function applyPayment(
  s: SubscriptionState,
  payment: { status: ProviderPaymentStatus; isNew: boolean },
  now: Date,
  paidUntil: Date | null = null,
): SubscriptionState {
  if (!payment.isNew) return s;
  if (payment.status === 'approved') {
    // Periods run from when the product learns of the payment (its own clock), not from the
    // provider's timestamp: the two clocks may disagree, and access must start now.
    if (s.status === 'pending' || s.status === 'failed') {
      const from = paidUntil && paidUntil.getTime() > now.getTime() ? paidUntil : now;
      const endDate = addBillingPeriod(from);
      return {
        ...s,
        status: 'active',
        failureReason: null,
        startDate: s.startDate ?? from,
        endDate,
        nextBillingDate: endDate,
      };
    }
    if (s.status === 'active' && s.endDate) {
      const from = s.endDate.getTime() > now.getTime() ? s.endDate : now;
      const endDate = addBillingPeriod(from);
      return { ...s, endDate, nextBillingDate: endDate };
    }
    return s;
  }
  if (payment.status === 'rejected' && (s.status === 'pending' || s.status === 'failed')) {
    // A rejected payment says more than a checkout cancelled at the provider.
    return { ...s, status: 'failed', failureReason: 'payment_rejected' };
  }
  return s;
}

/** The recurring authorisation's status at the provider (Mercado Pago preapproval statuses). */
export type ProviderAuthorizationStatus = 'pending' | 'authorized' | 'paused' | 'cancelled';

/**
 * What the recurring authorisation's status does: authorised alone changes nothing (access starts
 * with the first approved payment, whichever notification comes first); cancelled at the provider
 * fails a pending subscription and cancels an active one (access stays until its end date).
 */
export function applyAuthorization(
  s: SubscriptionState,
  status: ProviderAuthorizationStatus,
  now: Date,
): SubscriptionState {
  if (status !== 'cancelled') return s;
  if (s.status === 'pending')
    return { ...s, status: 'failed', failureReason: 'checkout_cancelled' };
  if (s.status === 'active') return cancel(s, now);
  return s;
}

/** The user's cancel: access stays until the end date, nothing is billed again. */
export function cancel(s: SubscriptionState, now: Date): SubscriptionState {
  return { ...s, status: 'cancelled', cancelledAt: now, nextBillingDate: null };
}

/** Whether a provider's amount and currency are the plan's (compared in cents). */
export function matchesPrice(
  expected: { amount: number; currency: string },
  actual: { amount: number | null; currency: string | null },
): boolean {
  return (
    actual.amount !== null &&
    Math.round(actual.amount * 100) === Math.round(expected.amount * 100) &&
    (actual.currency ?? '').toUpperCase() === expected.currency.toUpperCase()
  );
}

/** How a provider's resources name our subscription and its plan (`external_reference`). */
export function externalReference(subscriptionId: number, plan: AccountType): string {
  return `memoria-subscription:${subscriptionId}:${plan}`;
}

export function parseExternalReference(
  value: string | null | undefined,
): { subscriptionId: number; plan: string } | null {
  const match = /^memoria-subscription:(\d{1,10}):([a-z_]{1,30})$/.exec(value ?? '');
  if (!match) return null;
  const subscriptionId = Number(match[1]);
  if (!Number.isSafeInteger(subscriptionId) || subscriptionId > 2147483647) return null;
  return { subscriptionId, plan: match[2] as string };
}
