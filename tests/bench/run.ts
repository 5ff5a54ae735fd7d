// `npm run bench`: the backend on its own fresh embedded PostgreSQL (in a temp folder) behind a
// Node HTTP server, loaded from a second process (autocannon). Prints figures; asserts nothing.
//
// Add a row by adding a scenario below. Environment: BENCH_DURATION (s, default 10),
// BENCH_CONNECTIONS (default 32), BENCH_WARMUP (s, default 2), LOG_LEVEL (default warn: one JSON
// line per request would flood this output).
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';

process.env.LOG_LEVEL ??= 'warn';
process.env.SEED_DEMO = 'false';
delete process.env.DATABASE_URL; // always a fresh embedded database, never a configured one

const { startBackend } = await import('@memoria/server');

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);

/** What every scenario may use: the server's base URL and a signed-in user's tokens. */
interface BenchContext {
  baseUrl: string;
  access: string;
  refresh: string;
}

interface Scenario {
  name: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  headers?(ctx: BenchContext): Record<string, string>;
  body?(ctx: BenchContext): unknown;
}

const auth = (ctx: BenchContext) => ({ authorization: `Bearer ${ctx.access}` });

/** The rows of the table. Later issues append here. */
const scenarios: Scenario[] = [
  { name: 'health', path: '/be/api/health/' },
  { name: 'me (bearer)', path: '/be/api/auth/users/me/', headers: auth },
];

/** Ratios printed under the table: [numerator row, denominator row]. */
const ratios: [string, string][] = [['me (bearer)', 'health']];

interface Result {
  scenario: Scenario;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}

/** The part of `autocannon --json` read here. */
interface AutocannonJson {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

const autocannon = createRequire(import.meta.url).resolve('autocannon');

function runAutocannon(url: string, scenario: Scenario, ctx: BenchContext, seconds: number) {
  const args = [autocannon, '--json', '-c', String(CONNECTIONS), '-d', String(seconds)];
  args.push('-m', scenario.method ?? 'GET');
  const headers = { ...scenario.headers?.(ctx) };
  const body = scenario.body?.(ctx);
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    args.push('-b', JSON.stringify(body));
  }
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  args.push(url);
  return new Promise<AutocannonJson>((resolve, reject) => {
    // A second process: the load generator must not share the server's event loop.
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited ${code}: ${err}`));
      try {
        resolve(JSON.parse(out));
      } catch {
        reject(new Error(`autocannon printed no JSON: ${out}${err}`));
      }
    });
  });
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'memoria-bench-'));
await chmod(dataDir, 0o755);
const backend = await startBackend({ dataDir, seed: false });
const server = serve({
  fetch: (req, env) => backend.fetch(req, env),
  port: 0,
  hostname: '127.0.0.1',
});
await new Promise<void>((resolve) => server.once('listening', () => resolve()));
const { port } = server.address() as AddressInfo;
const baseUrl = `http://127.0.0.1:${port}`;

async function post(p: string, body: unknown) {
  const res = await fetch(baseUrl + p, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, string>>;
}

const results: Result[] = [];
try {
  const credentials = { email: 'bench@example.com', password: 'bench-password' };
  await post('/be/api/auth/users/', {
    ...credentials,
    username: 'bench',
    password2: credentials.password,
  });
  const tokens = await post('/be/api/auth/token/', credentials);
  const ctx: BenchContext = { baseUrl, access: tokens.access ?? '', refresh: tokens.refresh ?? '' };

  console.log(
    `Benchmark: ${CONNECTIONS} connections, ${DURATION} s per row (after ${WARMUP} s warm-up), ` +
      `${os.cpus().length} CPUs, Node ${process.version}, server and load on one machine.`,
  );
  for (const scenario of scenarios) {
    const url = baseUrl + scenario.path;
    if (WARMUP > 0) await runAutocannon(url, scenario, ctx, WARMUP);
    const r = await runAutocannon(url, scenario, ctx, DURATION);
    results.push({
      scenario,
      rps: r.requests.average,
      p50: r.latency.p50,
      p99: r.latency.p99,
      requests: r.requests.total,
      non2xx: r.non2xx,
      errors: r.errors + r.timeouts,
    });
    process.stdout.write(`  ran ${scenario.name}\n`);
  }
} finally {
  server.close();
  await backend.close();
  await rm(dataDir, { recursive: true, force: true });
}

const rows = [
  ['endpoint', 'requests/s', 'p50 ms', 'p99 ms', 'requests', 'non-2xx', 'errors'],
  ...results.map((r) => [
    `${r.scenario.method ?? 'GET'} ${r.scenario.path} (${r.scenario.name})`,
    r.rps.toFixed(0),
    r.p50.toFixed(1),
    r.p99.toFixed(1),
    String(r.requests),
    String(r.non2xx),
    String(r.errors),
  ]),
];
const widths = rows[0]?.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? '').length))) ?? [];
const line = (row: string[]) =>
  `| ${row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join(' | ')} |`;
console.log();
console.log(line(rows[0] ?? []));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const row of rows.slice(1)) console.log(line(row));
console.log();
for (const [a, b] of ratios) {
  const x = results.find((r) => r.scenario.name === a);
  const y = results.find((r) => r.scenario.name === b);
  if (x && y && y.rps > 0) {
    console.log(`ratio ${a} / ${b}: ${(x.rps / y.rps).toFixed(2)} (requests/s)`);
  }
}
if (results.some((r) => r.non2xx > 0 || r.errors > 0)) {
  console.log(
    'Note: some rows had non-2xx answers or errors; their figures do not measure success.',
  );
}
