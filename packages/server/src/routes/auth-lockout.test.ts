/**
 * Issue 38, item 5: failures spread over the account's shared budget must not lock its owner out
 * of a device or address that signed in before, and a throttled sign-in is offered a one-time link
 * by email.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_COOKIE } from '../auth/devices.ts';
import { createTestBackend, type TestBackend } from '../test/harness.ts';

let t: TestBackend;
beforeAll(async () => {
  t = await createTestBackend({ publicUrl: 'https://memoria.example' });
});
afterAll(async () => {
  await t?.close();
});

const TOKEN = '/be/api/auth/token/';
const LINK = '/be/api/auth/login-link/';
const CONSUME = '/be/api/auth/login-link/consume/';
const ME = '/be/api/auth/users/me/';

let block = 0;
/** Spends the account's shared budget: 50 wrong passwords, each from an address of its own. */
async function spendAccountBudget(email: string) {
  block += 1;
  for (let i = 0; i < 50; i++) {
    const res = await t.request('POST', TOKEN, {
      body: { email, password: 'nope-nope' },
      env: { clientAddress: `10.${block}.${Math.floor(i / 250)}.${(i % 250) + 1}` },
    });
    expect(res.status).toBe(401);
  }
}

function deviceCookie(res: { headers: Headers }): string {
  const header = res.headers.get('set-cookie') ?? '';
  const match = new RegExp(`${DEVICE_COOKIE}=([^;]+)`).exec(header);
  if (!match) throw new Error(`no device cookie in ${header}`);
  return `${DEVICE_COOKIE}=${match[1]}`;
}

async function linkTokenFor(email: string): Promise<string> {
  const rows = await t.database.db.execute<{ body: string }>(
    sql`select body from mail_outbox where to_address = ${email} and kind = 'login_link'
        order by id desc limit 1`,
  );
  const token = /#token=([\w-]+)/.exec(rows[0]?.body ?? '')?.[1];
  if (!token) throw new Error(`no sign-in link mailed to ${email}`);
  return token;
}

describe('the account budget and known devices', () => {
  it('sets a long-lived HttpOnly device cookie on sign-in', async () => {
    const { user, password } = await t.signUp();
    const res = await t.request('POST', TOKEN, { body: { email: user.email, password } });
    expect(res.status).toBe(200);
    const header = res.headers.get('set-cookie') ?? '';
    expect(header).toMatch(new RegExp(`^${DEVICE_COOKIE}=[\\w-]{43};`));
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Lax');
    expect(header).toContain('Path=/be/api/auth/');
    expect(header).toContain('Secure'); // PUBLIC_URL is https
    expect(header).toMatch(/Max-Age=31536000/);
  });

  it('lets the owner in from a known device after 50 failures from many addresses', async () => {
    const { user, password } = await t.signUp();
    const first = await t.request('POST', TOKEN, {
      body: { email: user.email, password },
      env: { clientAddress: '198.51.100.10' },
    });
    const cookie = deviceCookie(first);
    await spendAccountBudget(user.email);
    // Another address, the same browser.
    const owner = await t.request('POST', TOKEN, {
      body: { email: user.email, password },
      headers: { cookie },
      env: { clientAddress: '198.51.100.11' },
    });
    expect(owner.status).toBe(200);
    // An unknown device from an unknown address is still throttled, and offered a link.
    const stranger = await t.request('POST', TOKEN, {
      body: { email: user.email, password },
      env: { clientAddress: '198.51.100.12' },
    });
    expect(stranger.status).toBe(429);
    expect(stranger.body).toMatchObject({ code: 'rate_limited', sign_in_link: true });
    expect(Number(stranger.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('lets the owner in from an address that signed in before, without the cookie', async () => {
    const { user, password } = await t.signUp();
    const home = { clientAddress: '198.51.100.20' };
    expect(
      (await t.request('POST', TOKEN, { body: { email: user.email, password }, env: home })).status,
    ).toBe(200);
    await spendAccountBudget(user.email);
    const owner = await t.request('POST', TOKEN, {
      body: { email: user.email, password },
      env: home,
    });
    expect(owner.status).toBe(200);
  });

  it('keeps the per-address budget of a known device', async () => {
    const { user, password } = await t.signUp();
    const env = { clientAddress: '198.51.100.30' };
    const first = await t.request('POST', TOKEN, { body: { email: user.email, password }, env });
    const cookie = deviceCookie(first);
    for (let i = 0; i < 5; i++) {
      const res = await t.request('POST', TOKEN, {
        body: { email: user.email, password: 'nope-nope' },
        headers: { cookie },
        env,
      });
      expect(res.status).toBe(401);
    }
    const locked = await t.request('POST', TOKEN, {
      body: { email: user.email, password },
      headers: { cookie },
      env,
    });
    expect(locked.status).toBe(429);
    // Not the account's budget: no link is offered.
    expect(locked.body.sign_in_link).toBeUndefined();
  });

  it('does not trust a device cookie known to another account', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const signIn = await t.request('POST', TOKEN, {
      body: { email: a.user.email, password: a.password },
      env: { clientAddress: '198.51.100.40' },
    });
    const cookie = deviceCookie(signIn);
    await spendAccountBudget(b.user.email);
    const res = await t.request('POST', TOKEN, {
      body: { email: b.user.email, password: b.password },
      headers: { cookie },
      env: { clientAddress: '198.51.100.41' },
    });
    expect(res.status).toBe(429);
  });
});

describe('the sign-in link', () => {
  it('answers 202 for an unknown email and mails nothing', async () => {
    const email = 'nobody-link@example.com';
    const res = await t.request('POST', LINK, {
      body: { email },
      env: { clientAddress: '198.51.100.50' },
    });
    expect(res.status).toBe(202);
    const rows = await t.database.db.execute(
      sql`select 1 from mail_outbox where to_address = ${email}`,
    );
    expect(rows).toHaveLength(0);
  });

  it('signs a throttled owner in once, from the mailed link on PUBLIC_URL', async () => {
    const { user, password } = await t.signUp();
    await spendAccountBudget(user.email);
    const env = { clientAddress: '198.51.100.60' };
    const throttled = await t.request('POST', TOKEN, {
      body: { email: user.email, password },
      env,
    });
    expect(throttled.status).toBe(429);
    const asked = await t.request('POST', LINK, {
      body: { email: user.email.toUpperCase(), locale: 'es' },
      env,
      headers: { host: 'evil.example' },
    });
    expect(asked.status).toBe(202);
    const [mail] = await t.database.db.execute<{ subject: string; body: string }>(
      sql`select subject, body from mail_outbox where to_address = ${user.email}`,
    );
    expect(mail?.subject).toBe('Tu enlace para iniciar sesión en Memoria');
    expect(mail?.body).toMatch(/https:\/\/memoria\.example\/sign-in-link#token=[\w-]{43}\n/);
    expect(mail?.body).not.toContain('evil.example');
    const token = await linkTokenFor(user.email);
    const stored = await t.database.db.execute<{ token_hash: string }>(
      sql`select token_hash from login_links where email = ${user.email}`,
    );
    expect(stored.map((r) => r.token_hash)).not.toContain(token);

    const used = await t.request('POST', CONSUME, { body: { token }, env });
    expect(used.status).toBe(200);
    const me = await t.request('GET', ME, { token: used.body.access });
    expect(me.body.id).toBe(user.id);
    // The browser that used the link is now a known device: the password works from it.
    const cookie = deviceCookie(used);
    const again = await t.request('POST', TOKEN, {
      body: { email: user.email, password },
      headers: { cookie },
      env: { clientAddress: '198.51.100.61' },
    });
    expect(again.status).toBe(200);

    const twice = await t.request('POST', CONSUME, { body: { token }, env });
    expect(twice.status).toBe(401);
    expect(twice.body.code).toBe('token_invalid');
  });

  it('refuses an expired link', async () => {
    const { user } = await t.signUp();
    await t.request('POST', LINK, {
      body: { email: user.email },
      env: { clientAddress: '198.51.100.70' },
    });
    const token = await linkTokenFor(user.email);
    await t.database.db.execute(
      sql`update login_links set expires_at = now() - interval '1 second' where email = ${user.email}`,
    );
    const res = await t.request('POST', CONSUME, { body: { token } });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('token_invalid');
  });

  it('refuses an unknown token', async () => {
    const res = await t.request('POST', CONSUME, { body: { token: 'x'.repeat(43) } });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('token_invalid');
  });

  it('mails at most 3 links an hour to one email, answering 202 past it', async () => {
    const { user } = await t.signUp();
    for (let i = 0; i < 5; i++) {
      const res = await t.request('POST', LINK, {
        body: { email: user.email },
        env: { clientAddress: `198.51.100.${80 + i}` },
      });
      expect(res.status).toBe(202);
    }
    const rows = await t.database.db.execute(
      sql`select 1 from mail_outbox where to_address = ${user.email} and kind = 'login_link'`,
    );
    expect(rows).toHaveLength(3);
  });

  it('answers 429 after 10 requests from one address in an hour', async () => {
    const env = { clientAddress: '203.0.113.200' };
    for (let i = 0; i < 10; i++) {
      const res = await t.request('POST', LINK, {
        body: { email: `spray-link${i}@example.com` },
        env,
      });
      expect(res.status).toBe(202);
    }
    const refused = await t.request('POST', LINK, { body: { email: 'one-more@example.com' }, env });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
  });

  it('requires an email', async () => {
    const res = await t.request('POST', LINK, { body: { email: '  ' } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields)).toEqual(['email']);
  });
});
