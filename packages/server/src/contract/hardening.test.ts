import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../db/schema.ts';
import { createTestBackend, type TestBackend } from '../test/harness.ts';
import { isStorableDate, isStorableDateTime } from './formats.ts';
import { IMAGE_BODY_LIMIT, JSON_BODY_LIMIT } from './router.ts';

/** Bad input the contract validator refuses for every operation alike (issue 8, items 2, 7, 12). */

let t: TestBackend;
let token: string;
beforeAll(async () => {
  t = await createTestBackend();
  token = (await t.signUp()).access;
});
afterAll(async () => {
  await t?.close();
});

const SR = '/be/api/space-repetition';

describe('ids and integers', () => {
  it('answers ids beyond PostgreSQL integers, hex, exponents and Infinity with 400, never 500', async () => {
    for (const id of ['2147483648', '99999999999999999999', '0x10', '1e20', 'Infinity', '-1']) {
      const res = await t.request('GET', `${SR}/desks/${id}/`, { token });
      expect(res.status, id).toBe(400);
      expect(res.body.fields.id, id).toBeDefined();
    }
    expect((await t.request('GET', `${SR}/desks/2147483647/`, { token })).status).toBe(404);
  });

  it('reads 0x10 in a query as a bad integer, not as 16', async () => {
    const res = await t.request('GET', `${SR}/cards/due_cards/?desk_id=0x10`, { token });
    expect(res.status).toBe(400);
    expect(res.body.fields.desk_id).toEqual(['Must be an integer.']);
    for (const bad of ['1e20', 'Infinity', '2147483648']) {
      const huge = await t.request('GET', `${SR}/cards/due_cards/?desk_id=${bad}`, { token });
      expect(huge.status, bad).toBe(400);
    }
  });

  it('refuses an id beyond 2147483647 inside a body, naming the field', async () => {
    const res = await t.request('POST', `${SR}/cards/`, {
      token,
      body: { desk_id: 2147483648, front: 'a', back: 'b' },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields.desk_id).toEqual(['Must be at most 2147483647.']);
  });
});

describe('strings', () => {
  it('refuses a NUL in a body string, a query string and a sign-in email, naming the field', async () => {
    const deck = await t.request('POST', `${SR}/desks/`, { token, body: { name: 'a\u0000b' } });
    expect(deck.status).toBe(400);
    expect(deck.body.fields).toEqual({ name: ['Must not contain control characters.'] });
    const search = await t.request('GET', `${SR}/desks/?search=%00`, { token });
    expect(search.status).toBe(400);
    expect(Object.keys(search.body.fields)).toEqual(['search']);
    const signIn = await t.request('POST', '/be/api/auth/token/', {
      body: { email: 'a\u0000b@x.io', password: 'whatever-1' },
    });
    expect(signIn.status).toBe(400);
    expect(Object.keys(signIn.body.fields)).toEqual(['email']);
  });
});

describe('text PostgreSQL cannot store (issue 38)', () => {
  const unpaired = ['Must not contain unpaired surrogate characters.'];

  it('refuses a lone surrogate in a body string, in a nested one and in a key, naming each', async () => {
    const deck = await t.request('POST', `${SR}/desks/`, { token, body: { name: 'x\ud800y' } });
    expect(deck.status).toBe(400);
    expect(deck.body.fields).toEqual({ name: unpaired });
    expect(deck.body.field_codes).toEqual({ name: ['invalid_unicode'] });
    const key = await t.request('POST', `${SR}/desks/`, {
      token,
      rawBody: '{"name":"ok","\\udc00":1}',
    });
    expect(key.status).toBe(400);
    expect(key.body.fields).toEqual({ '\udc00': unpaired });
  });

  it('refuses the macro image message edit and its stream with 400 before anything is stored', async () => {
    const { user, access } = await t.signUp();
    await t.deps.db
      .update(users)
      .set({ accountType: 'enterprise_plus' })
      .where(eq(users.id, user.id));
    for (const path of [
      '/be/api/macroimages/messages/1/',
      '/be/api/macroimages/messages/1/stream/',
    ]) {
      const res = await t.request('PUT', path, { token: access, body: { content: 'x\ud800y' } });
      expect(res.status, path).toBe(400);
      expect(res.body.fields, path).toEqual({ content: unpaired });
    }
  });

  it('refuses a body that is not UTF-8 instead of replacing its bytes', async () => {
    const res = await t.request('POST', `${SR}/desks/`, {
      token,
      rawBytes: new Uint8Array([...new TextEncoder().encode('{"name":"a'), 0xff, 0x22, 0x7d]),
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ non_field_errors: ['The request body is not valid UTF-8.'] });
  });
});

describe('times PostgreSQL or Date cannot hold (issue 38)', () => {
  const now = Date.now();
  const visit = (overrides: Record<string, string> = {}) => ({
    page: '/space-repetition',
    start_time: new Date(now - 60_000).toISOString(),
    end_time: new Date(now - 30_000).toISOString(),
    duration: 30_000,
    timestamp: new Date(now - 30_000).toISOString(),
    ...overrides,
  });
  const batch = (overrides: Record<string, unknown> = {}) => ({
    session_id: `s-${Math.random()}`,
    session_start_time: new Date(now - 120_000).toISOString(),
    total_time: 30_000,
    pages: [visit()],
    ...overrides,
  });
  const track = (body: unknown) =>
    t.request('POST', '/be/api/auth/time-tracking/', { token, body });
  const invalid = ['Must be a valid ISO 8601 date-time.'];

  it('refuses year 0 and a leap second in a session start, naming the field', async () => {
    for (const time of ['0000-01-01T00:00:00Z', '2016-12-31T23:59:60Z']) {
      const res = await track(batch({ session_start_time: time }));
      expect(res.status, time).toBe(400);
      expect(res.body.fields, time).toEqual({ session_start_time: invalid });
    }
  });

  it('refuses a leap second in a visit and a year-0 page timestamp, naming the nested field', async () => {
    const leap = await track(batch({ pages: [visit({ end_time: '2016-12-31T23:59:60Z' })] }));
    expect(leap.status).toBe(400);
    expect(leap.body.fields).toEqual({ 'pages.0.end_time': invalid });
    const year0 = await track(batch({ pages: [visit({ timestamp: '0000-01-01T00:00:00Z' })] }));
    expect(year0.status).toBe(400);
    expect(year0.body.fields).toEqual({ 'pages.0.timestamp': invalid });
  });

  it('refuses an offset that carries an instant out of years 0001-9999, and a day 0000', async () => {
    for (const time of ['9999-12-31T23:59:59-01:00', '0001-01-01T00:00:00+01:00']) {
      const res = await track(batch({ session_start_time: time }));
      expect(res.status, time).toBe(400);
    }
    expect(isStorableDate('0000-01-01')).toBe(false);
    expect(isStorableDate('0001-01-01')).toBe(true);
    expect(isStorableDateTime('9999-12-31T23:59:59.999Z')).toBe(true);
    expect((await track(batch())).status).toBe(201);
  });
});

describe('keys named like built-in properties', () => {
  it.each(['constructor', 'toString', 'hasOwnProperty', '__proto__'])(
    'refuses a body key %s with 400 naming it',
    async (key) => {
      const res = await t.request('POST', `${SR}/desks/`, {
        token,
        rawBody: `{"${key}":{"polluted":true},"name":"x"}`,
      });
      expect(res.status).toBe(400);
      expect(res.body.fields[key]).toEqual(['This field name is not allowed.']);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
  );
});

describe('content types and sizes', () => {
  it('answers 415 to a JSON body sent as text/plain, application/xml or without a type', async () => {
    for (const type of ['text/plain', 'application/xml', '']) {
      const res = await t.request('POST', `${SR}/desks/`, {
        token,
        rawBody: '{"name":"plain"}',
        headers: { 'content-type': type },
      });
      expect(res.status, type).toBe(415);
      expect(res.body.code).toBe('unsupported_media_type');
    }
  });

  it('answers 413 to a JSON body over 1 MB before reading it, also without Content-Length', async () => {
    const big = `{"refresh":"${'a'.repeat(JSON_BODY_LIMIT)}"}`;
    const res = await t.request('POST', '/be/api/auth/logout/', {
      rawBody: big,
      headers: { 'content-length': String(big.length) },
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      detail: 'The request body is larger than 1 MB.',
      code: 'payload_too_large',
    });
    const streamed = await t.app.request('/be/api/auth/logout/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new Blob([big]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
  });

  it('takes multipart up to two images plus fields, and answers 413 beyond', async () => {
    const form = new FormData();
    form.set('front', 'a');
    form.set('back', 'b');
    form.set('front_image', new Blob([new Uint8Array(IMAGE_BODY_LIMIT + 1)]), 'big.png');
    const res = await t.request('POST', `${SR}/cards/`, { token, form });
    expect(res.status).toBe(413);
    expect(res.body.detail).toBe('The request body is larger than 5.4 MiB.');
  });

  it('answers 400 to a malformed multipart body', async () => {
    const res = await t.request('POST', `${SR}/cards/`, {
      token,
      rawBody: '--x\r\nContent-Disposition: form-data\r\n\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(res.status).toBe(400);
  });

  it('answers 400 to a body nested deeper than the validator walks', async () => {
    const res = await t.request('POST', `${SR}/desks/`, {
      token,
      rawBody: `{"name":"x","description":${'['.repeat(50_000)}${']'.repeat(50_000)}}`,
    });
    expect(res.status).toBe(400);
  });
});

describe('bodies read through the Node adapter (@hono/node-server)', () => {
  let base: string;
  let server: ReturnType<typeof serve>;
  beforeAll(async () => {
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** POSTs `body` in `chunks` pieces; with `length`, a Content-Length header (else chunked). */
  function post(path: string, body: string, o: { length?: number; chunks?: number } = {}) {
    return new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
      const headers: Record<string, string | number> = { 'content-type': 'application/json' };
      if (o.length !== undefined) headers['content-length'] = o.length;
      const req = request(`${base}${path}`, { method: 'POST', headers }, (res) => {
        let text = '';
        res.on('data', (d) => {
          text += d;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      });
      req.on('error', reject);
      const size = Math.ceil(body.length / (o.chunks ?? 1));
      for (let i = 0; i < body.length; i += size) req.write(body.slice(i, i + size));
      // A declared length longer than what is sent: the answer must come without the rest.
      if (o.length === undefined || o.length === body.length) req.end();
    });
  }

  it('reads a body with Content-Length straight from the socket, not through a web stream', async () => {
    const toWeb = vi.spyOn(Readable, 'toWeb');
    const partial = JSON.stringify({ email: 'nobody@example.com' });
    const missing = await post('/be/api/auth/token/', partial, { length: partial.length });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.fields as object)).toEqual(['password']);
    const full = JSON.stringify({ email: 'nobody@example.com', password: 'not-theirs' });
    expect((await post('/be/api/auth/token/', full, { length: full.length })).status).toBe(401);
    expect(toWeb).not.toHaveBeenCalled();
  });

  it('counts a chunked body while it streams in, and reads it the same', async () => {
    const toWeb = vi.spyOn(Readable, 'toWeb');
    const partial = JSON.stringify({ email: 'nobody@example.com' });
    const missing = await post('/be/api/auth/token/', partial, { chunks: 3 });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.fields as object)).toEqual(['password']);
    expect(toWeb).toHaveBeenCalled();
  });

  it('answers 413 to a declared length over the limit before the body arrives, and to a chunked one', async () => {
    const start = '{"refresh":"';
    const declared = await post('/be/api/auth/logout/', start, { length: JSON_BODY_LIMIT + 1 });
    expect(declared).toEqual({
      status: 413,
      body: { detail: 'The request body is larger than 1 MB.', code: 'payload_too_large' },
    });
    const big = `${start}${'a'.repeat(JSON_BODY_LIMIT)}"}`;
    const chunked = await post('/be/api/auth/logout/', big, { chunks: 8 });
    expect(chunked.status).toBe(413);
  });
});
