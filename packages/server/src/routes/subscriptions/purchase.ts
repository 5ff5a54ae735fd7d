/**
 * Buying, listing, cancelling and the status of the caller's subscriptions. The provider is called
 * outside transactions (a network call must not hold row locks), before the state it changes.
 * A purchase claims its pending subscription under the user's purchase lock, then asks the
 * provider for the checkout; parallel purchases wait for that one checkout (issue 38).
 */
import type { Context } from 'hono';
import { clockOf } from '../../clock.ts';
import type { Handlers, Schemas } from '../../contract/types.ts';
import { inviterOfPlan } from '../../db/queries/invitations.ts';
import type { Query } from '../../db/queries/pg.ts';
import {
  deleteUnfinishedClaim,
  expireLapsed,
  insertSubscription,
  lockPurchasesOf,
  openPurchaseOf,
  paymentsOf,
  type SubscriptionRecord,
  saveState,
  setCheckout,
  subscriptionOf,
  subscriptionsOf,
} from '../../db/queries/subscriptions.ts';
import { inTransaction } from '../../db/transaction.ts';
import { languageOf } from '../../domain/progress/activities.ts';
import type { AccountType } from '../../domain/subscriptions/entitlements.ts';
import {
  CHECKOUT_CLAIM_SECONDS,
  CHECKOUT_WAIT_MS,
  canCancel,
  cancel,
  canRenew,
  checkoutPollDelayMs,
  externalReference,
  grantsAccess,
  PURCHASABLE_PLANS,
  type PurchasablePlan,
  statusAt,
} from '../../domain/subscriptions/subscriptions.ts';
import type { AppEnv } from '../../http/context.ts';
import { currentUser } from '../../http/current-user.ts';
import { ApiError, notFound } from '../../http/errors.ts';
import { notify } from '../../notifications/index.ts';
import { deliverMail } from '../../services/mail/delivery.ts';
import { queueSubscriptionMail } from './mail.ts';
import { MESSAGES } from './messages.ts';
import { renderPayment, renderSubscription } from './responses.ts';

const conflict = (field: string, message: string) =>
  new ApiError(409, 'conflict', message, { fields: { [field]: [message] } });

const providerUnavailable = () =>
  new ApiError(503, 'unavailable', 'The payment provider is unavailable. Try again later.');

const providerDown = (error: unknown, c: Context<AppEnv>) => {
  c.get('deps').logger.warn('payments: provider call failed', {
    request_id: c.get('requestId'),
    message: (error as Error).message,
  });
  return providerUnavailable();
};

/**
 * Asks the provider for the checkout of the claimed subscription and stores it; null when the
 * claim is gone. A failed call deletes the claim, so that the next purchase starts afresh.
 */
async function checkoutFor(
  c: Context<AppEnv>,
  claimed: SubscriptionRecord,
  planName: PurchasablePlan,
): Promise<SubscriptionRecord | null> {
  const { sql, providers } = c.get('deps');
  const plan = PURCHASABLE_PLANS[planName];
  const origin = publicOrigin(c);
  let checkout: Awaited<ReturnType<typeof providers.payments.createCheckout>>;
  try {
    checkout = await providers.payments.createCheckout({
      externalReference: externalReference(claimed.id, planName),
      reason: `Memoria ${plan.displayName}`,
      payerEmail: currentUser(c).email,
      amount: plan.amount,
      currency: plan.currency,
      // The provider sends the buyer back here; the marker makes /profile confirm the payment.
      backUrl: `${origin}/profile?checkout=done`,
      notificationUrl: `${origin}/be/api/auth/subscriptions/webhook/`,
    });
  } catch (error) {
    await deleteUnfinishedClaim(sql, claimed.id);
    throw providerDown(error, c);
  }
  return setCheckout(sql, claimed.id, checkout);
}

/** The product's own address as the provider must call it back: `PUBLIC_URL`, never the Host. */
export function publicOrigin(c: Context<AppEnv>): string {
  return c.get('deps').publicUrl;
}

export const handlers: Handlers = {
  async createSubscription(c, { body }) {
    const user = currentUser(c);
    const { sql, providers } = c.get('deps');
    const now = clockOf(c.get('deps')).now();
    const planName = body.plan_name;
    const plan = PURCHASABLE_PLANS[planName];
    const answer = (subscription: SubscriptionRecord) =>
      c.json(
        {
          subscription: renderSubscription(subscription, now),
          checkout_url: subscription.checkoutUrl,
        } satisfies Schemas['SubscriptionCheckout'],
        201,
      );
    const waitUntil = Date.now() + CHECKOUT_WAIT_MS;
    let waited = false;
    for (let round = 0; ; round += 1) {
      // Under the user's purchase lock: one call at a time decides, in a short transaction.
      const step = await inTransaction(sql, async (tx) => {
        await lockPurchasesOf(tx, user.id);
        await expireLapsed(tx, user.id, now);
        const found = await openPurchaseOf(tx, user.id, CHECKOUT_CLAIM_SECONDS);
        const open = found?.subscription;
        if (open?.status === 'active') throw conflict('plan_name', MESSAGES.alreadySubscribed);
        // The buyer closed the checkout tab, or a parallel call made it: the same checkout again.
        if (open?.checkoutUrl) return { kind: 'ready', subscription: open } as const;
        if (found?.checkoutInProgress) return { kind: 'wait' } as const;
        // The call this one waited for could not reach the provider: the same answer as it got.
        if (waited && !open) throw providerUnavailable();
        if (user.accountType !== 'free' && c.get('planUntil') === null) {
          throw conflict('plan_name', MESSAGES.planIncluded);
        }
        if (open) await deleteUnfinishedClaim(tx, open.id); // a claim whose call died
        const claimed = await insertSubscription(tx, {
          userId: user.id,
          planName,
          amount: plan.amount,
          currency: plan.currency,
          provider: providers.payments.name,
          locale: languageOf(c.req.header('accept-language')),
        });
        return { kind: 'claimed', subscription: claimed } as const;
      });
      if (step.kind === 'ready') return answer(step.subscription);
      if (step.kind === 'claimed') {
        // The provider is called with no transaction open (the network must not hold a
        // connection or a lock); parallel calls meanwhile see the claim and wait for its checkout.
        const saved = await checkoutFor(c, step.subscription, planName);
        if (saved) return answer(saved);
        // The claim was taken for dead meanwhile and replaced: look again.
      } else {
        if (Date.now() >= waitUntil) throw providerUnavailable();
        waited = true;
        await new Promise((resolve) => setTimeout(resolve, checkoutPollDelayMs(round)));
      }
    }
  },

  async listSubscriptions(c) {
    const user = currentUser(c);
    const now = clockOf(c.get('deps')).now();
    const list = await subscriptionsOf(c.get('deps').sql, user.id);
    return c.json(
      list.map((s) => renderSubscription(s, now)),
      200,
    );
  },

  async cancelSubscription(c, { params }) {
    const user = currentUser(c);
    const { sql, providers } = c.get('deps');
    const clock = clockOf(c.get('deps'));
    const found = await subscriptionOf(sql, params.id, user.id);
    if (!found) throw notFound('No subscription with this id.');
    if (!canCancel(found, clock.now())) throw conflict('id', MESSAGES.notCancellable);
    if (found.providerSubscriptionId) {
      try {
        await providers.payments.cancelAuthorization(found.providerSubscriptionId);
      } catch (error) {
        throw providerDown(error, c);
      }
    }
    const saved = await inTransaction(sql, async (tx) => {
      const now = clock.now();
      const locked = await subscriptionOf(tx, params.id, user.id, true);
      if (!locked || !canCancel(locked, now)) throw conflict('id', MESSAGES.notCancellable);
      const next = await saveState(tx, locked.id, cancel(locked, now));
      await queueSubscriptionMail(tx, locked, next, publicOrigin(c));
      await notify(tx, user.id, 'subscription_changed', {
        subscription_id: next.id,
        status: 'cancelled',
        plan_name: next.planName,
        end_date: next.endDate?.toISOString() ?? null,
      });
      return next;
    });
    await deliverMail(c);
    return c.json(renderSubscription(saved, clock.now()), 200);
  },

  async listPaymentHistory(c, { params }) {
    const user = currentUser(c);
    const { sql } = c.get('deps');
    const found = await subscriptionOf(sql, params.id, user.id);
    if (!found) throw notFound('No subscription with this id.');
    return c.json((await paymentsOf(sql, found.id)).map(renderPayment), 200);
  },

  async getSubscriptionStatus(c) {
    const user = currentUser(c);
    const now = clockOf(c.get('deps')).now();
    const list = await subscriptionsOf(c.get('deps').sql, user.id);
    const access = list.find((s) => grantsAccess(s, now));
    const open = list.find((s) => ['pending', 'active'].includes(statusAt(s, now)));
    const current = open ?? access ?? list[0] ?? null;
    const status = current ? statusAt(current, now) : null;
    const answer: Schemas['SubscriptionStatus'] = {
      has_active_subscription: access !== undefined,
      account_type: user.accountType,
      subscription_id: current?.id ?? null,
      plan_name: current?.planName ?? null,
      status,
      end_date: current?.endDate?.toISOString() ?? null,
      next_billing_date:
        current && status === 'active' ? (current.nextBillingDate?.toISOString() ?? null) : null,
      access_until: (c.get('planUntil') ?? access?.endDate)?.toISOString() ?? null,
      can_cancel: current ? canCancel(current, now) : false,
      can_renew: !open && current !== null && canRenew(current, now),
      // Why the latest purchase failed, so the profile can say why the account stayed free.
      failure_reason: status === 'failed' ? (current?.failureReason ?? null) : null,
      // A checkout left unfinished can be continued from the profile.
      checkout_url: status === 'pending' ? (current?.checkoutUrl ?? null) : null,
      ...(await planSource(c.get('deps').sql, user, access)),
    };
    return c.json(answer, 200);
  },
};

/**
 * Where the caller's plan comes from, so the profile can say it (issue 40): a paid subscription of
 * that plan, else an applied invitation of it (and its sender), else the account itself.
 */
async function planSource(
  sql: Query,
  user: { id: number; accountType: AccountType },
  access: SubscriptionRecord | undefined,
): Promise<Pick<Schemas['SubscriptionStatus'], 'plan_source' | 'plan_invited_by'>> {
  if (user.accountType === 'free') return { plan_source: 'free', plan_invited_by: null };
  if (access?.planName === user.accountType) {
    return { plan_source: 'subscription', plan_invited_by: null };
  }
  const inviter = await inviterOfPlan(sql, user.id, user.accountType);
  return inviter
    ? { plan_source: 'invitation', plan_invited_by: inviter }
    : { plan_source: 'account', plan_invited_by: null };
}
