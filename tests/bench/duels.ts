import { chmod, mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import postgres from 'postgres';
import { runChild } from './child.ts';

process.env.LOG_LEVEL ??= 'warn';
process.env.SEED_DEMO = 'false';
delete process.env.DATABASE_URL;

const { startBackend } = await import('@memoria/server');

const DUELS = Number(process.env.BENCH_DUELS ?? 100);
const QUESTIONS = Number(process.env.BENCH_DUEL_QUESTIONS ?? 10);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 32;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'memoria-bench-'));
await chmod(dataDir, 0o755);
const backend = await startBackend({ dataDir, seed: false });
const server = serve({
  fetch: (req, env) => backend.fetch(req, env),
  port: 0,
  hostname: '127.0.0.1',
});
await new Promise<void>((resolve) => server.once('listening', () => resolve()));
const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

async function call(method: string, p: string, body?: unknown, access?: string) {
  const res = await fetch(baseUrl + p, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(access ? { authorization: `Bearer ${access}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
  const text = await res.text();
  return (text ? JSON.parse(text) : {}) as Record<string, unknown> & { id: number };
}

async function player(n: number) {
  const credentials = { email: `duelist${n}@example.com`, password: 'bench-password' };
  const user = await call('POST', '/be/api/auth/users/', {
    ...credentials,
    username: `duelist${n}`,
    password2: credentials.password,
  });
  const { access } = (await call('POST', '/be/api/auth/token/', credentials)) as unknown as {
    access: string;
  };
  return { id: user.id, username: `duelist${n}`, access };
}

try {
  const setupStarted = performance.now();
  const sql = postgres(backend.databaseUrl, { max: 1, onnotice: () => {} });
  const people = [];
  for (let i = 0; i < DUELS * 2; i += 10) {
    people.push(...(await Promise.all(Array.from({ length: 10 }, (_, j) => player(i + j)))));
    // Every player registers from this one address: its budget of 10 an hour is the bench's.
    await sql`delete from registration_attempts`;
  }
  await sql`update users set account_type = 'standard' where id in ${sql(people.map((p) => p.id))}`;
  await sql.end();
  const questions = Array.from({ length: QUESTIONS }, (_, i) => ({
    question: `Question ${i + 1}`,
    answer: `answer ${i + 1}`,
  }));
  const players: { access: string; duelId: number }[] = [];
  for (let d = 0; d < DUELS; d += 1) {
    const a = people[2 * d];
    const b = people[2 * d + 1];
    if (!a || !b) break;
    const friendship = await call(
      'POST',
      '/be/api/friends/friendships/',
      { username: b.username },
      a.access,
    );
    await call('POST', `/be/api/friends/friendships/${friendship.id}/accept/`, undefined, b.access);
    const duel = await call(
      'POST',
      '/be/api/duels/create/',
      { duel_type: 'custom', questions, answer_time: 300, opponent_id: b.id },
      a.access,
    );
    const pending = (await call(
      'GET',
      '/be/api/duels/requests/pending/',
      undefined,
      b.access,
    )) as unknown as {
      id: number;
    }[];
    await call(
      'POST',
      `/be/api/duels/duel-requests/${pending[0]?.id}/respond/`,
      { action: 'accept' },
      b.access,
    );
    await call('GET', `/be/api/duels/${duel.id}/`, undefined, a.access);
    players.push({ access: a.access, duelId: duel.id }, { access: b.access, duelId: duel.id });
  }
  const setupMs = performance.now() - setupStarted;

  const health = await runChild<{
    requests: { average: number };
    latency: { p50: number; p99: number };
  }>('load.ts', {
    url: baseUrl,
    connections: CONNECTIONS,
    duration: DURATION,
    method: 'GET',
    headers: {},
    paths: ['/be/api/health/'],
  });
  const run = await runChild<{ latencies: number[]; wallMs: number; failures: number }>(
    'duel-players.ts',
    { baseUrl, players, questions: QUESTIONS },
  );
  const sorted = [...run.latencies].sort((x, y) => x - y);
  const rows = [
    ['row', 'clients', 'requests/s', 'p50 ms', 'p99 ms', 'requests', 'failed'],
    [
      'GET health',
      String(CONNECTIONS),
      health.requests.average.toFixed(0),
      health.latency.p50.toFixed(1),
      health.latency.p99.toFixed(1),
      '',
      '',
    ],
    [
      `POST submit-response, ${players.length / 2} duels`,
      String(players.length),
      ((run.latencies.length / run.wallMs) * 1000).toFixed(0),
      percentile(sorted, 50).toFixed(1),
      percentile(sorted, 99).toFixed(1),
      String(run.latencies.length),
      String(run.failures),
    ],
  ];
  console.log('\nDuels');
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  for (const r of rows) console.log(r.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  '));
  console.log(
    `set-up (${players.length} players, friendships, duels, acceptances): ${setupMs.toFixed(0)} ms`,
  );
} finally {
  server.close();
  await backend.close();
  await rm(dataDir, { recursive: true, force: true });
}
