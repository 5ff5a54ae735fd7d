// `npm run bench` (schools rows): an Enterprise account's school with 5,000 students (enrolled in
// its courses and subjects, seeded with SQL) read as `auth/schools/{id}/students/` and as the
// school with its statistics, beside health rows of the same run. Prints figures; asserts nothing.
// BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 32), BENCH_WARMUP (s, default 2).
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { openDatabase } from '../../packages/server/src/db/client.ts';

process.env.LOG_LEVEL ??= 'warn';
process.env.SEED_DEMO = 'false';
delete process.env.DATABASE_URL; // always a fresh embedded database, never a configured one

const { startBackend } = await import('@memoria/server');

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const FEW = 4;
const STUDENTS = 5_000;
const loadScript = path.join(import.meta.dirname, 'load.ts');

interface Row {
  name: string;
  path: string;
  connections?: number;
}

interface Figures {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}

/** One autocannon run in a second process (load.ts), so load and server do not share a loop. */
async function load(baseUrl: string, row: Row, access: string, seconds: number): Promise<Figures> {
  const spec = {
    url: baseUrl,
    connections: row.connections ?? CONNECTIONS,
    duration: seconds,
    method: 'GET',
    headers: { authorization: `Bearer ${access}` },
    paths: [row.path],
  };
  const specFile = path.join(os.tmpdir(), `memoria-bench-schools-${process.pid}.json`);
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

async function call(method: string, p: string, body?: unknown, access?: string) {
  const res = await fetch(baseUrl + p, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(access ? { authorization: `Bearer ${access}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}

const lines: string[][] = [];
try {
  const { sql } = database;
  const credentials = { email: 'bench@example.com', password: 'bench-password' };
  const me = await call('POST', '/be/api/auth/users/', {
    ...credentials,
    username: 'bench',
    password2: credentials.password,
  });
  // No API upgrades an account: the bench sets its plan as the tests do.
  await sql`update users set account_type = 'enterprise' where id = ${me.id as number}`;
  const { access } = (await call('POST', '/be/api/auth/token/', credentials)) as { access: string };
  const school = await call('POST', '/be/api/auth/schools/', { name: 'Bench school' }, access);
  const made = (await call(
    'POST',
    `/be/api/auth/schools/${school.id}/create_default_data/`,
    { locale: 'en' },
    access,
  )) as { courses_created: number };

  const t = performance.now();
  // Each student in one of the school's courses and in every subject, as a school would have it.
  await sql`
    with students as (
      insert into users (email, username, password_hash)
      select 'student' || g || '@example.com', 'student' || lpad(g::text, 6, '0'), 'not-a-hash'
      from generate_series(1, ${STUDENTS}::int) g
      returning id
    ), numbered as (select id, row_number() over (order by id) as n from students),
    in_courses as (
      insert into course_enrollments (course_id, user_id, role)
      select c.id, s.id, 'student' from numbered s
      join (select id, row_number() over (order by id) - 1 as k from courses
            where school_id = ${school.id as number}) c on c.k = s.n % ${made.courses_created}
    )
    insert into subject_enrollments (subject_id, user_id, role)
    select j.id, s.id, 'student' from numbered s
    cross join subjects j where j.school_id = ${school.id as number}`;
  for (const table of [
    'users',
    'courses',
    'subjects',
    'course_enrollments',
    'subject_enrollments',
  ]) {
    await sql.unsafe(`vacuum analyze ${table}`);
  }
  const check = await call('GET', `/be/api/auth/schools/${school.id}/`, undefined, access);
  process.stdout.write(
    `  seeded ${STUDENTS} students in ${(performance.now() - t).toFixed(0)} ms ` +
      `(statistics: ${JSON.stringify(check.statistics)})\n`,
  );

  const health = (connections: number): Row => ({
    name: `health (${connections} conn.)`,
    path: '/be/api/health/',
    connections,
  });
  const rows: Row[] = [
    health(CONNECTIONS),
    {
      name: `schools/{id}/students/, ${STUDENTS} students`,
      path: `/be/api/auth/schools/${school.id}/students/`,
    },
    { name: 'schools/{id}/ with statistics', path: `/be/api/auth/schools/${school.id}/` },
    health(FEW),
    {
      name: `schools/{id}/students/, ${STUDENTS} students (${FEW} conn.)`,
      path: `/be/api/auth/schools/${school.id}/students/`,
      connections: FEW,
    },
  ];
  for (const row of rows) {
    if (WARMUP > 0) await load(baseUrl, row, access, WARMUP);
    const r = await load(baseUrl, row, access, DURATION);
    lines.push([
      `GET ${row.name}`,
      String(row.connections ?? CONNECTIONS),
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

console.log('\nSchools');
const head = ['row', 'conn.', 'requests/s', 'p50 ms', 'p99 ms', 'requests', 'non-2xx'];
const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
for (const l of [head, ...lines]) console.log(l.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  '));
