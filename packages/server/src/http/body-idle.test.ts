/**
 * The idle-body time-out over real sockets: the product's app behind `serve()`, with the time-out
 * shortened to 300 ms (30 s in production).
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '../log.ts';
import { type Serving, serve } from '../serve.ts';
import { createLifecycle } from '../shutdown.ts';
import { createTestBackend, type TestBackend } from '../test/harness.ts';
import { readSse } from '../test/sse.ts';

const IDLE_MS = 300;
const entries: { level: string; msg: string; fields?: Record<string, unknown> }[] = [];
const recording: Logger = {
  level: 'debug',
  enabled: () => true,
  debug: (msg, fields) => entries.push({ level: 'debug', msg, fields }),
  info: (msg, fields) => entries.push({ level: 'info', msg, fields }),
  warn: (msg, fields) => entries.push({ level: 'warn', msg, fields }),
  error: (msg, fields) => entries.push({ level: 'error', msg, fields }),
};

let t: TestBackend;
let serving: Serving;
let port: number;
let access: string;

beforeAll(async () => {
  t = await createTestBackend({ logger: recording });
  access = (await t.signUp()).access;
  serving = serve(
    {
      fetch: async (req, env) => t.app.fetch(req, env),
      lifecycle: createLifecycle(() => {}),
      close: () => t.close(),
      databaseUrl: t.url,
      implemented: { implemented: 0, total: 0 },
    },
    { port: 0, host: '127.0.0.1', bodyIdleMs: IDLE_MS },
  );
  ({ port } = await serving.listening);
});

afterAll(async () => {
  await serving?.shutdown();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends a deck creation's head and then `parts` of its body, `gapMs` apart; resolves with what
 * the server wrote once it closes the connection (or after the last part, `Connection: close`).
 */
function createDeckSlowly(parts: string[], declaredLength: number, gapMs: number) {
  return new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
    socket.on('connect', async () => {
      socket.write(
        'POST /be/api/space-repetition/desks/ HTTP/1.1\r\n' +
          'Host: 127.0.0.1\r\n' +
          `Authorization: Bearer ${access}\r\n` +
          'Content-Type: application/json\r\n' +
          'Connection: close\r\n' +
          `Content-Length: ${declaredLength}\r\n\r\n`,
      );
      for (const part of parts) {
        if (socket.destroyed) return;
        socket.write(part);
        await sleep(gapMs);
      }
    });
  });
}

describe('a request body that stops arriving', () => {
  it('is answered 408 and its connection closed after the idle time, with no error logged', async () => {
    entries.length = 0;
    const body = JSON.stringify({ name: 'Never finished' });
    // Half the body, then silence (the client keeps the connection open).
    const answer = await createDeckSlowly([body.slice(0, 10)], body.length, 60_000);
    const [head = '', json = ''] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(json)).toEqual({
      detail: 'The request body stopped arriving for 0.3 s.',
      code: 'request_timeout',
    });
    // The handler's read failed with the same 408: logged as a request, not as a fault.
    await expect.poll(() => entries.find((e) => e.msg === 'request')?.fields?.status).toBe(408);
    expect(entries.filter((e) => e.level === 'error')).toEqual([]);
  }, 20_000);

  it('is not cut while it keeps arriving, however long it takes in all', async () => {
    const body = JSON.stringify({ name: 'Sent byte by byte over a while' });
    // One byte every 50 ms: the whole body takes about 5 idle times.
    const answer = await createDeckSlowly(body.split(''), body.length, 50);
    expect(answer).toMatch(/^HTTP\/1\.1 201 /);
  }, 20_000);

  it('leaves an event stream open past the idle time on a connection that sent a body before', async () => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    let closed = false;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('close', () => {
      closed = true;
    });
    await new Promise((resolve) => socket.once('connect', resolve));
    const body = JSON.stringify({ name: 'Kept alive' });
    socket.write(
      'POST /be/api/space-repetition/desks/ HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        `Authorization: Bearer ${access}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${body.length}\r\n\r\n${body}`,
    );
    await expect.poll(() => received).toMatch(/^HTTP\/1\.1 201 [\s\S]*"Kept alive"/);
    socket.write(
      'GET /be/api/events/ HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        `Authorization: Bearer ${access}\r\nAccept: text/event-stream\r\n\r\n`,
    );
    await expect.poll(() => received).toMatch(/event: ready/);
    await sleep(IDLE_MS * 4);
    expect(closed).toBe(false);
    socket.destroy();
  }, 20_000);

  it('leaves a request without a body, an event stream, open past the idle time', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/be/api/events/`, {
      headers: { authorization: `Bearer ${access}` },
    });
    expect(res.status).toBe(200);
    const sse = readSse(res.body as ReadableStream<Uint8Array>);
    expect((await sse.nextEvent()).event).toBe('ready');
    let ended = false;
    void sse.ended.then(() => {
      ended = true;
    });
    await sleep(IDLE_MS * 4);
    expect(ended).toBe(false);
    expect(t.deps.events.size).toBe(1);
    await sse.cancel();
  }, 20_000);
});
