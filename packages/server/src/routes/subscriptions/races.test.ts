/**
 * Parallel purchases of one user (issue 38, item 3): every call must get the same pending
 * checkout, and the provider must be asked for exactly one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, type TestBackend } from '../../test/harness.ts';
import { helpers, SUBS, useSandbox } from '../../test/subscriptions.ts';

let t: TestBackend;
beforeAll(async () => {
  t = await createTestBackend();
  useSandbox(t);
  // Every connection of the pool open, as in a server that has been running: a fresh pool hands
  // the first caller its one open connection while the others wait for theirs, and the calls
  // would no longer overlap.
  await Promise.all(Array.from({ length: 5 }, () => t.database.sql`select pg_sleep(0.05)`));
});
afterAll(async () => {
  await t?.close();
});

const { buy } = helpers(() => t);

describe('create_subscription called in parallel by one user', () => {
  it('answers all 20 calls with the same checkout, and creates one provider checkout', async () => {
    const ana = await t.signUp();
    const answers = await Promise.all(Array.from({ length: 20 }, () => buy(ana)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    const first = answers[0];
    for (const answer of answers) {
      expect(answer.body.subscription.id).toBe(first?.body.subscription.id);
      expect(answer.body.checkout_url).toBe(first?.body.checkout_url);
    }
    const rows = await t.database.sql`
      select id from sandbox_checkouts where payer_email = ${ana.user.email}`;
    expect(rows).toHaveLength(1);
    const subscriptions = await t.database.sql`
      select id from subscriptions where user_id = ${ana.user.id}`;
    expect(subscriptions).toHaveLength(1);
  });

  it('answers the same checkout across two instances behind a balancer', async () => {
    const second = await createTestBackend({ databaseUrl: t.url });
    try {
      useSandbox(second);
      await Promise.all(
        Array.from({ length: 5 }, () => second.database.sql`select pg_sleep(0.05)`),
      );
      const dora = await t.signUp();
      const buyOn = (backend: TestBackend) =>
        backend.request('POST', `${SUBS}/create_subscription/`, {
          token: dora.access,
          body: { plan_name: 'standard' },
        });
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => buyOn(i % 2 === 0 ? t : second)),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
      expect(new Set(answers.map((a) => a.body.checkout_url)).size).toBe(1);
      const rows = await t.database.sql`
        select id from sandbox_checkouts where payer_email = ${dora.user.email}`;
      expect(rows).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('answers every parallel call 503 when the provider is down, and keeps nothing', async () => {
    const ben = await t.signUp();
    const sandbox = t.deps.providers.payments;
    let calls = 0;
    t.deps.providers.payments = {
      ...sandbox,
      name: 'sandbox',
      createCheckout: () => {
        calls += 1;
        return Promise.reject(new Error('connection refused'));
      },
    };
    try {
      const answers = await Promise.all(Array.from({ length: 10 }, () => buy(ben)));
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(503));
    } finally {
      t.deps.providers.payments = sandbox;
    }
    // Calls that arrived after the failed one was over may try again; none waits forever.
    expect(calls).toBeGreaterThanOrEqual(1);
    expect((await t.request('GET', `${SUBS}/`, { token: ben.access })).body).toEqual([]);
    expect((await buy(ben)).status).toBe(201);
  });

  it('replaces a claim whose call died (still without a checkout after a minute)', async () => {
    const cid = await t.signUp();
    const [dead] = await t.database.sql<{ id: number }[]>`
      insert into subscriptions (user_id, plan_name, amount, currency, provider, updated_at)
      values (${cid.user.id}, 'standard', 6999, 'ARS', 'sandbox', now() - interval '61 seconds')
      returning id`;
    const bought = await buy(cid);
    expect(bought.status).toBe(201);
    expect(bought.body.subscription.id).not.toBe(dead?.id);
    expect(bought.checkout).toBeTruthy();
    const rows = await t.database.sql`select id from subscriptions where user_id = ${cid.user.id}`;
    expect(rows).toHaveLength(1);
  });
});
