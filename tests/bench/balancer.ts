// One instance against two behind HAProxy (issue 39): requests/s and p99 of a signed-in read
// (`GET /be/api/auth/users/me/`) sent to one product process directly, then through a real
// HAProxy to two, all on one embedded PostgreSQL; with each process's CPU share during the row
// (CPU time over the row's wall time: 100% is one core) and their CPU time per request, which a
// machine shared with other work disturbs less than the rates. The processes are what `npm start`
// runs (scripts/start.ts), as in tests/e2e/balancer.e2e.test.ts.
import { createRequire } from 'node:module';
import os from 'node:os';
import { jsonApi } from '../support/api.ts';
import {
  instanceEnv,
  startHaproxy,
  startInstance,
  startSharedDatabase,
} from '../support/balancer.ts';
import { newLearner } from '../support/learners.ts';
import { freePort } from '../support/product.ts';
import { type LoadFigures, spawnJson } from './child.ts';
import { CONNECTIONS, DURATION, WARMUP } from './lib/settings.ts';
import { cpuMsOf, descendants } from './procs.ts';

const PATH = '/be/api/auth/users/me/';

process.env.LOG_LEVEL ??= 'warn';
const autocannon = createRequire(import.meta.url).resolve('autocannon');

const load = (url: string, access: string, seconds: number) =>
  spawnJson<LoadFigures>([
    autocannon,
    '--json',
    '-c',
    String(CONNECTIONS),
    '-d',
    String(seconds),
    '-H',
    `authorization=Bearer ${access}`,
    url,
  ]);

const loadBefore = os.loadavg();
const database = await startSharedDatabase();
const [port, portA, portB] = await Promise.all([freePort(), freePort(), freePort()]);
const env = instanceEnv(database.url, `http://127.0.0.1:${port}`, 0);
const a = await startInstance(env, { port: portA });
const b = await startInstance(env, { port: portB });
const haproxy = await startHaproxy({
  port,
  servers: [
    { name: 'a', port: portA },
    { name: 'b', port: portB },
  ],
});

interface Row {
  name: string;
  figures: LoadFigures;
  cpu: Record<string, number>;
  /** The listed processes' CPU time per answered request (the load generator's excluded). */
  cpuUsPerRequest: number;
}

try {
  await haproxy.waitFor(['a', 'b'], 'UP');
  const reader = await newLearner(jsonApi(a.baseUrl), 'bench-reader');
  const processes = () => ({
    'instance A': [a.process.pid as number],
    'instance B': [b.process.pid as number],
    PostgreSQL: descendants(process.pid, 'postgres'),
    HAProxy: [haproxy.process.pid as number],
  });
  const cpuNow = () =>
    Object.fromEntries(Object.entries(processes()).map(([name, pids]) => [name, cpuMsOf(pids)]));

  const rows: Row[] = [];
  for (const [name, origin] of [
    ['one instance, direct', a.baseUrl],
    ['two instances behind HAProxy', haproxy.url],
  ] as const) {
    await load(origin + PATH, reader.tokens.access, WARMUP);
    const before = cpuNow();
    const started = performance.now();
    const figures = await load(origin + PATH, reader.tokens.access, DURATION);
    const wallMs = performance.now() - started;
    const after = cpuNow();
    const cpu = Object.fromEntries(
      Object.keys(after).map((k) => [k, ((after[k] ?? 0) - (before[k] ?? 0)) / wallMs]),
    );
    const cpuMs = Object.keys(after).reduce(
      (sum, k) => sum + (after[k] ?? 0) - (before[k] ?? 0),
      0,
    );
    rows.push({ name, figures, cpu, cpuUsPerRequest: (cpuMs * 1000) / figures.requests.total });
  }

  const loadAfter = os.loadavg();
  const fmt = (n: number) => n.toFixed(2);
  console.log(
    `\nBalancer: ${PATH}, ${CONNECTIONS} connections, ${DURATION} s per row (${WARMUP} s warm-up), ${os.availableParallelism()} cores`,
  );
  console.log(
    `load average before ${loadBefore.map(fmt).join(' ')}, after ${loadAfter.map(fmt).join(' ')}`,
  );
  const names = Object.keys(rows[0]?.cpu ?? {});
  console.log(
    `| row | req/s | p50 ms | p99 ms | non-2xx + errors | ${names.map((n) => `${n} CPU`).join(' | ')} | CPU µs/request |`,
  );
  console.log(`|---|---|---|---|---|${names.map(() => '---|').join('')}---|`);
  for (const { name, figures, cpu, cpuUsPerRequest } of rows) {
    const failed = figures.non2xx + figures.errors + figures.timeouts;
    const shares = names.map((n) => `${Math.round((cpu[n] ?? 0) * 100)}%`);
    console.log(
      `| ${name} | ${Math.round(figures.requests.average)} | ${figures.latency.p50} | ${figures.latency.p99} | ${failed} | ${shares.join(' | ')} | ${Math.round(cpuUsPerRequest)} |`,
    );
  }
} finally {
  await haproxy.stop();
  await Promise.all([a.stop(), b.stop()]);
  await database.stop();
}
