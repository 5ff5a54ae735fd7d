/** Subscriptions, their payments and the sales outbox: every SQL statement on those tables. */

import type { Language } from '../../domain/language.ts';
import type { AccountType } from '../../domain/subscriptions/entitlements.ts';
import type {
  FailureReason,
  SubscriptionState,
  SubscriptionStatus,
} from '../../domain/subscriptions/subscriptions.ts';
import { iso, pgDate, pgDateOrNull, type Query } from './pg.ts';

export interface SubscriptionRecord extends SubscriptionState {
  id: number;
  userId: number;
  planName: AccountType;
  amount: number;
  currency: string;
  provider: 'mercadopago' | 'sandbox';
  providerSubscriptionId: string | null;
  checkoutUrl: string | null;
  /** The buyer's language when buying: the subscription's emails are in it. */
  locale: Language;
  createdAt: Date;
  updatedAt: Date;
}

interface SubscriptionRow {
  id: number;
  user_id: number;
  plan_name: AccountType;
  status: SubscriptionStatus;
  failure_reason: FailureReason | null;
  amount: string;
  currency: string;
  provider: 'mercadopago' | 'sandbox';
  provider_subscription_id: string | null;
  checkout_url: string | null;
  locale: string;
  start_date: string | null;
  end_date: string | null;
  next_billing_date: string | null;
  cancelled_at: string | null;
  created_at: string;
  updated_at: string;
}

function toSubscription(row: SubscriptionRow): SubscriptionRecord {
  return {
    id: row.id,
    userId: row.user_id,
    planName: row.plan_name,
    status: row.status,
    failureReason: row.failure_reason,
    amount: Number(row.amount),
    currency: row.currency,
    provider: row.provider,
    providerSubscriptionId: row.provider_subscription_id,
    checkoutUrl: row.checkout_url,
    locale: row.locale === 'es' ? 'es' : 'en',
    startDate: pgDateOrNull(row.start_date),
    endDate: pgDateOrNull(row.end_date),
    nextBillingDate: pgDateOrNull(row.next_billing_date),
    cancelledAt: pgDateOrNull(row.cancelled_at),
    createdAt: pgDate(row.created_at),
    updatedAt: pgDate(row.updated_at),
  };
}

/**
 * Writes `expired` on the user's subscriptions whose access ended by `now`. Reads already show
 * them expired (domain `statusAt`); this frees the one-open-subscription slot for a new purchase.
 */
export async function expireLapsed(q: Query, userId: number, now: Date): Promise<void> {
  await q`update subscriptions
    set status = 'expired', next_billing_date = null, updated_at = now()
    where user_id = ${userId} and status in ('active', 'cancelled') and end_date <= ${iso(now)}`;
}

/**
 * Until when the user's other subscriptions already give access at `now` (a cancelled one still
 * running, at most one), or null: where a renewal's first period starts.
 */
export async function paidAccessUntil(
  q: Query,
  userId: number,
  exceptId: number,
  now: Date,
): Promise<Date | null> {
  const [row] = await q<{ until: Date | string | null }[]>`select max(end_date) as until
    from subscriptions
    where user_id = ${userId} and id <> ${exceptId} and status in ('active', 'cancelled')
      and end_date > ${iso(now)}`;
  return pgDateOrNull(row?.until ?? null);
}

export async function insertSubscription(
  q: Query,
  values: {
    userId: number;
    planName: AccountType;
    amount: number;
    currency: string;
    provider: string;
    locale: Language;
  },
): Promise<SubscriptionRecord> {
  const [row] = await q<SubscriptionRow[]>`insert into subscriptions
    (user_id, plan_name, amount, currency, provider, locale)
    values (${values.userId}, ${values.planName}, ${values.amount}, ${values.currency},
            ${values.provider}, ${values.locale})
    returning *`;
  if (!row) throw new Error('insertSubscription returned no row');
  return toSubscription(row);
}

/**
 * Serialises the user's purchases until the transaction ends: whoever holds it decides alone
 * whether to return the open checkout, wait for one being made, or make one (a transaction-level
 * advisory lock: nothing else in the product takes it, and a crash releases it).
 */
export async function lockPurchasesOf(q: Query, userId: number): Promise<void> {
  await q`select pg_advisory_xact_lock(hashtext('subscription_purchase'), ${userId})`;
}

/**
 * The user's open subscription for a purchase, locked, and whether it is a claim less than
 * `claimSeconds` old still without its checkout: another call is asking the provider for it
 * (older, that call died on the way). One statement, so both describe the same row version.
 */
export async function openPurchaseOf(
  q: Query,
  userId: number,
  claimSeconds: number,
): Promise<{ subscription: SubscriptionRecord; checkoutInProgress: boolean } | null> {
  const [row] = await q<(SubscriptionRow & { in_progress: boolean })[]>`select *,
      status = 'pending' and checkout_url is null
        and updated_at > now() - make_interval(secs => ${claimSeconds}) as in_progress
    from subscriptions
    where user_id = ${userId} and status in ('pending', 'active')
    for update`;
  return row ? { subscription: toSubscription(row), checkoutInProgress: row.in_progress } : null;
}

/**
 * Stores the provider's checkout on the pending subscription claimed for it; null when that claim
 * is gone (its call was given up as dead, and the subscription deleted).
 */
export async function setCheckout(
  q: Query,
  id: number,
  checkout: { providerSubscriptionId: string; checkoutUrl: string | null },
): Promise<SubscriptionRecord | null> {
  const [row] = await q<SubscriptionRow[]>`update subscriptions
    set provider_subscription_id = ${checkout.providerSubscriptionId},
        checkout_url = ${checkout.checkoutUrl}, updated_at = now()
    where id = ${id} and status = 'pending' and provider_subscription_id is null
    returning *`;
  return row ? toSubscription(row) : null;
}

/** Deletes a claim whose checkout could not be made (and nothing else: never a bought one). */
export async function deleteUnfinishedClaim(q: Query, id: number): Promise<void> {
  await q`delete from subscriptions
    where id = ${id} and status = 'pending' and provider_subscription_id is null`;
}

/** The user's subscriptions, newest first. */
export async function subscriptionsOf(q: Query, userId: number): Promise<SubscriptionRecord[]> {
  const rows = await q<SubscriptionRow[]>`select * from subscriptions
    where user_id = ${userId} order by created_at desc, id desc`;
  return rows.map(toSubscription);
}

/** One of the user's subscriptions (null for another user's id); `lock` for an update. */
export async function subscriptionOf(
  q: Query,
  id: number,
  userId: number,
  lock = false,
): Promise<SubscriptionRecord | null> {
  const [row] = lock
    ? await q<SubscriptionRow[]>`select * from subscriptions
        where id = ${id} and user_id = ${userId} for update`
    : await q<SubscriptionRow[]>`select * from subscriptions
        where id = ${id} and user_id = ${userId}`;
  return row ? toSubscription(row) : null;
}

/** A subscription by id, locked for the webhook's update. */
export async function lockSubscription(q: Query, id: number): Promise<SubscriptionRecord | null> {
  const [row] = await q<SubscriptionRow[]>`select * from subscriptions where id = ${id} for update`;
  return row ? toSubscription(row) : null;
}

export async function saveState(
  q: Query,
  id: number,
  s: SubscriptionState,
): Promise<SubscriptionRecord> {
  const [row] = await q<SubscriptionRow[]>`update subscriptions set
      status = ${s.status}, failure_reason = ${s.failureReason},
      start_date = ${iso(s.startDate)}, end_date = ${iso(s.endDate)},
      next_billing_date = ${iso(s.nextBillingDate)}, cancelled_at = ${iso(s.cancelledAt)},
      checkout_url = case when ${s.status} = 'pending' then checkout_url end,
      updated_at = now()
    where id = ${id} returning *`;
  if (!row) throw new Error(`saveState: no subscription ${id}`);
  return toSubscription(row);
}

/** Who a subscription's emails go to, and how to greet them and date things for them. */
export async function buyerOf(
  q: Query,
  userId: number,
): Promise<{ email: string; name: string; timeZone: string } | null> {
  const [row] = await q<
    { email: string; first_name: string; username: string; timezone: string }[]
  >`
    select email, first_name, username, timezone from users where id = ${userId}`;
  if (!row) return null;
  return { email: row.email, name: row.first_name.trim() || row.username, timeZone: row.timezone };
}

export interface PaymentRecord {
  id: number;
  subscriptionId: number;
  amount: number;
  currency: string;
  status: 'approved' | 'pending' | 'rejected' | 'refunded' | 'cancelled';
  provider: 'mercadopago' | 'sandbox';
  providerPaymentId: string;
  paidAt: Date | null;
  createdAt: Date;
}

interface PaymentRow {
  id: number;
  subscription_id: number;
  amount: string;
  currency: string;
  status: PaymentRecord['status'];
  provider: PaymentRecord['provider'];
  provider_payment_id: string;
  paid_at: string | null;
  created_at: string;
}

function toPayment(row: PaymentRow): PaymentRecord {
  return {
    id: row.id,
    subscriptionId: row.subscription_id,
    amount: Number(row.amount),
    currency: row.currency,
    status: row.status,
    provider: row.provider,
    providerPaymentId: row.provider_payment_id,
    paidAt: pgDateOrNull(row.paid_at),
    createdAt: pgDate(row.created_at),
  };
}

/**
 * Records a provider's payment; returns whether its status is new (first seen, or changed), so
 * that the same report twice changes nothing.
 */
export async function recordPayment(
  q: Query,
  p: {
    subscriptionId: number;
    amount: number;
    currency: string;
    status: PaymentRecord['status'];
    statusDetail: string | null;
    provider: string;
    providerPaymentId: string;
    paidAt: Date | null;
  },
): Promise<boolean> {
  const [row] = await q<{ inserted: boolean }[]>`
    insert into subscription_payments
      (subscription_id, amount, currency, status, status_detail, provider, provider_payment_id,
       paid_at)
    values (${p.subscriptionId}, ${p.amount}, ${p.currency}, ${p.status}, ${p.statusDetail},
            ${p.provider}, ${p.providerPaymentId}, ${iso(p.paidAt)})
    on conflict (provider, provider_payment_id) do update
      set status = excluded.status, status_detail = excluded.status_detail,
          paid_at = excluded.paid_at
      where subscription_payments.status is distinct from excluded.status
    returning true as inserted`;
  return row !== undefined;
}

export async function paymentsOf(q: Query, subscriptionId: number): Promise<PaymentRecord[]> {
  const rows = await q<PaymentRow[]>`select * from subscription_payments
    where subscription_id = ${subscriptionId} order by created_at desc, id desc`;
  return rows.map(toPayment);
}

export async function insertSalesMessage(
  q: Query,
  m: {
    name: string;
    email: string;
    phone: string;
    company: string;
    message: string;
    userId: number | null;
  },
): Promise<number> {
  const [row] = await q<{ id: number }[]>`insert into sales_outbox
    (name, email, phone, company, message, user_id)
    values (${m.name}, ${m.email}, ${m.phone}, ${m.company}, ${m.message}, ${m.userId})
    returning id`;
  if (!row) throw new Error('insertSalesMessage returned no row');
  return row.id;
}
