// `npm run bench` (invitations rows): `GET auth/verify-invitation/{code}/` among 20,000
// invitations, cycling through 5,000 valid codes, and for used codes, beside health rows of the
// same run. Unknown codes are not a row: past 20 from one address every verify is 429 by design.
// Prints figures; asserts nothing. BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default
// 32), BENCH_WARMUP (s, default 2).
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { openDatabase } from '../../packages/server/src/db/client.ts';
import { newInvitationCode } from '../../packages/server/src/domain/schools/invitations.ts';

process.env.LOG_LEVEL ??= 'warn';
process.env.SEED_DEMO = 'false';
delete process.env.DATABASE_URL; // always a fresh embedded database, never a configured one

const { startBackend } = await import('@memoria/server');

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const INVITATIONS = 20_000;
const VALID = 5_000;
const loadScript = path.join(import.meta.dirname, 'load.ts');

interface Row {
  name: string;
  paths: string[];
}

interface Figures {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
}

/** One autocannon run in a second process (load.ts), so load and server do not share a loop. */
async function load(baseUrl: string, row: Row, seconds: number): Promise<Figures> {
  const spec = {
    url: baseUrl,
    connections: CONNECTIONS,
    duration: seconds,
    method: 'GET',
    headers: {},
    paths: row.paths,
  };
  const specFile = path.join(os.tmpdir(), `memoria-bench-invitations-${process.pid}.json`);
  await writeFile(specFile, JSON.stringify(spec));
  try {
    return await new Promise<Figures>((resolve, reject) => {
      const child = spawn(process.execPath, [loadScript, specFile], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      let err = '';
      child.stdout.on('data', (d) => {
        out += d;
      });
      child.stderr.on('data', (d) => {
        err += d;
      });
      child.on('close', (code) => {
        if (code !== 0) return reject(new Error(`load exited ${code}: ${err}`));
        resolve(JSON.parse(out) as Figures);
      });
    });
  } finally {
    await rm(specFile, { force: true });
  }
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
const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const database = openDatabase(backend.databaseUrl, { max: 2 });

const lines: string[][] = [];
try {
  const { sql } = database;
  const t = performance.now();
  const [owner] = await sql<{ id: number }[]>`
    insert into users (email, username, password_hash, account_type)
    values ('owner@example.com', 'owner', 'not-a-hash', 'enterprise_plus') returning id`;
  const codes = Array.from({ length: INVITATIONS }, newInvitationCode);
  // Valid: the first VALID codes; the rest used yesterday by the owner's first teacher.
  await sql`
    insert into invitations (code, kind, plan_type, created_by, expires_at, used_at, used_by)
    select code, 'teacher', 'standard', ${owner?.id ?? 0}::int, now() + interval '7 days',
      case when i > ${VALID}::int then now() - interval '1 day' end,
      case when i > ${VALID}::int then ${owner?.id ?? 0}::int end
    from unnest(${codes}::text[]) with ordinality as c(code, i)`;
  await sql`vacuum analyze invitations`;
  process.stdout.write(
    `  seeded ${INVITATIONS} invitations in ${(performance.now() - t).toFixed(0)} ms\n`,
  );
  const verify = (list: string[]) => list.map((c) => `/be/api/auth/verify-invitation/${c}/`);
  const health: Row = { name: 'health', paths: ['/be/api/health/'] };
  const rows: Row[] = [
    health,
    {
      name: `verify-invitation, ${VALID} valid codes in turn`,
      paths: verify(codes.slice(0, VALID)),
    },
    { name: 'verify-invitation, used codes in turn', paths: verify(codes.slice(VALID)) },
    health,
  ];
  for (const row of rows) {
    if (WARMUP > 0) await load(baseUrl, row, WARMUP);
    const r = await load(baseUrl, row, DURATION);
    lines.push([
      `GET ${row.name}`,
      r.requests.average.toFixed(0),
      r.latency.p50.toFixed(1),
      r.latency.p99.toFixed(1),
      String(r.requests.total),
      String(r.non2xx),
    ]);
    process.stdout.write(`  ran ${row.name}\n`);
  }
} finally {
  await database.end();
  server.close();
  await backend.close();
  await rm(dataDir, { recursive: true, force: true });
}

console.log(`\nInvitations (${CONNECTIONS} connections)`);
const head = ['row', 'requests/s', 'p50 ms', 'p99 ms', 'requests', 'non-2xx'];
const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
for (const l of [head, ...lines]) console.log(l.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  '));
