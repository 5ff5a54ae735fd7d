import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './db/connect.ts';
import { serve, startBackend } from './index.ts';

// The real start-up on its own data folder, served on a loopback port, shut down under load.
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'memoria-serve-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function json(res: Response) {
  const text = await res.text();
  return text ? JSON.parse(text) : undefined;
}

async function signUp(base: string, name = 'load') {
  const credentials = { email: `${name}@example.com`, password: 'load-test-password' };
  const created = await fetch(`${base}/be/api/auth/users/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...credentials, username: name, password2: credentials.password }),
  });
  expect(created.status).toBe(201);
  const tokens = await fetch(`${base}/be/api/auth/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  return (await json(tokens)).access as string;
}

/** Resolves once the server has received `count` requests. */
function received(serving: ReturnType<typeof serve>, count: number): Promise<void> {
  return new Promise((resolve) => {
    let seen = 0;
    serving.server.on('request', () => {
      seen += 1;
      if (seen === count) resolve();
    });
  });
}

describe('serve: graceful shutdown', () => {
  it('answers every request received before SIGTERM, commits each answered write, then stops', async () => {
    const backend = await startBackend({ dataDir, seed: false });
    const serving = serve(backend, { port: 0, host: '127.0.0.1' });
    const { port } = await serving.listening;
    const base = `http://127.0.0.1:${port}`;
    const access = await signUp(base);

    const writes = 60;
    const allReceived = received(serving, writes);
    const requests = Array.from({ length: writes }, (_, i) =>
      fetch(`${base}/be/api/space-repetition/desks/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${access}` },
        body: JSON.stringify({ name: `Desk ${i}` }),
      }).then(
        async (res) => ({ status: res.status, body: await json(res) }),
        (error: Error) => ({ status: 0, body: error.message }),
      ),
    );
    await allReceived;
    const report = await serving.shutdown();
    const answers = await Promise.all(requests);

    expect(report).toEqual({ drained: true, cut: 0 });
    expect(answers.map((a) => a.status)).toEqual(Array(writes).fill(201));
    await expect(fetch(`${base}/be/api/health/`)).rejects.toThrow(); // no longer accepting

    const again = await startBackend({ dataDir, seed: false });
    try {
      const tokens = await again.fetch(
        new Request('http://localhost/be/api/auth/token/', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'load@example.com', password: 'load-test-password' }),
        }),
      );
      const { access: fresh } = await json(tokens);
      const list = await again.fetch(
        new Request('http://localhost/be/api/space-repetition/desks/', {
          headers: { authorization: `Bearer ${fresh}` },
        }),
      );
      const names = ((await json(list)) as { name: string }[]).map((deck) => deck.name).sort();
      const answered = answers.map((a) => (a.body as { name: string }).name).sort();
      expect(names).toEqual(answered);
    } finally {
      await again.close();
    }
  }, 120_000);

  it('runs drain hooks while connections are open, cuts what outlives drainMs, then close hooks', async () => {
    const backend = await startBackend({ dataDir, seed: false });
    const order: string[] = [];
    let stream: ServerResponse | undefined;
    const serving = serve(backend, {
      port: 0,
      host: '127.0.0.1',
      drainMs: 200,
      fallback: (req, res) => {
        if (req.url === '/stream') {
          // A long-lived response, as an event stream is: ended by its drain hook.
          stream = res;
          res.writeHead(200, { 'content-type': 'text/plain' });
          res.write('open\n');
        }
        // '/hang' never answers.
      },
    });
    backend.lifecycle.onDrain(() => {
      order.push('drain');
      stream?.end('bye\n');
    });
    backend.lifecycle.onClose(() => {
      order.push('close');
    });
    const { port } = await serving.listening;
    const base = `http://127.0.0.1:${port}`;

    const both = received(serving, 2);
    const streamed = fetch(`${base}/stream`).then((res) => res.text());
    const hung = fetch(`${base}/hang`).then(
      () => 'answered',
      () => 'cut',
    );
    await both;
    const report = await serving.shutdown();

    expect(await streamed).toBe('open\nbye\n');
    expect(await hung).toBe('cut');
    expect(report).toEqual({ drained: false, cut: 1 });
    expect(order).toEqual(['drain', 'close']);
  }, 120_000);
});

describe('serve: shutdown delay and keep-alive', () => {
  it('answers readiness 503 at once while serving, then closes the listener and drains', async () => {
    const backend = await startBackend({ dataDir, seed: false });
    // The delay ends when the test says so, rather than after a time a slow machine could miss.
    let endDelay = () => {};
    const delayed = new Promise<void>((resolve) => {
      endDelay = resolve;
    });
    let slow: ServerResponse | undefined;
    const serving = serve(backend, {
      port: 0,
      host: '127.0.0.1',
      shutdownDelay: () => delayed,
      fallback: (req, res) => {
        if (req.url === '/slow') slow = res; // answered during the drain
      },
    });
    let listeningAtDrain: boolean | undefined;
    backend.lifecycle.onDrain(() => {
      listeningAtDrain = serving.server.listening;
      slow?.end('done');
    });
    const { port } = await serving.listening;
    const base = `http://127.0.0.1:${port}`;
    const first = received(serving, 1);
    const inFlight = fetch(`${base}/slow`).then((res) => res.text());
    await first;

    const stopped = serving.shutdown();
    const readiness = await fetch(`${base}/be/api/health/`);
    expect(readiness.status).toBe(503);
    expect(await json(readiness)).toMatchObject({ code: 'unavailable' });
    const liveness = await fetch(`${base}/be/api/health/live/`);
    expect(liveness.status).toBe(200);
    const access = await signUp(base, 'delayed'); // writes and sign-ins still work during the delay
    const me = await fetch(`${base}/be/api/auth/users/me/`, {
      headers: { authorization: `Bearer ${access}` },
    });
    expect(me.status).toBe(200);
    expect(serving.server.listening).toBe(true);
    expect(listeningAtDrain).toBeUndefined();

    endDelay();
    expect(await stopped).toEqual({ drained: true, cut: 0 });
    expect(listeningAtDrain).toBe(false);
    expect(await inFlight).toBe('done');
    await expect(fetch(`${base}/be/api/health/live/`)).rejects.toThrow();
  }, 120_000);

  it('keeps idle connections open for keepAliveTimeoutMs (KEEP_ALIVE_TIMEOUT_MS)', async () => {
    const backend = await startBackend({ dataDir, seed: false });
    const configured = serve(backend, { port: 0, host: '127.0.0.1', keepAliveTimeoutMs: 65_000 });
    expect(configured.server.keepAliveTimeout).toBe(65_000);
    await configured.listening;
    await configured.shutdown();
  }, 120_000);
});

describe('a server process and SIGTERM', () => {
  it('answers the requests in flight with their writes, logs no error and exits 0', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'memoria-sigterm-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // The API's own entry (packages/server/src/dev-server.ts): the same serve() and signal
    // handling as scripts/start.ts, without needing the web app's build.
    const child = spawn(process.execPath, [path.join(import.meta.dirname, 'dev-server.ts')], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: folder,
        DATABASE_URL: '',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      while (!/Memoria API on/.test(output)) {
        if (child.exitCode !== null) throw new Error(output);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const access = await signUp(base);
      const writes = 40;
      const requests = Array.from({ length: writes }, (_, i) =>
        fetch(`${base}/be/api/space-repetition/desks/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${access}` },
          body: JSON.stringify({ name: `Signal ${i}` }),
        }).then(
          (res) => res.status,
          () => 0,
        ),
      );
      // Each request logs one JSON line when answered: signal once the first is answered, while
      // the others are still queued on the pool.
      while (!/"path":"\/be\/api\/space-repetition\/desks\/"/.test(output)) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      child.kill('SIGTERM');
      const statuses = await Promise.all(requests);
      expect(await exited).toBe(0);
      // 0: a request whose connection the closing server never accepted (never answered).
      expect(statuses.filter((status) => status !== 201 && status !== 0)).toEqual([]);
      expect(statuses.filter((status) => status === 201).length).toBeGreaterThan(1);
      expect(output).not.toMatch(/"level":"error"/);
    } finally {
      child.kill('SIGKILL');
      await rm(folder, { recursive: true, force: true });
    }
  }, 120_000);
});
