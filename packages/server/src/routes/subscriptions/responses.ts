/** Subscription records as the contract's schemas, their status as of the request's clock. */
import type { Schemas } from '../../contract/types.ts';
import type { PaymentRecord, SubscriptionRecord } from '../../db/queries/subscriptions.ts';
import { statusAt } from '../../domain/subscriptions/subscriptions.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function renderSubscription(s: SubscriptionRecord, now: Date): Schemas['Subscription'] {
  const status = statusAt(s, now);
  return {
    id: s.id,
    plan_name: s.planName,
    status,
    failure_reason: s.failureReason,
    checkout_url: status === 'pending' ? s.checkoutUrl : null,
    start_date: iso(s.startDate),
    end_date: iso(s.endDate),
    next_billing_date: status === 'active' ? iso(s.nextBillingDate) : null,
    cancelled_at: iso(s.cancelledAt),
    amount: s.amount,
    currency: s.currency,
    provider: s.provider,
    created_at: s.createdAt.toISOString(),
    updated_at: s.updatedAt.toISOString(),
  };
}

export function renderPayment(p: PaymentRecord): Schemas['Payment'] {
  return {
    id: p.id,
    subscription_id: p.subscriptionId,
    amount: p.amount,
    currency: p.currency,
    status: p.status,
    provider: p.provider,
    provider_payment_id: p.providerPaymentId,
    paid_at: iso(p.paidAt),
    created_at: p.createdAt.toISOString(),
  };
}
