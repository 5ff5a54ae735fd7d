import { describe, expect, it } from 'vitest';
import {
  addBillingPeriod,
  applyAuthorization,
  applyPayment,
  canCancel,
  canRenew,
  externalReference,
  matchesPrice,
  parseExternalReference,
  planAt,
  type SubscriptionState,
  statusAt,
} from './subscriptions.ts';

const at = (iso: string) => new Date(iso);
const pending: SubscriptionState = {
  status: 'pending',
  failureReason: null,
  startDate: null,
  endDate: null,
  nextBillingDate: null,
  cancelledAt: null,
};

describe('subscription rules', () => {
  it('bills by calendar month, the 31st falling back to the month end', () => {
    expect(addBillingPeriod(at('2026-01-31T10:00:00Z')).toISOString()).toBe(
      '2026-02-28T10:00:00.000Z',
    );
    expect(addBillingPeriod(at('2026-11-23T22:00:00Z')).toISOString()).toBe(
      '2026-12-23T22:00:00.000Z',
    );
  });

  it('activates on the first approved payment and ignores the same report again', () => {
    const now = at('2026-11-23T22:00:00Z');
    const active = applyPayment(pending, { status: 'approved', isNew: true }, now);
    expect(active).toMatchObject({ status: 'active', startDate: now });
    expect(active.endDate?.toISOString()).toBe('2026-12-23T22:00:00.000Z');
    expect(applyPayment(active, { status: 'approved', isNew: false }, now)).toBe(active);
    // A renewal charge extends from the current end, not from now.
    const renewed = applyPayment(active, { status: 'approved', isNew: true }, now);
    expect(renewed.endDate?.toISOString()).toBe('2027-01-23T22:00:00.000Z');
  });

  it('starts a renewal bought while a cancelled subscription still runs at that one’s end', () => {
    const now = at('2026-11-23T22:00:00Z');
    const paidUntil = at('2026-12-10T10:00:00Z');
    const renewal = applyPayment(pending, { status: 'approved', isNew: true }, now, paidUntil);
    expect(renewal).toMatchObject({ status: 'active', startDate: paidUntil });
    expect(renewal.endDate?.toISOString()).toBe('2027-01-10T10:00:00.000Z');
    // Access that already ended gives nothing to carry: the period starts now.
    const late = applyPayment(pending, { status: 'approved', isNew: true }, now, at('2026-11-01'));
    expect(late.startDate).toEqual(now);
  });

  it('fails a pending subscription on a rejected payment or a cancelled checkout, saying why', () => {
    const now = at('2026-11-23T22:00:00Z');
    expect(applyPayment(pending, { status: 'rejected', isNew: true }, now)).toMatchObject({
      status: 'failed',
      failureReason: 'payment_rejected',
    });
    const cancelled = applyAuthorization(pending, 'cancelled', now);
    expect(cancelled).toMatchObject({ status: 'failed', failureReason: 'checkout_cancelled' });
    // The rejected payment arriving after says more than the cancelled checkout.
    expect(applyPayment(cancelled, { status: 'rejected', isNew: true }, now).failureReason).toBe(
      'payment_rejected',
    );
    // An authorisation alone grants nothing: access starts with a payment.
    expect(applyAuthorization(pending, 'authorized', now)).toBe(pending);
  });

  it('never revives a cancelled subscription with a late payment', () => {
    const now = at('2026-11-23T22:00:00Z');
    const active = applyPayment(pending, { status: 'approved', isNew: true }, now);
    const cancelled = applyAuthorization(active, 'cancelled', now);
    expect(cancelled).toMatchObject({ status: 'cancelled', nextBillingDate: null });
    expect(applyPayment(cancelled, { status: 'approved', isNew: true }, now)).toBe(cancelled);
  });

  it('keeps access until the end date after a cancel, then expires', () => {
    const start = at('2026-11-23T22:00:00Z');
    const active = applyPayment(pending, { status: 'approved', isNew: true }, start);
    const cancelled = applyAuthorization(active, 'cancelled', start);
    const before = at('2026-12-23T21:59:59Z');
    const after = at('2026-12-23T22:00:00Z');
    expect(statusAt(cancelled, before)).toBe('cancelled');
    expect(
      planAt(
        'free',
        { plan: 'standard', status: 'cancelled', end_date: '2026-12-23T22:00:00Z' },
        before,
      ),
    ).toEqual({ accountType: 'standard', until: at('2026-12-23T22:00:00Z') });
    expect(statusAt(cancelled, after)).toBe('expired');
    expect(
      planAt(
        'free',
        { plan: 'standard', status: 'cancelled', end_date: '2026-12-23T22:00:00Z' },
        after,
      ),
    ).toEqual({ accountType: 'free', until: null });
    expect(canCancel(active, before)).toBe(true);
    expect(canCancel(cancelled, before)).toBe(false);
    expect(canRenew(cancelled, before)).toBe(true);
    expect(canRenew(active, before)).toBe(false);
  });

  it('never lowers an account whose own plan is higher', () => {
    const latest = {
      plan: 'standard' as const,
      status: 'active' as const,
      end_date: '2099-01-01T00:00:00Z',
    };
    expect(planAt('enterprise', latest, at('2026-11-23T00:00:00Z')).accountType).toBe('enterprise');
  });

  it('compares prices in cents and currencies regardless of case', () => {
    const plan = { amount: 6999, currency: 'ARS' };
    expect(matchesPrice(plan, { amount: 6999.0, currency: 'ars' })).toBe(true);
    expect(matchesPrice(plan, { amount: 6998.99, currency: 'ARS' })).toBe(false);
    expect(matchesPrice(plan, { amount: 6999, currency: 'USD' })).toBe(false);
    expect(matchesPrice(plan, { amount: null, currency: 'ARS' })).toBe(false);
  });

  it('reads back only its own external references', () => {
    expect(parseExternalReference(externalReference(42, 'standard'))).toEqual({
      subscriptionId: 42,
      plan: 'standard',
    });
    expect(parseExternalReference('order-42')).toBeNull();
    expect(parseExternalReference('memoria-subscription:99999999999:standard')).toBeNull();
    expect(parseExternalReference(null)).toBeNull();
  });
});
