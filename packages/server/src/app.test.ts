import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { freePort } from './db/connect.ts';
import { createLogger, type Logger, type LogLevel } from './log.ts';
import { allHandlers } from './routes/index.ts';
import { assertMatchesContract, createTestBackend, type TestBackend } from './test/harness.ts';

let t: TestBackend;
beforeAll(async () => {
  t = await createTestBackend();
});
afterAll(async () => {
  await t?.close();
});

describe('health', () => {
  it('answers ok after asking the database', async () => {
    const res = await t.request('GET', '/be/api/health/');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: 'ok', version: 'test' });
  });

  it('also answers without the trailing slash', async () => {
    const res = await t.request('GET', '/be/api/health');
    expect(res.status).toBe(200);
  });

  it('answers 503 unavailable when the database does not answer', async () => {
    const port = await freePort(); // nothing listens there
    const dead = openDatabase(`postgres://nobody:x@127.0.0.1:${port}/none`, { max: 1 });
    const app = createApp({ ...t.deps, db: dead.db, sql: dead.sql });
    const res = await app.request('/be/api/health/');
    const body = await res.json();
    expect(res.status).toBe(503);
    expect(body.code).toBe('unavailable');
    assertMatchesContract('GET', '/be/api/health/', 503, body);
    await dead.end();
  });
});

describe('liveness', () => {
  it('answers ok without asking the database, even when it does not answer', async () => {
    const port = await freePort(); // nothing listens there
    const dead = openDatabase(`postgres://nobody:x@127.0.0.1:${port}/none`, { max: 1 });
    const app = createApp({ ...t.deps, db: dead.db, sql: dead.sql });
    const res = await app.request('/be/api/health/live/');
    const body = await res.json();
    expect(res.status).toBe(200);
    expect(body).toEqual({ status: 'ok' });
    assertMatchesContract('GET', '/be/api/health/live/', 200, body);
    await dead.end();
  });
});

describe('routing and errors', () => {
  it('answers unknown paths under /be/api with a 404 Error', async () => {
    const res = await t.request('GET', '/be/api/no/such/thing/');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
    const wrongMethod = await t.request('DELETE', '/be/api/health/');
    expect(wrongMethod.status).toBe(404);
  });

  it('answers 501 naming the operation when its handler is missing', async () => {
    const { getHealth: _omitted, ...handlers } = allHandlers();
    const app = createApp(t.deps, { handlers });
    const res = await app.request('/be/api/health/');
    const body = await res.json();
    expect(res.status).toBe(501);
    expect(body).toEqual({
      detail: 'Not implemented yet: getHealth',
      code: 'not_implemented',
      operation: 'getHealth',
    });
    assertMatchesContract('GET', '/be/api/health/', 501, body);
  });

  it('checks the token before answering 501 for a signed-in operation', async () => {
    const { getMe: _omitted, ...handlers } = allHandlers();
    const app = createApp(t.deps, { handlers });
    expect((await app.request('/be/api/auth/users/me/')).status).toBe(401);
    const { access } = await t.signUp();
    const res = await app.request('/be/api/auth/users/me/', {
      headers: { authorization: `Bearer ${access}` },
    });
    expect(res.status).toBe(501);
  });

  it('refuses plan-gated operations to free accounts with 403 plan_required, before the 501', async () => {
    const { access, user } = await t.signUp();
    const free = await t.request('GET', '/be/api/macroimages/chats/', { token: access });
    expect(free.status).toBe(403);
    expect(free.body).toMatchObject({ code: 'plan_required', feature: 'macro_images' });

    await t.database.sql`update users set account_type = 'standard' where id = ${user.id}`;
    const paid = await t.request('GET', '/be/api/macroimages/chats/', { token: access });
    expect(paid.status).not.toBe(403);
  });

  it('validates and coerces path parameters (400 names the parameter)', async () => {
    const { access, user } = await t.signUp();
    const headers = { authorization: `Bearer ${access}` };
    const bad = await t.app.request('/be/api/auth/users/abc/', { headers });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields).toEqual({ id: ['Must be an integer.'] });
    const zero = await t.app.request('/be/api/auth/users/0/', { headers });
    expect((await zero.json()).fields).toEqual({ id: ['Must be at least 1.'] });
    const ok = await t.app.request(`/be/api/auth/users/${user.id}/`, { headers });
    expect(ok.status).toBe(200);
  });

  it('routes static paths before parameters (me, account_info are not ids)', async () => {
    const { access } = await t.signUp();
    const me = await t.request('GET', '/be/api/auth/users/me/', { token: access });
    expect(me.status).toBe(200);
    const info = await t.request('GET', '/be/api/auth/users/account_info/', { token: access });
    expect(info.status).toBe(200);
    expect(info.body).toHaveProperty('features');
  });

  it('renders unexpected errors as 500 internal_error without leaking them', async () => {
    const lines: string[] = [];
    const app = createApp(
      { ...t.deps, logger: captureLogger(lines) },
      {
        handlers: {
          getHealth: () => {
            throw new Error('secret internals');
          },
        },
      },
    );
    const res = await app.request('/be/api/health/');
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ detail: 'Internal server error.', code: 'internal_error' });
    expect(lines.some((l) => l.includes('secret internals'))).toBe(true);
  });
});

function captureLogger(lines: string[], level: LogLevel = 'debug'): Logger {
  const base = createLogger(level);
  const write =
    (level: string) =>
    (msg: string, fields?: Record<string, unknown>): void => {
      lines.push(JSON.stringify({ level, msg, ...fields }));
    };
  return {
    ...base,
    debug: write('debug'),
    info: write('info'),
    warn: write('warn'),
    error: write('error'),
  };
}

describe('request ids and logs', () => {
  it('logs a client that hangs up while sending its body as a 499 abort, not a 500 error', async () => {
    const { access } = await t.signUp();
    const lines: string[] = [];
    const app = createApp({ ...t.deps, logger: captureLogger(lines) });
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const { port } = server.address() as AddressInfo;
    const head = (path: string, headers: string) =>
      `POST /be/api${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}\r\n`;
    // Each a body cut off by the client: declared 1000 bytes (JSON, then a form upload), chunked.
    const cutOff = [
      {
        operation: 'obtainToken',
        raw: `${head('/auth/token/', 'Content-Type: application/json\r\nContent-Length: 1000\r\n')}{"email":"a@`,
      },
      {
        operation: 'obtainToken',
        raw: `${head('/auth/token/', 'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n')}c\r\n{"email":"a@\r\n`,
      },
      {
        operation: 'createCard',
        raw: `${head(
          '/space-repetition/cards/',
          `Authorization: Bearer ${access}\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: 1000\r\n`,
        )}--x\r\nContent-Disposition: form-data; name="front"\r\n\r\nhal`,
      },
    ];
    try {
      for (const { operation, raw } of cutOff) {
        lines.length = 0;
        const received = new Promise<void>((resolve) => server.once('request', () => resolve()));
        const socket = connect(port, '127.0.0.1');
        await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
        socket.write(raw);
        await received;
        socket.destroy();
        await vi.waitFor(
          () => expect(lines.some((l) => JSON.parse(l).msg === 'request')).toBe(true),
          { timeout: 5000 },
        );
        const entries = lines.map((l) => JSON.parse(l));
        expect(
          entries.filter((e) => e.level === 'error'),
          operation,
        ).toEqual([]);
        expect(
          entries.find((e) => e.msg === 'request'),
          operation,
        ).toMatchObject({
          level: 'info',
          status: 499,
          operation,
        });
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('logs health probes at debug and other requests at info', async () => {
    const lines: string[] = [];
    const app = createApp({ ...t.deps, logger: captureLogger(lines) });
    await app.request('/be/api/health/');
    await app.request('/be/api/health/live/');
    await app.request('/be/api/auth/users/me/');
    const requests = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request');
    expect(requests.map((r) => [r.operation, r.status, r.level])).toEqual([
      ['getHealth', 200, 'debug'],
      ['getLiveness', 200, 'debug'],
      ['getMe', 401, 'info'],
    ]);

    // At the default level (info) a probe writes nothing; a failing readiness probe still warns.
    lines.length = 0;
    const atInfo = createApp({ ...t.deps, logger: captureLogger(lines, 'info') });
    await atInfo.request('/be/api/health/live/');
    await atInfo.request('/be/api/health/');
    expect(lines).toEqual([]);
    const port = await freePort(); // nothing listens there
    const dead = openDatabase(`postgres://nobody:x@127.0.0.1:${port}/none`, { max: 1 });
    try {
      const down = createApp({
        ...t.deps,
        db: dead.db,
        sql: dead.sql,
        logger: captureLogger(lines, 'info'),
      });
      expect((await down.request('/be/api/health/')).status).toBe(503);
      const logged = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request');
      expect(logged).toMatchObject([{ operation: 'getHealth', status: 503, level: 'warn' }]);
    } finally {
      await dead.end();
    }
  });

  it('echoes a given X-Request-Id and logs one line per request', async () => {
    const lines: string[] = [];
    const app = createApp({ ...t.deps, logger: captureLogger(lines) });
    const res = await app.request('/be/api/health/', { headers: { 'X-Request-Id': 'abc-123' } });
    expect(res.headers.get('x-request-id')).toBe('abc-123');
    const requests = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request');
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      level: 'debug', // a health probe (see below)
      request_id: 'abc-123',
      method: 'GET',
      path: '/be/api/health/',
      status: 200,
      operation: 'getHealth',
    });
    expect(typeof requests[0].ms).toBe('number');
  });

  it('reads the request id from Node’s parsed headers when served by @hono/node-server', async () => {
    const res = await t.app.request(
      '/be/api/health/live/',
      {},
      {
        incoming: { headers: { 'x-request-id': 'from-node-1' } },
      },
    );
    expect(res.headers.get('x-request-id')).toBe('from-node-1');
    const unsafe = await t.app.request(
      '/be/api/health/live/',
      {},
      {
        incoming: { headers: { 'x-request-id': 'bad id\twith spaces' } },
      },
    );
    expect(unsafe.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('generates a request id when none (or an unsafe one) is sent', async () => {
    const a = await t.app.request('/be/api/health/');
    const b = await t.app.request('/be/api/health/', {
      headers: { 'X-Request-Id': 'bad id\twith spaces' },
    });
    expect(a.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers.get('x-request-id')).not.toBe(b.headers.get('x-request-id'));
  });
});
