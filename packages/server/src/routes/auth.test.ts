import { eq, sql } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.ts';
import { FEATURES } from '../domain/subscriptions/entitlements.ts';
import { createTestBackend, type TestBackend } from '../test/harness.ts';

let t: TestBackend;
beforeAll(async () => {
  t = await createTestBackend();
});
afterAll(async () => {
  await t?.close();
});

const REGISTER = '/be/api/auth/users/';
const TOKEN = '/be/api/auth/token/';
const REFRESH = '/be/api/auth/token/refresh/';
const LOGOUT = '/be/api/auth/logout/';
const ME = '/be/api/auth/users/me/';
const ACCOUNT_INFO = '/be/api/auth/users/account_info/';

let seq = 0;
function newUser(extra: Record<string, unknown> = {}) {
  seq += 1;
  return {
    email: `reg${seq}@example.com`,
    username: `reg${seq}`,
    password: 'long-enough-1',
    password2: 'long-enough-1',
    ...extra,
  };
}

describe('POST auth/users/ (register)', () => {
  it('creates a free account and never returns the password', async () => {
    const input = newUser({ first_name: 'Ada', last_name: 'Lovelace' });
    const res = await t.request('POST', REGISTER, { body: input });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      email: input.email,
      username: input.username,
      first_name: 'Ada',
      last_name: 'Lovelace',
      account_type: 'free',
      role: null,
      timezone: 'UTC',
    });
    expect(res.body).not.toHaveProperty('password');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, res.body.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain('long-enough-1');
  });

  it.each(['email', 'username', 'password', 'password2'])(
    'names the missing field %s',
    async (field) => {
      const body: Record<string, unknown> = newUser();
      delete body[field];
      const res = await t.request('POST', REGISTER, { body });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_error');
      expect(Object.keys(res.body.fields)).toEqual([field]);
      expect(res.body.fields[field]).toEqual(['This field is required.']);
    },
  );

  it('names every blank field at once with the "All fields are required" detail', async () => {
    const res = await t.request('POST', REGISTER, {
      body: { email: '', username: '  ', password: '', password2: '' },
    });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('All fields are required');
    expect(Object.keys(res.body.fields).sort()).toEqual([
      'email',
      'password',
      'password2',
      'username',
    ]);
  });

  it('names each of several missing fields (empty body)', async () => {
    const res = await t.request('POST', REGISTER, { rawBody: '' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields).sort()).toEqual([
      'email',
      'password',
      'password2',
      'username',
    ]);
  });

  it('rejects an invalid email', async () => {
    const res = await t.request('POST', REGISTER, { body: newUser({ email: 'not-an-email' }) });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ email: ['Enter a valid email address.'] });
    expect(res.body.field_codes).toEqual({ email: ['invalid_email'] });
  });

  // The contract's answers carry `format: email`: an address it refuses is refused on the way in.
  it.each(['josé@example.com', 'ana@ejemplo..es', 'ana maria@example.com', 'ana@localhost'])(
    'rejects %s, which the contract could not answer with',
    async (email) => {
      const res = await t.request('POST', REGISTER, { body: newUser({ email }) });
      expect(res.status).toBe(400);
      expect(res.body.field_codes).toEqual({ email: ['invalid_email'] });
    },
  );

  it('accepts dots, plus tags and subdomains in an email', async () => {
    const email = `Ana.Maria+${Date.now()}@mail.example.co.uk`;
    const res = await t.request('POST', REGISTER, { body: newUser({ email }) });
    expect(res.status).toBe(201);
  });

  it('rejects passwords that do not match, on password2', async () => {
    const res = await t.request('POST', REGISTER, {
      body: newUser({ password: 'long-enough-1', password2: 'long-enough-2' }),
    });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Passwords do not match');
    expect(res.body.fields).toEqual({ password2: ['Passwords do not match'] });
  });

  it('rejects a password shorter than 8 characters, on password', async () => {
    const res = await t.request('POST', REGISTER, {
      body: newUser({ password: 'short7c', password2: 'short7c' }),
    });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Password must be at least 8 characters long');
    expect(res.body.fields).toEqual({
      password: ['Password must be at least 8 characters long'],
    });
  });

  it('accepts exactly 8 characters', async () => {
    const res = await t.request('POST', REGISTER, {
      body: newUser({ password: 'eight888', password2: 'eight888' }),
    });
    expect(res.status).toBe(201);
  });

  it('reports mismatch and length together, mismatch first', async () => {
    const res = await t.request('POST', REGISTER, {
      body: newUser({ password: 'short', password2: 'other' }),
    });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Passwords do not match');
    expect(Object.keys(res.body.fields).sort()).toEqual(['password', 'password2']);
  });

  it('rejects a duplicate email regardless of case, and a duplicate username', async () => {
    const first = newUser();
    expect((await t.request('POST', REGISTER, { body: first })).status).toBe(201);
    const again = await t.request('POST', REGISTER, {
      body: newUser({ email: first.email.toUpperCase() }),
    });
    expect(again.status).toBe(400);
    expect(again.body.fields).toEqual({ email: ['A user with this email already exists.'] });
    expect(again.body.field_codes).toEqual({ email: ['email_taken'] });
    const sameName = await t.request('POST', REGISTER, {
      body: newUser({ username: first.username }),
    });
    expect(sameName.status).toBe(400);
    expect(sameName.body.fields).toEqual({
      username: ['A user with this username already exists.'],
    });
  });

  it('rejects wrong types and unknown time zones, naming the field', async () => {
    const res = await t.request('POST', REGISTER, { body: newUser({ email: 42 }) });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ email: ['Must be a string.'] });
    const tz = await t.request('POST', REGISTER, { body: newUser({ timezone: 'Mars/Olympus' }) });
    expect(tz.status).toBe(400);
    expect(Object.keys(tz.body.fields)).toEqual(['timezone']);
  });

  it('refuses a time zone Node knows but PostgreSQL does not (US/Pacific-New)', async () => {
    expect(() => new Intl.DateTimeFormat('en', { timeZone: 'US/Pacific-New' })).not.toThrow();
    const res = await t.request('POST', REGISTER, {
      body: newUser({ timezone: 'US/Pacific-New' }),
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields)).toEqual(['timezone']);
    const ok = await t.request('POST', REGISTER, {
      body: newUser({ timezone: 'America/Argentina/Buenos_Aires' }),
    });
    expect(ok.status).toBe(201);
  });

  it.each([
    ['a zero-width space', 'ana\u200Bmaria'],
    ['a right-to-left override', 'ana\u202Emaria'],
    ['a bidi isolate', 'ana\u2066maria'],
    ['a control character', 'ana\u0007maria'],
    ['a byte-order mark', 'ana\uFEFFmaria'],
  ])('refuses a username with %s', async (_, username) => {
    const res = await t.request('POST', REGISTER, { body: newUser({ username }) });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields)).toEqual(['username']);
  });

  it('stores usernames in NFC, so a decomposed duplicate is taken', async () => {
    seq += 1;
    const composed = `jos\u00e9${seq}`;
    const decomposed = `jose\u0301${seq}`;
    const first = await t.request('POST', REGISTER, { body: newUser({ username: decomposed }) });
    expect(first.status).toBe(201);
    expect(first.body.username).toBe(composed);
    const second = await t.request('POST', REGISTER, { body: newUser({ username: composed }) });
    expect(second.status).toBe(400);
    expect(second.body.fields).toEqual({ username: ['A user with this username already exists.'] });
  });

  it('answers 400 for malformed JSON', async () => {
    const res = await t.request('POST', REGISTER, { rawBody: '{"email": ' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_error');
    expect(res.body.fields.non_field_errors[0]).toMatch(/^Invalid JSON/);
  });
});

describe('POST auth/token/', () => {
  it('returns an access JWT of ~15 minutes and an opaque refresh token', async () => {
    const { user, access, refresh } = await t.signUp();
    const claims = decodeJwt(access);
    expect(claims.sub).toBe(String(user.id));
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(15 * 60);
    expect(refresh).toMatch(/^[\w-]{40,}$/);
    const stored = await t.database.db.execute<{ token_hash: string }>(
      sql`select token_hash from refresh_tokens where user_id = ${user.id}`,
    );
    expect(stored.map((r) => r.token_hash)).not.toContain(refresh);
  });

  it('signs in with a differently cased email', async () => {
    const { user, password } = await t.signUp();
    const res = await t.request('POST', TOKEN, {
      body: { email: user.email.toUpperCase(), password },
    });
    expect(res.status).toBe(200);
  });

  it('answers the same generic 401 for a wrong password and an unknown email', async () => {
    const { user } = await t.signUp();
    const wrong = await t.request('POST', TOKEN, {
      body: { email: user.email, password: 'not the password' },
    });
    const unknown = await t.request('POST', TOKEN, {
      body: { email: 'nobody-here@example.com', password: 'whatever-123' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({
      detail: 'Invalid email or password',
      code: 'invalid_credentials',
    });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('requires email and password', async () => {
    const res = await t.request('POST', TOKEN, { body: { email: '', password: '' } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('All fields are required');
    expect(Object.keys(res.body.fields).sort()).toEqual(['email', 'password']);
  });

  it('answers 429 with Retry-After after 5 failures for one email from one address, even with the right password', async () => {
    const { user, password } = await t.signUp();
    for (let i = 0; i < 5; i++) {
      const res = await t.request('POST', TOKEN, {
        body: { email: user.email, password: 'nope-nope' },
      });
      expect(res.status).toBe(401);
    }
    const locked = await t.request('POST', TOKEN, { body: { email: user.email, password } });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('rate_limited');
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(50);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('does not lock the owner out from another address after an attacker spent their budget', async () => {
    const { user, password } = await t.signUp();
    const attacker = { clientAddress: '203.0.113.66' };
    for (let i = 0; i < 5; i++) {
      const res = await t.request('POST', TOKEN, {
        body: { email: user.email, password: 'nope-nope' },
        env: attacker,
      });
      expect(res.status).toBe(401);
    }
    const blocked = await t.request('POST', TOKEN, {
      body: { email: user.email, password },
      env: attacker,
    });
    expect(blocked.status).toBe(429);
    const owner = await t.request('POST', TOKEN, {
      body: { email: user.email, password },
      env: { clientAddress: '198.51.100.23' },
    });
    expect(owner.status).toBe(200);
  });

  it('backs off exponentially: each failure past the budget doubles the wait', async () => {
    const { user } = await t.signUp();
    const env = { clientAddress: '203.0.113.90' };
    const fail = () =>
      t.request('POST', TOKEN, { body: { email: user.email, password: 'nope-nope' }, env });
    for (let i = 0; i < 5; i++) expect((await fail()).status).toBe(401);
    const waits: number[] = [];
    for (let round = 0; round < 3; round++) {
      const locked = await fail();
      expect(locked.status).toBe(429);
      waits.push(Number(locked.headers.get('retry-after')));
      // Let the lock run out, as if that long had passed, then fail once more.
      await t.database.db.execute(
        sql`update login_attempts set created_at = created_at - make_interval(secs => ${waits[round] as number})
            where email = ${user.email}`,
      );
      expect((await fail()).status).toBe(401);
    }
    expect(waits[0]).toBeLessThanOrEqual(60);
    expect(waits[1]).toBeGreaterThan(100);
    expect(waits[1]).toBeLessThanOrEqual(120);
    expect(waits[2]).toBeGreaterThan(220);
    expect(waits[2]).toBeLessThanOrEqual(240);
  });

  it('answers 429 after 20 failures from one address across emails, only for that address', async () => {
    const env = { clientAddress: '203.0.113.7' };
    for (let i = 0; i < 20; i++) {
      const res = await t.request('POST', TOKEN, {
        body: { email: `spray${i}@example.com`, password: 'guess-guess' },
        env,
      });
      expect(res.status).toBe(401);
    }
    const { user, password } = await t.signUp();
    const blocked = await t.request('POST', TOKEN, { body: { email: user.email, password }, env });
    expect(blocked.status).toBe(429);
    const elsewhere = await t.request('POST', TOKEN, {
      body: { email: user.email, password },
      env: { clientAddress: '198.51.100.1' },
    });
    expect(elsewhere.status).toBe(200);
  });

  it('locks an account after 50 failures spread over many addresses', async () => {
    const { user, password } = await t.signUp();
    for (let i = 0; i < 50; i++) {
      const res = await t.request('POST', TOKEN, {
        body: { email: user.email, password: 'nope-nope' },
        env: { clientAddress: `192.0.2.${i + 1}` },
      });
      expect(res.status).toBe(401);
    }
    const res = await t.request('POST', TOKEN, {
      body: { email: user.email, password },
      env: { clientAddress: '198.51.100.77' },
    });
    expect(res.status).toBe(429);
  });
});

describe('registration throttling', () => {
  it('answers 429 with Retry-After after 10 registrations from one address in an hour', async () => {
    const env = { clientAddress: '203.0.113.150' };
    for (let i = 0; i < 10; i++) {
      const res = await t.request('POST', REGISTER, { body: newUser(), env });
      expect(res.status).toBe(201);
    }
    const refused = await t.request('POST', REGISTER, { body: newUser(), env });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
    const elsewhere = await t.request('POST', REGISTER, {
      body: newUser(),
      env: { clientAddress: '198.51.100.150' },
    });
    expect(elsewhere.status).toBe(201);
  });

  it('counts parallel registrations from one address exactly', async () => {
    const env = { clientAddress: '203.0.113.151' };
    const all = await Promise.all(
      Array.from({ length: 14 }, () => t.request('POST', REGISTER, { body: newUser(), env })),
    );
    const statuses = all.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
  });
});

describe('refresh and logout', () => {
  it('refreshes an access token that works, rotating the refresh token', async () => {
    const { refresh } = await t.signUp();
    const res = await t.request('POST', REFRESH, { body: { refresh } });
    expect(res.status).toBe(200);
    expect(res.body.refresh).toEqual(expect.any(String));
    expect(res.body.refresh).not.toBe(refresh);
    const me = await t.request('GET', ME, { token: res.body.access });
    expect(me.status).toBe(200);
    const next = await t.request('POST', REFRESH, { body: { refresh: res.body.refresh } });
    expect(next.status).toBe(200);
  });

  it('treats reuse of a token whose successor was used as theft and revokes its whole family', async () => {
    const { user, password, refresh: stolen } = await t.signUp();
    const other = await t.request('POST', TOKEN, { body: { email: user.email, password } });
    const rotated = await t.request('POST', REFRESH, { body: { refresh: stolen } });
    expect(rotated.status).toBe(200);
    // The chain moved on: the successor was used in turn.
    const moved = await t.request('POST', REFRESH, { body: { refresh: rotated.body.refresh } });
    expect(moved.status).toBe(200);
    const replay = await t.request('POST', REFRESH, { body: { refresh: stolen } });
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('token_invalid');
    // The latest token of the family no longer works either, nor its access token…
    const latest = await t.request('POST', REFRESH, { body: { refresh: moved.body.refresh } });
    expect(latest.status).toBe(401);
    expect((await t.request('GET', ME, { token: moved.body.access })).status).toBe(401);
    // …while another sign-in of the same user (another family) keeps working.
    const elsewhere = await t.request('POST', REFRESH, { body: { refresh: other.body.refresh } });
    expect(elsewhere.status).toBe(200);
  });

  it('treats reuse after the grace period as theft', async () => {
    const { refresh: stolen } = await t.signUp();
    const rotated = await t.request('POST', REFRESH, { body: { refresh: stolen } });
    expect(rotated.status).toBe(200);
    await t.database.db.execute(
      sql`update refresh_tokens set rotated_at = rotated_at - interval '31 seconds'
        where rotated_at is not null and family_id = (select family_id from refresh_tokens
          where token_hash = encode(sha256(convert_to(${stolen}, 'UTF8')), 'hex'))`,
    );
    expect((await t.request('POST', REFRESH, { body: { refresh: stolen } })).status).toBe(401);
    const successor = await t.request('POST', REFRESH, { body: { refresh: rotated.body.refresh } });
    expect(successor.status).toBe(401);
    expect((await t.request('GET', ME, { token: rotated.body.access })).status).toBe(401);
  });

  it('lets a refresh whose answer was lost be sent again within the grace period', async () => {
    const { refresh } = await t.signUp();
    // The server rotated, but the answer never reached the client (a page closing, a tunnel).
    const lost = await t.request('POST', REFRESH, { body: { refresh } });
    expect(lost.status).toBe(200);
    const retried = await t.request('POST', REFRESH, { body: { refresh } });
    expect(retried.status).toBe(200);
    expect(retried.body.refresh).not.toBe(lost.body.refresh);
    // One live successor: the lost one is revoked, the session (its access tokens) goes on.
    expect(
      (await t.request('POST', REFRESH, { body: { refresh: lost.body.refresh } })).status,
    ).toBe(401);
    expect((await t.request('GET', ME, { token: lost.body.access })).status).toBe(200);
    expect((await t.request('GET', ME, { token: retried.body.access })).status).toBe(200);
    const next = await t.request('POST', REFRESH, { body: { refresh: retried.body.refresh } });
    expect(next.status).toBe(200);
    expect(
      (await t.request('POST', REFRESH, { body: { refresh: next.body.refresh } })).status,
    ).toBe(200);
  });

  it('lets two concurrent refreshes with one token both succeed, leaving one live successor', async () => {
    const { refresh } = await t.signUp();
    const both = await Promise.all([
      t.request('POST', REFRESH, { body: { refresh } }),
      t.request('POST', REFRESH, { body: { refresh } }),
    ]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    const successors = await Promise.all(
      both.map((r) => t.request('POST', REFRESH, { body: { refresh: r.body.refresh } })),
    );
    expect(successors.map((r) => r.status).sort()).toEqual([200, 401]);
    // The refused one was revoked, not replayed: the session goes on.
    const live = successors.find((r) => r.status === 200);
    expect((await t.request('GET', ME, { token: live?.body.access })).status).toBe(200);
  });

  it('refuses a retry within the grace period once the session was logged out', async () => {
    const { refresh } = await t.signUp();
    const rotated = await t.request('POST', REFRESH, { body: { refresh } });
    expect(
      (await t.request('POST', LOGOUT, { body: { refresh: rotated.body.refresh } })).status,
    ).toBe(204);
    expect((await t.request('POST', REFRESH, { body: { refresh } })).status).toBe(401);
  });

  it('rejects an unknown refresh token', async () => {
    const res = await t.request('POST', REFRESH, { body: { refresh: 'made-up-token' } });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('token_invalid');
  });

  it('rejects an expired refresh token', async () => {
    const { refresh, user } = await t.signUp();
    await t.database.db.execute(
      sql`update refresh_tokens set expires_at = now() - interval '1 second' where user_id = ${user.id}`,
    );
    expect((await t.request('POST', REFRESH, { body: { refresh } })).status).toBe(401);
  });

  it('logout revokes the refresh token (204), then refresh answers 401', async () => {
    const { refresh } = await t.signUp();
    const out = await t.request('POST', LOGOUT, {
      body: { refresh, email: '', password: '' },
    });
    expect(out.status).toBe(204);
    const res = await t.request('POST', REFRESH, { body: { refresh } });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('token_invalid');
  });

  it('logout refuses a body that is not UTF-8 with 400, and revokes nothing', async () => {
    const { refresh } = await t.signUp();
    const text = JSON.stringify({ refresh: `${refresh}\u00a7`, email: '', password: '' });
    const [before, after] = text.split('\u00a7');
    const encoder = new TextEncoder();
    const res = await t.request('POST', LOGOUT, {
      rawBytes: new Uint8Array([...encoder.encode(before), 0xc3, 0x28, ...encoder.encode(after)]),
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ non_field_errors: ['The request body is not valid UTF-8.'] });
    expect(res.body.field_codes).toEqual({ non_field_errors: ['invalid_unicode'] });
    expect((await t.request('POST', REFRESH, { body: { refresh } })).status).toBe(200);
  });

  it('logout of a token another session holds leaves that session working', async () => {
    const a = await t.signUp();
    const second = await t.request('POST', TOKEN, {
      body: { email: a.user.email, password: a.password },
    });
    await t.request('POST', LOGOUT, { body: { refresh: a.refresh } });
    const res = await t.request('POST', REFRESH, { body: { refresh: second.body.refresh } });
    expect(res.status).toBe(200);
  });
});

describe('the signed-in user', () => {
  it('GET me answers 401 not_authenticated without a token', async () => {
    const res = await t.request('GET', ME);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('not_authenticated');
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });

  it('GET me answers 401 token_invalid for a garbage or forged token', async () => {
    const garbage = await t.request('GET', ME, { token: 'garbage' });
    expect(garbage.status).toBe(401);
    expect(garbage.body.code).toBe('token_invalid');
    const { access } = await t.signUp();
    const [h, p] = access.split('.');
    const forged = await t.request('GET', ME, { token: `${h}.${p}.${'A'.repeat(43)}` });
    expect(forged.status).toBe(401);
  });

  it('GET me answers 401 for an expired access token', async () => {
    const { user } = await t.signUp();
    const expired = await new SignJWT({ typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuer('memoria')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(t.deps.jwtSecret);
    const res = await t.request('GET', ME, { token: expired });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('token_invalid');
  });

  it('GET me answers 401 token_invalid to a token signed with the key whose claims are out of range', async () => {
    const { user } = await t.signUp();
    const now = Math.floor(Date.now() / 1000);
    const sign = (sub: string, iat = now, exp = now + 600) =>
      new SignJWT({ typ: 'access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(sub)
        .setIssuer('memoria')
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(t.deps.jwtSecret);
    const own = String(user.id);
    const forged = {
      'sub 2147483648': await sign('2147483648'),
      'sub 2^53 + 1': await sign('9007199254740993'),
      'sub 1e3': await sign('1e3'),
      'sub 007': await sign(`00${own}`),
      'exp in year 3170000': await sign(own, now, 1e11),
      'iat in the future': await sign(own, now + 3600, now + 3600 + 600),
    };
    for (const [label, token] of Object.entries(forged)) {
      const res = await t.request('GET', ME, { token });
      expect(res.status, label).toBe(401);
      expect(res.body.code, label).toBe('token_invalid');
    }
    expect((await t.request('GET', ME, { token: await sign(own) })).status).toBe(200);
  });

  it('GET me returns the user of the token', async () => {
    const { user, access } = await t.signUp();
    const res = await t.request('GET', ME, { token: access });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(user.id);
    expect(res.body.email).toBe(user.email);
  });

  it('answers many users’ requests sent at once each with its own user, and 401 to a deactivated one', async () => {
    const people = await Promise.all(Array.from({ length: 8 }, () => t.signUp()));
    const gone = people[3];
    await t.database.db
      .update(users)
      .set({ isActive: false })
      .where(eq(users.id, gone?.user.id ?? 0));
    // Each user twice, in one burst: reads of one user may share a statement too.
    const burst = [...people, ...people];
    const answers = await Promise.all(burst.map((p) => t.request('GET', ME, { token: p.access })));
    expect(answers.map((a) => a.status)).toEqual(burst.map((p) => (p === gone ? 401 : 200)));
    answers.forEach((a, i) => {
      if (a.status === 200) expect(a.body.id).toBe(burst[i]?.user.id);
    });
  });

  it('GET and PATCH own record; another id is 404', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const own = await t.request('GET', `/be/api/auth/users/${a.user.id}/`, { token: a.access });
    expect(own.status).toBe(200);
    expect(own.body.username).toBe(a.user.username);
    const other = await t.request('GET', `/be/api/auth/users/${b.user.id}/`, { token: a.access });
    expect(other.status).toBe(404);
    expect(other.body.code).toBe('not_found');

    const patched = await t.request('PATCH', `/be/api/auth/users/${a.user.id}/`, {
      token: a.access,
      body: { first_name: 'Grace', timezone: 'America/Argentina/Buenos_Aires' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      first_name: 'Grace',
      timezone: 'America/Argentina/Buenos_Aires',
    });
    const again = await t.request('GET', ME, { token: a.access });
    expect(again.body.first_name).toBe('Grace');

    const notMine = await t.request('PATCH', `/be/api/auth/users/${b.user.id}/`, {
      token: a.access,
      body: { first_name: 'Mallory' },
    });
    expect(notMine.status).toBe(404);
    const bAfter = await t.request('GET', ME, { token: b.access });
    expect(bAfter.body.first_name).toBe('');
  });

  it('PATCH validates against the contract and the rules', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const path = `/be/api/auth/users/${a.user.id}/`;
    const unknownField = await t.request('PATCH', path, {
      token: a.access,
      body: { account_type: 'enterprise' },
    });
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.fields).toEqual({ account_type: ['Unknown field.'] });
    const taken = await t.request('PATCH', path, {
      token: a.access,
      body: { username: b.user.username },
    });
    expect(taken.status).toBe(400);
    expect(taken.body.fields).toEqual({ username: ['A user with this username already exists.'] });
    const wrongType = await t.request('PATCH', path, { token: a.access, body: { first_name: 7 } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.fields).toEqual({ first_name: ['Must be a string.'] });
    const zone = await t.request('PATCH', path, {
      token: a.access,
      body: { timezone: 'US/Pacific-New' },
    });
    expect(zone.status).toBe(400);
    expect(Object.keys(zone.body.fields)).toEqual(['timezone']);
    const invisible = await t.request('PATCH', path, {
      token: a.access,
      body: { username: 'b\u200Db' },
    });
    expect(invisible.status).toBe(400);
    expect(Object.keys(invisible.body.fields)).toEqual(['username']);
  });

  it('account_info: free has only the free features, standard has all', async () => {
    const free = await t.signUp();
    const res = await t.request('GET', ACCOUNT_INFO, { token: free.access });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ account_type: 'free', role: null, is_paid: false });
    expect([...res.body.features].sort()).toEqual([
      'create_cards',
      'create_decks',
      'space_repetition',
    ]);

    const paid = await t.signUp();
    await t.database.db
      .update(users)
      .set({ accountType: 'standard' })
      .where(eq(users.id, paid.user.id));
    const std = await t.request('GET', ACCOUNT_INFO, { token: paid.access });
    expect(std.body).toMatchObject({ account_type: 'standard', is_paid: true });
    expect([...std.body.features].sort()).toEqual([...FEATURES].sort());
  });
});
