/**
 * Buying, listing, cancelling and the status of the caller's subscriptions. The provider is called
 * outside transactions (a network call must not hold row locks), before the state it changes.
 */
import type { Context } from 'hono';
import { clockOf } from '../../clock.ts';
import type { Handlers, Schemas } from '../../contract/types.ts';
import {
  deleteSubscription,
  expireLapsed,
  insertSubscription,
  openSubscriptionOf,
  paymentsOf,
  saveState,
  setCheckout,
  subscriptionOf,
  subscriptionsOf,
} from '../../db/queries/subscriptions.ts';
import { inTransaction } from '../../db/transaction.ts';
import { uniqueViolation } from '../../db/unique-violation.ts';
import { languageOf } from '../../domain/activities.ts';
import {
  canCancel,
  cancel,
  canRenew,
  externalReference,
  grantsAccess,
  PURCHASABLE_PLANS,
  statusAt,
} from '../../domain/subscriptions.ts';
import type { AppEnv } from '../../http/context.ts';
import { currentUser } from '../../http/current-user.ts';
import { ApiError, notFound } from '../../http/errors.ts';
import { notify } from '../../notifications/index.ts';
import { deliverMail, queueSubscriptionMail } from './mail.ts';
import { MESSAGES } from './messages.ts';
import { renderPayment, renderSubscription } from './responses.ts';

const conflict = (field: string, message: string) =>
  new ApiError(409, 'conflict', message, { fields: { [field]: [message] } });

const providerDown = (error: unknown, c: Context<AppEnv>) => {
  c.get('deps').logger.warn('payments: provider call failed', {
    request_id: c.get('requestId'),
    message: (error as Error).message,
  });
  return new ApiError(503, 'unavailable', 'The payment provider is unavailable. Try again later.');
};

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
    await expireLapsed(sql, user.id, now);
    const open = await openSubscriptionOf(sql, user.id);
    if (open?.status === 'active') throw conflict('plan_name', MESSAGES.alreadySubscribed);
    if (open?.status === 'pending' && open.checkoutUrl) {
      // The buyer closed the checkout tab: the same checkout again, not a second one.
      const answer = {
        subscription: renderSubscription(open, now),
        checkout_url: open.checkoutUrl,
      };
      return c.json(answer satisfies Schemas['SubscriptionCheckout'], 201);
    }
    if (user.accountType !== 'free' && c.get('planUntil') === null) {
      throw conflict('plan_name', MESSAGES.planIncluded);
    }
    let created: Awaited<ReturnType<typeof insertSubscription>>;
    try {
      if (open) await deleteSubscription(sql, open.id); // pending without a checkout: a failed try
      created = await insertSubscription(sql, {
        userId: user.id,
        planName,
        amount: plan.amount,
        currency: plan.currency,
        provider: providers.payments.name,
        locale: languageOf(c.req.header('accept-language')),
      });
    } catch (error) {
      if (uniqueViolation(error)) throw conflict('plan_name', MESSAGES.alreadySubscribed);
      throw error;
    }
    const origin = publicOrigin(c);
    let checkout: Awaited<ReturnType<typeof providers.payments.createCheckout>>;
    try {
      checkout = await providers.payments.createCheckout({
        externalReference: externalReference(created.id, planName),
        reason: `Memoria ${plan.displayName}`,
        payerEmail: user.email,
        amount: plan.amount,
        currency: plan.currency,
        // The provider sends the buyer back here; the marker makes /profile confirm the payment.
        backUrl: `${origin}/profile?checkout=done`,
        notificationUrl: `${origin}/be/api/auth/subscriptions/webhook/`,
      });
    } catch (error) {
      await deleteSubscription(sql, created.id);
      throw providerDown(error, c);
    }
    const saved = await setCheckout(sql, created.id, checkout);
    const answer = {
      subscription: renderSubscription(saved, now),
      checkout_url: saved.checkoutUrl,
    };
    return c.json(answer satisfies Schemas['SubscriptionCheckout'], 201);
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
    };
    return c.json(answer, 200);
  },
};
