import { describe, expect, it } from 'vitest';
import { subscriptionMail, subscriptionMailKind } from './subscription-mail.ts';
import type { SubscriptionState } from './subscriptions.ts';

const base: SubscriptionState = {
  status: 'pending',
  failureReason: null,
  startDate: null,
  endDate: null,
  nextBillingDate: null,
  cancelledAt: null,
};
const end = new Date('2026-03-05T12:00:00Z');
const active: SubscriptionState = { ...base, status: 'active', startDate: end, endDate: end };

const facts = {
  name: 'Ana',
  planName: 'standard',
  amount: 6999,
  currency: 'ARS',
  endDate: end,
  failureReason: null,
  origin: 'https://memoria.example',
  timeZone: 'America/Argentina/Buenos_Aires',
};

describe('which change sends which email', () => {
  it('names the purchase, a renewal, a failure and a cancel, and nothing else', () => {
    const later = new Date('2026-04-05T12:00:00Z');
    expect(subscriptionMailKind(base, active)).toBe('subscription_activated');
    expect(subscriptionMailKind({ ...base, status: 'failed' }, active)).toBe(
      'subscription_activated',
    );
    expect(subscriptionMailKind(active, { ...active, endDate: later })).toBe(
      'subscription_renewed',
    );
    expect(
      subscriptionMailKind(base, { ...base, status: 'failed', failureReason: 'payment_rejected' }),
    ).toBe('subscription_failed');
    expect(subscriptionMailKind(active, { ...active, status: 'cancelled' })).toBe(
      'subscription_cancelled',
    );
    expect(subscriptionMailKind(active, active)).toBeNull();
    expect(subscriptionMailKind(active, { ...active, status: 'expired' })).toBeNull();
    expect(
      subscriptionMailKind(
        { ...base, status: 'failed', failureReason: 'checkout_cancelled' },
        { ...base, status: 'failed', failureReason: 'payment_rejected' },
      ),
    ).toBeNull();
  });
});

describe('the emails, in English and Spanish', () => {
  it('confirms a purchase with the amount, the end date in the buyer’s zone and the profile', () => {
    const en = subscriptionMail('subscription_activated', 'en', facts);
    expect(en.subject).toBe('Your Memoria Standard subscription is active');
    expect(en.body).toMatch(/We received your payment of ARS\s6,999\.00\./);
    expect(en.body).toContain('until March 5, 2026');
    expect(en.body).toContain('https://memoria.example/profile');
    const es = subscriptionMail('subscription_activated', 'es', facts);
    expect(es.subject).toBe('Tu suscripción Standard de Memoria está activa');
    expect(es.body).toMatch(/^Hola, Ana:\n\nRecibimos tu pago de ARS\s6\.999,00\./);
    expect(es.body).toContain('hasta el 5 de marzo de 2026');
  });

  it('dates in the buyer’s time zone, and in UTC for a zone Node does not know', () => {
    const late = { ...facts, endDate: new Date('2026-03-06T02:00:00Z') };
    expect(subscriptionMail('subscription_renewed', 'en', late).body).toContain('March 5, 2026');
    const unknown = { ...late, timeZone: 'Mars/Olympus_Mons' };
    expect(subscriptionMail('subscription_renewed', 'en', unknown).body).toContain('March 6, 2026');
  });

  it('says why a payment failed', () => {
    const rejected = { ...facts, failureReason: 'payment_rejected' as const };
    const cancelled = { ...facts, failureReason: 'checkout_cancelled' as const };
    expect(subscriptionMail('subscription_failed', 'en', rejected).body).toContain('declined');
    expect(subscriptionMail('subscription_failed', 'en', cancelled).body).toContain(
      'cancelled before it was completed',
    );
    expect(subscriptionMail('subscription_failed', 'es', rejected).body).toContain('rechazó');
    expect(subscriptionMail('subscription_failed', 'es', cancelled).body).toContain(
      'se canceló antes de completarse',
    );
    expect(subscriptionMail('subscription_failed', 'es', rejected).body).toContain(
      'https://memoria.example/pricing',
    );
  });

  it('tells a cancel until when the plan lasts', () => {
    expect(subscriptionMail('subscription_cancelled', 'en', facts).body).toContain(
      'You keep the Standard plan until March 5, 2026; after that your account is free.',
    );
    expect(subscriptionMail('subscription_cancelled', 'es', facts).subject).toBe(
      'Cancelaste tu suscripción Standard de Memoria',
    );
  });
});
