/**
 * The payment provider's notifications. Nothing in the body is trusted: the signature is checked
 * first (Mercado Pago's `x-signature`, with the SDK's own validator), then the named resource is
 * read back from the provider and checked against the subscription it claims (plan, amount,
 * currency, authorisation), and only then applied through the domain rules, under the
 * subscription's row lock. Reports already applied change nothing, whatever their order.
 */

import type { Context } from 'hono';
import { clockOf } from '../../clock.ts';
import type { Handlers } from '../../contract/types.ts';
import {
  lockSubscription,
  paidAccessUntil,
  recordPayment,
  type SubscriptionRecord,
  saveState,
} from '../../db/queries/subscriptions.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import {
  applyAuthorization,
  applyPayment,
  matchesPrice,
  parseExternalReference,
  type SubscriptionState,
} from '../../domain/subscriptions/subscriptions.ts';
import type { AppEnv } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import { notify } from '../../notifications/index.ts';
import type { ProviderAuthorization, ProviderPayment } from '../../providers/payments/types.ts';
import {
  signatureFailureReason,
  verifyWebhookSignature,
} from '../../providers/payments/webhook-signature.ts';
import { deliverMail } from '../../services/mail/delivery.ts';
import { queueSubscriptionMail } from './mail.ts';
import { MESSAGES } from './messages.ts';
import { publicOrigin } from './purchase.ts';

/** How old a signed notification may be (its `ts`) before it is refused as a replay. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const received = (c: Context<AppEnv>) => c.json({ received: true }, 200);

function mismatch(c: Context<AppEnv>, why: string): ApiError {
  c.get('deps').logger.warn('payments: notification does not match its subscription', {
    request_id: c.get('requestId'),
    why,
  });
  return new ApiError(400, 'validation_error', MESSAGES.paymentMismatch, {
    fields: { data: [MESSAGES.paymentMismatch] },
  });
}

async function verifySignature(c: Context<AppEnv>, dataId: string | undefined): Promise<void> {
  try {
    if (!dataId)
      throw new Error('no data.id in the URL: the signature would not cover the resource');
    verifyWebhookSignature({
      xSignature: c.req.header('x-signature'),
      xRequestId: c.req.header('x-request-id'),
      // Mercado Pago signs alphanumeric ids in lower case.
      dataId: dataId.toLowerCase(),
      secret: await c.get('deps').providers.payments.webhookSecret(),
      toleranceSeconds: SIGNATURE_TOLERANCE_SECONDS,
    });
  } catch (error) {
    const reason = signatureFailureReason(error);
    c.get('deps').logger.warn('payments: notification refused', {
      request_id: c.get('requestId'),
      reason,
    });
    throw new ApiError(
      401,
      'not_authenticated',
      'The notification signature is missing, wrong or stale.',
    );
  }
}

/** Whether the state differs in anything a rule changes. */
function changed(a: SubscriptionState, b: SubscriptionState): boolean {
  return (
    a.status !== b.status ||
    a.failureReason !== b.failureReason ||
    a.endDate?.getTime() !== b.endDate?.getTime() ||
    a.nextBillingDate?.getTime() !== b.nextBillingDate?.getTime() ||
    a.cancelledAt?.getTime() !== b.cancelledAt?.getTime()
  );
}

async function save(
  c: Context<AppEnv>,
  tx: Tx,
  before: SubscriptionRecord,
  next: SubscriptionState,
): Promise<void> {
  if (!changed(before, next)) return;
  await saveState(tx, before.id, next);
  await queueSubscriptionMail(tx, before, next, publicOrigin(c));
  await notify(tx, before.userId, 'subscription_changed', {
    subscription_id: before.id,
    status: next.status,
    plan_name: before.planName,
    end_date: next.endDate?.toISOString() ?? null,
  });
}

/**
 * The subscription a provider resource names, checked: its plan, price and authorisation must be
 * the subscription's. Null when the resource names none of ours (acknowledged and ignored).
 */
function check(
  c: Context<AppEnv>,
  s: SubscriptionRecord | null,
  plan: string,
  resource: { amount: number | null; currency: string | null; authorizationId: string | null },
): SubscriptionRecord | null {
  if (!s) return null;
  if (s.provider !== c.get('deps').providers.payments.name) throw mismatch(c, 'provider');
  if (plan !== s.planName) throw mismatch(c, 'plan');
  if (!matchesPrice(s, resource)) throw mismatch(c, 'amount or currency');
  if (resource.authorizationId && resource.authorizationId !== s.providerSubscriptionId) {
    throw mismatch(c, 'authorisation');
  }
  return s;
}

async function applyAuthorizationReport(c: Context<AppEnv>, auth: ProviderAuthorization) {
  const ref = parseExternalReference(auth.externalReference);
  if (!ref) return;
  const clock = clockOf(c.get('deps'));
  await inTransaction(c.get('deps').sql, async (tx) => {
    const s = check(c, await lockSubscription(tx, ref.subscriptionId), ref.plan, {
      ...auth,
      authorizationId: auth.id,
    });
    if (s) await save(c, tx, s, applyAuthorization(s, auth.status, clock.now()));
  });
}

async function applyPaymentReport(c: Context<AppEnv>, payment: ProviderPayment) {
  const ref = parseExternalReference(payment.externalReference);
  if (!ref) return;
  const { sql, providers } = c.get('deps');
  const clock = clockOf(c.get('deps'));
  await inTransaction(sql, async (tx) => {
    const s = check(c, await lockSubscription(tx, ref.subscriptionId), ref.plan, payment);
    if (!s) return;
    const isNew = await recordPayment(tx, {
      subscriptionId: s.id,
      amount: payment.amount ?? s.amount,
      currency: payment.currency ?? s.currency,
      status: payment.status,
      statusDetail: payment.statusDetail,
      provider: providers.payments.name,
      providerPaymentId: payment.id,
      paidAt: payment.paidAt,
    });
    const now = clock.now();
    const paidUntil = await paidAccessUntil(tx, s.userId, s.id, now);
    await save(c, tx, s, applyPayment(s, { status: payment.status, isNew }, now, paidUntil));
  });
}

/** Reads the resource back; an unreachable provider is 503, so the provider retries later. */
async function readBack<T>(c: Context<AppEnv>, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    c.get('deps').logger.warn('payments: provider read failed', {
      request_id: c.get('requestId'),
      message: (error as Error).message,
    });
    throw new ApiError(503, 'unavailable', 'The payment provider is unavailable.');
  }
}

export const handlers: Handlers = {
  async handleSubscriptionWebhook(c, { query }) {
    const dataId = query['data.id'];
    await verifySignature(c, dataId);
    const id = dataId as string;
    const { payments } = c.get('deps').providers;
    switch (query.type) {
      case 'subscription_preapproval': {
        const auth = await readBack(c, () => payments.getAuthorization(id));
        if (auth) await applyAuthorizationReport(c, auth);
        break;
      }
      case 'subscription_authorized_payment':
      case 'payment': {
        const topic = query.type;
        const payment = await readBack(c, () => payments.getPayment(id, topic));
        if (payment) await applyPaymentReport(c, payment);
        break;
      }
      default:
        // Topics that do not touch subscriptions (merchant orders, chargebacks…) are acknowledged.
        break;
    }
    await deliverMail(c);
    return received(c);
  },
};
