import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, type TestBackend } from '../../test/harness.ts';
import { helpers, SUBS, useSandbox } from '../../test/subscriptions.ts';
import { SIGNATURE_TOLERANCE_SECONDS } from './webhook.ts';

/** Notifications the sandbox sent, held back so the test delivers them itself. */
let held: Request[] = [];
let holding = false;

let t: TestBackend;
beforeAll(async () => {
  t = await createTestBackend();
  useSandbox(t, (request) => {
    if (!holding) return null;
    held.push(request);
    return Promise.resolve(new Response(null, { status: 200 }));
  });
});
afterAll(async () => {
  await t?.close();
});

const { buy, decide, status, accountType, webhook, sandboxRow } = helpers(() => t);

/** A user with a checkout decided at the sandbox whose notifications have not arrived yet. */
async function decidedButUnnotified(decision: 'approve' | 'decline') {
  const user = await t.signUp();
  const bought = await buy(user);
  const checkout = bought.checkout as string;
  holding = true;
  held = [];
  try {
    expect((await decide(checkout, decision)).status).toBe(200);
  } finally {
    holding = false;
  }
  const paymentId = (await sandboxRow(checkout))?.payment_id as string;
  return { user, checkout, paymentId, subscriptionId: bought.body.subscription.id as number };
}

const snapshot = async (subscriptionId: number) => {
  const [row] = await t.database.sql`select status, end_date, failure_reason,
      (select count(*)::int from subscription_payments where subscription_id = ${subscriptionId}) as payments,
      (select count(*)::int from notifications n join subscriptions s on s.user_id = n.user_id
        where s.id = ${subscriptionId}) as notifications
    from subscriptions where id = ${subscriptionId}`;
  return row;
};

describe('the payment webhook', () => {
  it('is what the sandbox calls: signed, with the resource only named', async () => {
    const { paymentId, checkout } = await decidedButUnnotified('approve');
    expect(held).toHaveLength(2);
    const [first, second] = held as [Request, Request];
    const url = new URL(first.url);
    expect(url.pathname).toBe(`${SUBS}/webhook/`);
    expect(url.searchParams.get('type')).toBe('subscription_authorized_payment');
    expect(url.searchParams.get('data.id')).toBe(paymentId);
    expect(first.headers.get('x-signature')).toMatch(/^ts=\d+,v1=[0-9a-f]{64}$/);
    expect(first.headers.get('x-request-id')).toBeTruthy();
    expect(new URL(second.url).searchParams.get('data.id')).toBe(checkout);
  });

  it('applies a valid signature, and the same notification twice changes nothing', async () => {
    const { user, paymentId, subscriptionId } = await decidedButUnnotified('approve');
    expect(await accountType(user)).toBe('free');
    const first = await webhook('subscription_authorized_payment', paymentId);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ received: true });
    const after = await snapshot(subscriptionId);
    expect(after).toMatchObject({ status: 'active', payments: 1, notifications: 1 });
    expect(await accountType(user)).toBe('standard');
    for (const _ of [1, 2]) {
      expect((await webhook('subscription_authorized_payment', paymentId)).status).toBe(200);
    }
    expect((await t.app.request(held[0] as Request)).status).toBe(200);
    expect(await snapshot(subscriptionId)).toEqual(after);
  });

  it('refuses a missing, wrong or stale signature and changes nothing', async () => {
    const { paymentId, subscriptionId, user } = await decidedButUnnotified('approve');
    const before = await snapshot(subscriptionId);
    const now = Math.floor(Date.now() / 1000);
    const refused = [
      await webhook('subscription_authorized_payment', paymentId, { signature: null }),
      await webhook('subscription_authorized_payment', paymentId, { secret: 'not-the-secret' }),
      await webhook('subscription_authorized_payment', paymentId, {
        ts: now - SIGNATURE_TOLERANCE_SECONDS - 60,
      }),
      await webhook('subscription_authorized_payment', paymentId, { signature: 'ts=1,v1=abc' }),
      await webhook('subscription_authorized_payment', paymentId, { signature: 'garbage' }),
    ];
    for (const res of refused) {
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('not_authenticated');
    }
    // Signed for another resource: the signature covers data.id.
    const other = await t.request(
      'POST',
      `${SUBS}/webhook/?type=subscription_authorized_payment&data.id=${paymentId}`,
      {
        headers: {
          'x-request-id': 'req-1',
          'x-signature': (held[1] as Request).headers.get('x-signature') as string,
        },
        body: {},
      },
    );
    expect(other.status).toBe(401);
    expect(await snapshot(subscriptionId)).toEqual(before);
    expect(await accountType(user)).toBe('free');
  });

  it('handles the authorisation arriving after the payment, and before it', async () => {
    // Payment first, then authorisation (the sandbox's own order).
    const a = await decidedButUnnotified('approve');
    expect((await webhook('subscription_authorized_payment', a.paymentId)).status).toBe(200);
    expect((await webhook('subscription_preapproval', a.checkout)).status).toBe(200);
    expect(await snapshot(a.subscriptionId)).toMatchObject({ status: 'active', payments: 1 });
    // Authorisation first: it grants nothing by itself; the payment then activates.
    const b = await decidedButUnnotified('approve');
    expect((await webhook('subscription_preapproval', b.checkout)).status).toBe(200);
    expect(await snapshot(b.subscriptionId)).toMatchObject({ status: 'pending', payments: 0 });
    expect((await webhook('subscription_authorized_payment', b.paymentId)).status).toBe(200);
    expect(await snapshot(b.subscriptionId)).toMatchObject({ status: 'active', payments: 1 });
    // A declined checkout: the cancelled authorisation first, then the rejected payment.
    const c = await decidedButUnnotified('decline');
    await webhook('subscription_preapproval', c.checkout);
    expect(await snapshot(c.subscriptionId)).toMatchObject({
      status: 'failed',
      failure_reason: 'checkout_cancelled',
    });
    await webhook('subscription_authorized_payment', c.paymentId);
    expect(await snapshot(c.subscriptionId)).toMatchObject({
      status: 'failed',
      failure_reason: 'payment_rejected',
      payments: 1,
    });
    expect(await accountType(c.user)).toBe('free');
  });

  it('refuses a payment whose amount, currency or plan does not match, changing nothing', async () => {
    const tampered = [
      (id: string) => t.database.sql`update sandbox_checkouts set amount = 1 where id = ${id}`,
      (id: string) =>
        t.database.sql`update sandbox_checkouts set currency = 'USD' where id = ${id}`,
      (id: string) =>
        t.database.sql`update sandbox_checkouts
          set external_reference = replace(external_reference, ':standard', ':enterprise')
          where id = ${id}`,
    ];
    for (const tamper of tampered) {
      const { checkout, paymentId, subscriptionId, user } = await decidedButUnnotified('approve');
      await tamper(checkout);
      const before = await snapshot(subscriptionId);
      const res = await webhook('subscription_authorized_payment', paymentId);
      expect(res.status).toBe(400);
      expect(res.body.field_codes).toEqual({ data: ['payment_mismatch'] });
      expect((await webhook('subscription_preapproval', checkout)).status).toBe(400);
      expect(await snapshot(subscriptionId)).toEqual(before);
      expect(await accountType(user)).toBe('free');
    }
  });

  it('acknowledges resources and topics that are not ours without changing anything', async () => {
    expect((await webhook('subscription_authorized_payment', 'sbx_pay_unknown')).status).toBe(200);
    expect((await webhook('subscription_preapproval', 'sbx_unknown')).status).toBe(200);
    expect((await webhook('merchant_order', '123')).status).toBe(200);
  });

  it('answers 503 when the provider cannot be read, so it retries', async () => {
    const { paymentId, subscriptionId, user } = await decidedButUnnotified('approve');
    const sandbox = t.deps.providers.payments;
    t.deps.providers.payments = {
      ...sandbox,
      name: 'sandbox',
      webhookSecret: sandbox.webhookSecret,
      getPayment: () => Promise.reject(new Error('timeout')),
    };
    try {
      expect((await webhook('subscription_authorized_payment', paymentId)).status).toBe(503);
    } finally {
      t.deps.providers.payments = sandbox;
    }
    expect(await snapshot(subscriptionId)).toMatchObject({ status: 'pending', payments: 0 });
    expect((await status(user)).status).toBe('pending');
  });
});

describe('the test clock', () => {
  it('is refused unless the server allows it', async () => {
    const strict = await createTestBackend();
    try {
      const user = await strict.signUp();
      const res = await strict.request('PUT', `${SUBS}/test-clock/`, {
        token: user.access,
        body: { offset_seconds: 3600 },
      });
      expect(res.status).toBe(403);
      expect(res.body.field_codes).toEqual({ offset_seconds: ['test_clock_disabled'] });
    } finally {
      await strict.close();
    }
  });
});
