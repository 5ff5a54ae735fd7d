import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpSender } from '../../providers/mail/smtp.ts';
import { createTestBackend, type TestBackend } from '../../test/harness.ts';
import { idleTransactions, smtpServer } from '../../test/smtp-server.ts';
import { helpers, SUBS, useSandbox } from '../../test/subscriptions.ts';

/** Transactions found open each time the relay received a message (none, ever). */
const openDuringSmtp: number[] = [];
let t: TestBackend;
const smtp = smtpServer({
  onMessage: async () => {
    openDuringSmtp.push(await idleTransactions(t.database.sql));
    return undefined;
  },
});
let smtpPort = 0;
beforeAll(async () => {
  t = await createTestBackend();
  useSandbox(t);
  smtpPort = await smtp.listen();
});
afterAll(async () => {
  t?.deps.providers.mail?.close();
  await t?.close();
  await smtp.close();
});

const { decide, moveClock, webhook } = helpers(() => t);
type User = Awaited<ReturnType<TestBackend['signUp']>>;

/** Buys Standard with the app in `language` (the client's Accept-Language); the checkout id. */
async function buyIn(user: User, language: 'en' | 'es'): Promise<string> {
  const res = await t.request('POST', `${SUBS}/create_subscription/`, {
    token: user.access,
    body: { plan_name: 'standard' },
    headers: { 'accept-language': language === 'es' ? 'es-AR,es;q=0.9' : 'en-US,en;q=0.9' },
  });
  expect(res.status).toBe(201);
  return String(res.body.checkout_url).match(/sandbox-checkout\/([a-z0-9_]+)\//)?.[1] as string;
}

const mailOf = (user: User) =>
  t.database.sql<
    {
      kind: string;
      to_address: string;
      locale: string;
      subject: string;
      body: string;
      sent_at: Date | null;
      attempts: number;
      last_error: string | null;
    }[]
  >`select kind, to_address, locale, subject, body, sent_at, attempts, last_error
    from mail_outbox where user_id = ${user.user.id} order by id`;

describe('subscription emails (outbox by default)', () => {
  it('confirms the purchase once, in English, with the amount, the end date and the profile link', async () => {
    t.deps.providers.mail = null;
    const ana = await t.signUp({ first_name: 'Ana' });
    const checkout = await buyIn(ana, 'en');
    expect(await mailOf(ana)).toEqual([]); // nothing before the payment is confirmed
    expect((await decide(checkout, 'approve')).status).toBe(200);
    const mails = await mailOf(ana);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toMatchObject({
      kind: 'subscription_activated',
      to_address: ana.user.email,
      locale: 'en',
      subject: 'Your Memoria Standard subscription is active',
      sent_at: null, // no SMTP configured: the row is the outbox
    });
    expect(mail?.body).toMatch(/^Hello Ana,\n/);
    expect(mail?.body).toContain('We received your payment of ARS');
    expect(mail?.body).toContain('6,999.00');
    expect(mail?.body).toMatch(/until \w+ \d{1,2}, \d{4}/);
    expect(mail?.body).toMatch(/https?:\/\/[^ ]+\/profile\n/);

    // The same notifications delivered again send nothing more.
    const [row] = await t.database.sql<{ payment_id: string }[]>`
      select payment_id from sandbox_checkouts where id = ${checkout}`;
    const again = await webhook('subscription_authorized_payment', String(row?.payment_id));
    expect(again.status).toBe(200);
    expect(await mailOf(ana)).toHaveLength(1);
  });

  it('writes in Spanish to a buyer who bought in Spanish: purchase, then cancel', async () => {
    t.deps.providers.mail = null;
    const beto = await t.signUp();
    await decide(await buyIn(beto, 'es'), 'approve');
    const status = await t.request('GET', `${SUBS}/get_subscription_status/`, {
      token: beto.access,
    });
    const cancelled = await t.request(
      'POST',
      `${SUBS}/${status.body.subscription_id}/cancel_subscription/`,
      { token: beto.access },
    );
    expect(cancelled.status).toBe(200);
    const mails = await mailOf(beto);
    expect(mails.map((m) => [m.kind, m.locale, m.subject])).toEqual([
      ['subscription_activated', 'es', 'Tu suscripción Standard de Memoria está activa'],
      ['subscription_cancelled', 'es', 'Cancelaste tu suscripción Standard de Memoria'],
    ]);
    expect(mails[0]?.body).toMatch(/^Hola, user\d+[0-9a-f]+:\n\nRecibimos tu pago de ARS/);
    expect(mails[0]?.body).toContain('6.999,00');
    expect(mails[1]?.body).toMatch(/Conservas el plan Standard hasta el \d{1,2} de \w+ de \d{4};/);
  });

  it('says why a declined payment left the account free', async () => {
    t.deps.providers.mail = null;
    const caro = await t.signUp();
    await decide(await buyIn(caro, 'en'), 'decline');
    const mails = await mailOf(caro);
    expect(mails.map((m) => m.kind)).toEqual(['subscription_failed']);
    expect(mails[0]?.subject).toBe('Your payment for Memoria Standard did not go through');
    expect(mails[0]?.body).toContain('The payment provider declined the payment of ARS');
    expect(mails[0]?.body).toContain('Your account stays on the free plan');
    expect(mails[0]?.body).toMatch(/\/pricing\n/);
  });

  it('sends nothing when the plan simply runs out after a cancel', async () => {
    t.deps.providers.mail = null;
    const dani = await t.signUp();
    await decide(await buyIn(dani, 'en'), 'approve');
    const status = await t.request('GET', `${SUBS}/get_subscription_status/`, {
      token: dani.access,
    });
    await t.request('POST', `${SUBS}/${status.body.subscription_id}/cancel_subscription/`, {
      token: dani.access,
    });
    await moveClock(dani, 40 * 24 * 60 * 60);
    try {
      expect((await t.request('GET', `${SUBS}/`, { token: dani.access })).body[0].status).toBe(
        'expired',
      );
    } finally {
      await moveClock(dani, 0);
    }
    expect((await mailOf(dani)).map((m) => m.kind)).toEqual([
      'subscription_activated',
      'subscription_cancelled',
    ]);
  });
});

describe('subscription emails through SMTP (SMTP_URL)', () => {
  it('delivers the purchase email after the change commits and marks it sent', async () => {
    t.deps.providers.mail = createSmtpSender({
      url: `smtp://127.0.0.1:${smtpPort}`,
      from: 'Memoria <billing@memoria.test>',
    });
    const eva = await t.signUp();
    await decide(await buyIn(eva, 'en'), 'approve');
    const [mail] = await mailOf(eva);
    expect(mail?.sent_at).not.toBeNull();
    expect(mail?.attempts).toBe(1);
    const delivered = smtp.received.filter((m) => m.to.includes(eva.user.email));
    expect(delivered).toHaveLength(1);
    expect(delivered[0]?.data).toContain('Subject: Your Memoria Standard subscription is active');
    expect(delivered[0]?.data).toContain('From: Memoria <billing@memoria.test>');
    // Sent after the webhook's transaction committed, with no transaction held open meanwhile.
    expect(openDuringSmtp.length).toBeGreaterThan(0);
    expect(openDuringSmtp.every((open) => open === 0)).toBe(true);
  });

  it('keeps the email unsent with its error when the relay is down, and the purchase still completes', async () => {
    const closed = smtpServer();
    const deadPort = await closed.listen();
    await closed.close(); // nothing listens there any more
    t.deps.providers.mail = createSmtpSender({ url: `smtp://127.0.0.1:${deadPort}` });
    const fede = await t.signUp();
    const checkout = await buyIn(fede, 'en');
    expect((await decide(checkout, 'approve')).status).toBe(200);
    const status = await t.request('GET', `${SUBS}/get_subscription_status/`, {
      token: fede.access,
    });
    expect(status.body.status).toBe('active');
    const [mail] = await mailOf(fede);
    // Tried once after the payment's notification; the authorisation's delivery, a moment later,
    // leaves it to its back-off (a minute) instead of knocking on a relay that just failed.
    expect(mail).toMatchObject({ kind: 'subscription_activated', sent_at: null, attempts: 1 });
    expect(mail?.last_error).toMatch(/ECONNREFUSED/);

    // The relay is back: the next delivery sends the new mail; the waiting one goes when due.
    t.deps.providers.mail = createSmtpSender({ url: `smtp://127.0.0.1:${smtpPort}` });
    const gil = await t.signUp();
    await decide(await buyIn(gil, 'en'), 'approve');
    expect((await mailOf(gil))[0]?.sent_at).not.toBeNull();
    expect((await mailOf(fede))[0]?.sent_at).toBeNull();
    await t.database.sql`update mail_outbox set next_attempt_at = now()
      where user_id = ${fede.user.id}`;
    const ivo = await t.signUp();
    await decide(await buyIn(ivo, 'en'), 'approve');
    expect((await mailOf(fede))[0]?.sent_at).not.toBeNull();
    expect(smtp.received.some((m) => m.to.includes(fede.user.email))).toBe(true);
  });
});
