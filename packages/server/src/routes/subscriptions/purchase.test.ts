import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, type TestBackend } from '../../test/harness.ts';
import { DAY, helpers, SUBS, useSandbox } from '../../test/subscriptions.ts';

let t: TestBackend;
/** The URLs the sandbox's webhook notifications were sent to. */
const notified: string[] = [];
beforeAll(async () => {
  t = await createTestBackend();
  useSandbox(t, (request) => {
    notified.push(request.url);
    return null;
  });
});
afterAll(async () => {
  await t?.close();
});

const { buy, decide, status, accountType, premium, moveClock } = helpers(() => t);

describe('plans', () => {
  it('lists the four plans signed out (no token), Standard at 6.999 ARS a month the only one bought online', async () => {
    const res = await t.request('GET', '/be/api/auth/subscription-plans/');
    expect(res.status).toBe(200);
    expect(res.body.map((p: { name: string }) => p.name)).toEqual([
      'free',
      'standard',
      'enterprise',
      'enterprise_plus',
    ]);
    expect(res.body[1]).toMatchObject({
      price: 6999,
      currency: 'ARS',
      billing_period: 'monthly',
      is_purchasable: true,
    });
    expect(res.body.filter((p: { is_purchasable: boolean }) => p.is_purchasable)).toHaveLength(1);
  });
});

describe('buying Standard through the sandbox', () => {
  it('goes pending → active → cancelled (access until the end) → expired, then renews', async () => {
    const ana = await t.signUp();
    expect(await premium(ana)).toBe(403);

    const bought = await buy(ana);
    expect(bought.status).toBe(201);
    expect(bought.body.subscription).toMatchObject({
      status: 'pending',
      plan_name: 'standard',
      amount: 6999,
      currency: 'ARS',
      provider: 'sandbox',
    });
    expect(bought.checkout).toBeTruthy();
    const checkout = bought.checkout as string;
    expect(await accountType(ana)).toBe('free');
    // Buying again while pending answers the same checkout.
    const again = await buy(ana);
    expect(again.body.subscription.id).toBe(bought.body.subscription.id);
    expect(again.checkout).toBe(checkout);
    // While pending, the status carries the checkout so the profile can continue the payment.
    expect(await status(ana)).toMatchObject({
      status: 'pending',
      checkout_url: bought.body.checkout_url,
    });

    const page = await t.app.request(`/be/api/auth/sandbox-checkout/${checkout}/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('this is a test payment. No money is charged.');
    expect(html).toContain('value="approve"');
    expect(html).toContain('value="decline"');
    // Issue 40: the page has the product's look, under a CSP that allows its one style by hash
    // (still no script).
    const style = html.match(/<style>([\s\S]*?)<\/style>/)?.[1] ?? '';
    expect(style).toContain('font-family');
    const hash = createHash('sha256').update(style).digest('base64');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`style-src 'sha256-${hash}'`);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');

    const approved = await decide(checkout, 'approve');
    expect(approved.status).toBe(200);
    const outcome = await approved.text();
    expect(outcome).toContain('Test payment approved. Your plan is active: check your email');
    // The way back is the purchase's back URL: the profile, marked as the checkout's return (where
    // the app says the spec's "check your email" once).
    expect(outcome).toMatch(
      /<a href="http:\/\/[^"]+\/profile\?checkout=done">Back to Memoria<\/a>/,
    );

    // The plan follows at once: account, gate and the server's 403.
    expect(await accountType(ana)).toBe('standard');
    expect(await premium(ana)).not.toBe(403);
    const me = await t.request('GET', '/be/api/auth/users/me/', { token: ana.access });
    expect(me.body.account_type).toBe('standard');
    const active = await status(ana);
    expect(active).toMatchObject({
      has_active_subscription: true,
      account_type: 'standard',
      status: 'active',
      can_cancel: true,
      can_renew: false,
      checkout_url: null,
      plan_source: 'subscription',
      plan_invited_by: null,
    });
    expect(active.next_billing_date).toBe(active.end_date);
    expect(active.access_until).toBe(active.end_date);
    const id = active.subscription_id as number;

    const history = await t.request('GET', `${SUBS}/${id}/payment_history/`, { token: ana.access });
    expect(history.body).toHaveLength(1);
    expect(history.body[0]).toMatchObject({ status: 'approved', amount: 6999, currency: 'ARS' });

    const notifications = await t.request('GET', '/be/api/notifications/', { token: ana.access });
    expect(notifications.body.results[0]).toMatchObject({
      kind: 'subscription_changed',
      payload: {
        subscription_id: id,
        status: 'active',
        plan_name: 'standard',
        end_date: active.end_date,
      },
    });

    // One active subscription per account.
    const second = await buy(ana);
    expect(second.status).toBe(409);
    expect(second.body.field_codes).toEqual({ plan_name: ['already_subscribed'] });

    const cancelled = await t.request('POST', `${SUBS}/${id}/cancel_subscription/`, {
      token: ana.access,
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', next_billing_date: null });
    expect(cancelled.body.end_date).toBe(active.end_date);
    const twice = await t.request('POST', `${SUBS}/${id}/cancel_subscription/`, {
      token: ana.access,
    });
    expect(twice.status).toBe(409);
    expect(twice.body.field_codes).toEqual({ id: ['not_cancellable'] });
    // The bell says until when the cancelled plan lasts.
    const told = await t.request('GET', '/be/api/notifications/', { token: ana.access });
    expect(told.body.results[0]).toMatchObject({
      kind: 'subscription_changed',
      payload: { status: 'cancelled', end_date: active.end_date },
    });
    // Access stays until the end date.
    expect(await accountType(ana)).toBe('standard');
    expect(await status(ana)).toMatchObject({
      status: 'cancelled',
      has_active_subscription: true,
      access_until: active.end_date,
      next_billing_date: null,
      can_cancel: false,
      can_renew: true,
    });

    // Past the end date the plan is free on the very next request.
    expect((await moveClock(ana, 32 * DAY)).status).toBe(200);
    expect(await accountType(ana)).toBe('free');
    expect(await premium(ana)).toBe(403);
    expect(await status(ana)).toMatchObject({
      status: 'expired',
      has_active_subscription: false,
      access_until: null,
      can_renew: true,
      plan_source: 'free',
    });

    // Renewing is a new purchase.
    const renewed = await buy(ana);
    expect(renewed.status).toBe(201);
    expect(renewed.body.subscription.id).not.toBe(id);
    expect((await decide(renewed.checkout as string, 'approve')).status).toBe(200);
    expect(await accountType(ana)).toBe('standard');
    const list = await t.request('GET', `${SUBS}/`, { token: ana.access });
    expect(list.body.map((s: { status: string }) => s.status)).toEqual(['active', 'expired']);
    await moveClock(ana, 0);
  });

  it('renews before a cancelled subscription ends: the new period starts at its end date', async () => {
    const bo = await t.signUp();
    const first = await buy(bo);
    await decide(first.checkout as string, 'approve');
    const id = first.body.subscription.id as number;
    const cancelled = await t.request('POST', `${SUBS}/${id}/cancel_subscription/`, {
      token: bo.access,
    });
    const paidUntil = cancelled.body.end_date as string;

    const renewal = await buy(bo);
    expect(renewal.status).toBe(201);
    expect((await decide(renewal.checkout as string, 'approve')).status).toBe(200);
    const list = await t.request('GET', `${SUBS}/`, { token: bo.access });
    const [renewed, old] = list.body;
    expect([renewed.status, old.status]).toEqual(['active', 'cancelled']);
    expect(renewed.start_date).toBe(paidUntil);
    const oneMonthOn = new Date(paidUntil);
    oneMonthOn.setUTCMonth(oneMonthOn.getUTCMonth() + 1);
    expect(new Date(renewed.end_date).getUTCMonth()).toBe(oneMonthOn.getUTCMonth());
    expect(await status(bo)).toMatchObject({
      status: 'active',
      subscription_id: renewed.id,
      access_until: renewed.end_date,
    });
  });

  it('leaves the account free after a declined payment and says why', async () => {
    const ben = await t.signUp();
    const bought = await buy(ben);
    const declined = await decide(bought.checkout as string, 'decline');
    expect(declined.status).toBe(200);
    expect(await declined.text()).toContain('Test payment declined');
    expect(await accountType(ben)).toBe('free');
    const list = await t.request('GET', `${SUBS}/`, { token: ben.access });
    expect(list.body[0]).toMatchObject({ status: 'failed', failure_reason: 'payment_rejected' });
    expect(await status(ben)).toMatchObject({
      status: 'failed',
      failure_reason: 'payment_rejected',
      can_renew: true,
      can_cancel: false,
    });
    const history = await t.request('GET', `${SUBS}/${list.body[0].id}/payment_history/`, {
      token: ben.access,
    });
    expect(history.body[0]).toMatchObject({ status: 'rejected' });
    // A decided checkout cannot be decided again; the buyer can buy again.
    expect((await decide(bought.checkout as string, 'approve')).status).toBe(409);
    expect((await buy(ben)).status).toBe(201);
  });

  it("answers 404 for another user's subscription and leaves it alone", async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    const bought = await buy(owner);
    await decide(bought.checkout as string, 'approve');
    const id = bought.body.subscription.id;
    for (const path of [`${SUBS}/${id}/cancel_subscription/`]) {
      expect((await t.request('POST', path, { token: other.access })).status).toBe(404);
    }
    const history = await t.request('GET', `${SUBS}/${id}/payment_history/`, {
      token: other.access,
    });
    expect(history.status).toBe(404);
    expect((await status(owner)).status).toBe('active');
    expect((await t.request('GET', `${SUBS}/`, { token: other.access })).body).toEqual([]);
  });

  it('refuses a purchase when the own plan already includes Standard', async () => {
    const rich = await t.signUp();
    await t.database.sql`update users set account_type = 'enterprise' where id = ${rich.user.id}`;
    const res = await buy(rich);
    expect(res.status).toBe(409);
    expect(res.body.field_codes).toEqual({ plan_name: ['plan_already_included'] });
  });

  it('answers 503 and keeps nothing when the provider cannot create the checkout', async () => {
    const cara = await t.signUp();
    const sandbox = t.deps.providers.payments;
    t.deps.providers.payments = {
      ...sandbox,
      name: 'sandbox',
      createCheckout: () => Promise.reject(new Error('connection refused')),
    };
    try {
      const res = await buy(cara);
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('unavailable');
    } finally {
      t.deps.providers.payments = sandbox;
    }
    expect((await t.request('GET', `${SUBS}/`, { token: cara.access })).body).toEqual([]);
    expect((await buy(cara)).status).toBe(201);
  });

  it('checks a sandbox decision and answers 404 for an unknown checkout', async () => {
    const dan = await t.signUp();
    const bought = await buy(dan);
    expect((await decide(bought.checkout as string, 'maybe')).status).toBe(400);
    expect((await decide('sbx_unknown', 'approve')).status).toBe(404);
    expect((await t.app.request('/be/api/auth/sandbox-checkout/sbx_unknown/')).status).toBe(404);
    expect((await status(dan)).status).toBe('pending');
  });
});

describe('addresses the product sends out', () => {
  it('come from PUBLIC_URL, never from a forged Host header, and the purchase completes', async () => {
    const eve = await t.signUp();
    const res = await t.app.request(
      'http://evil.example/be/api/auth/subscriptions/create_subscription/',
      {
        method: 'POST',
        headers: {
          host: 'evil.example',
          authorization: `Bearer ${eve.access}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ plan_name: 'standard' }),
      },
    );
    expect(res.status).toBe(201);
    const { checkout_url: checkoutUrl } = (await res.json()) as { checkout_url: string };
    const own = t.deps.publicUrl;
    expect(checkoutUrl.startsWith(`${own}/be/api/auth/sandbox-checkout/sbx_`)).toBe(true);
    const checkout = checkoutUrl.match(/sandbox-checkout\/([a-z0-9_]+)\//)?.[1] as string;
    const [row] = await t.database.sql<{ back_url: string; notification_url: string }[]>`
      select back_url, notification_url from sandbox_checkouts where id = ${checkout}`;
    expect(row).toEqual({
      back_url: `${own}/profile?checkout=done`,
      notification_url: `${own}/be/api/auth/subscriptions/webhook/`,
    });
    notified.length = 0;
    expect((await decide(checkout, 'approve')).status).toBe(200);
    expect(notified).toHaveLength(2);
    for (const url of notified) expect(new URL(url).host).not.toBe('evil.example');
    expect(await accountType(eve)).toBe('standard');
    const mail = await t.database.sql<{ body: string }[]>`
      select body from mail_outbox where to_address = ${eve.user.email}`;
    expect(mail.length).toBeGreaterThan(0);
    for (const { body } of mail) expect(body).not.toContain('evil.example');
  });

  it('the sandbox notifies this process even when a stored checkout names another host', async () => {
    const fay = await t.signUp();
    const { checkout } = await buy(fay);
    // As a checkout made before PUBLIC_URL was enforced could have been stored.
    await t.database.sql`update sandbox_checkouts
      set notification_url = 'http://evil.example/be/api/auth/subscriptions/webhook/'
      where id = ${checkout as string}`;
    notified.length = 0;
    expect((await decide(checkout as string, 'approve')).status).toBe(200);
    expect(notified.map((url) => new URL(url).host)).toEqual(['localhost', 'localhost']);
    expect(await accountType(fay)).toBe('standard');
  });
});

describe('contact sales', () => {
  it('stores a valid message in the sales outbox', async () => {
    const res = await t.request('POST', '/be/api/auth/contact-sales/', {
      body: {
        name: ' Ana ',
        email: 'ana@school.edu',
        company: 'School',
        phone: '+54 11',
        message: 'We have 300 students.',
      },
    });
    expect(res.status).toBe(201);
    const [row] = await t.database.sql`select * from sales_outbox where id = ${res.body.id}`;
    expect(row).toMatchObject({ name: 'Ana', email: 'ana@school.edu', company: 'School' });
  });

  it('names each invalid field and stores nothing', async () => {
    const [before] = await t.database.sql`select count(*)::int as n from sales_outbox`;
    const res = await t.request('POST', '/be/api/auth/contact-sales/', {
      body: { name: ' ', email: 'not-an-email', message: '' },
    });
    expect(res.status).toBe(400);
    expect(res.body.field_codes).toEqual({
      name: ['blank'],
      email: ['invalid_email'],
      message: ['blank'],
    });
    const missing = await t.request('POST', '/be/api/auth/contact-sales/', { body: { name: 'A' } });
    expect(missing.status).toBe(400);
    const [after] = await t.database.sql`select count(*)::int as n from sales_outbox`;
    expect(after?.n).toBe(before?.n);
  });
});
