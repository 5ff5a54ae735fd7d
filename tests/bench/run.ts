import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import postgres from 'postgres';
import { DUE_CARDS_PAGE, DUE_CARDS_PREVIEWS } from '../../packages/api/src/constants.ts';
import { type LoadFigures, runLoad, spawnJson } from './child.ts';
import { startProfile, writeProfile } from './cpu-profile.ts';
import { benchEvents, type EventsFigures, printEvents } from './events.ts';
import { startBenchServer } from './lib/server.ts';
import { CONNECTIONS, DURATION, WARMUP } from './lib/settings.ts';
import { printMarkdownTable } from './lib/table.ts';
import { cpuMsOf, descendants } from './procs.ts';
import { seedCrowd, seedReviewAccount } from './seed-reviews.ts';
import { describeWaits, sampleWaits, type Waits } from './waits.ts';

const ROWS = new RegExp(process.env.BENCH_ROWS ?? '');
/**
 * A folder for a CPU profile of the server during each row's measured window (cpu-profile.ts),
 * written as `<row>.cpuprofile`; read one with `node tests/bench/cpu-profile.ts <file>`. The rows'
 * figures then include the profiler's own cost.
 */
const PROFILES = process.env.BENCH_CPU_PROFILES;

/** What every scenario may use: the server's base URL and a signed-in user's tokens. */
interface BenchContext {
  baseUrl: string;
  access: string;
  refresh: string;
  userId: number;
  /** The benchmark's own database (for scenarios that seed data with SQL). */
  databaseUrl: string;
  /** What `setup` hooks left for later rows (e.g. seeded card ids). */
  data: Record<string, unknown>;
}

interface Scenario {
  name: string;
  /** Another server than the backend (the bare `node:http` ceiling). */
  origin?(ctx: BenchContext): string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  headers?(ctx: BenchContext): Record<string, string>;
  body?(ctx: BenchContext): unknown;
  /** Connections for this row (default BENCH_CONNECTIONS). */
  connections?: number;
  /** Runs once before the row (seeding). */
  setup?(ctx: BenchContext): Promise<void>;
  /** Paths sent in turn, one per request (instead of `path` every time). */
  paths?(ctx: BenchContext): string[];
  /** Headers sent in turn beside `paths` (the same length: request i has both i-th). */
  variants?(ctx: BenchContext): { headers: Record<string, string> }[];
  /** Sample what PostgreSQL's backends wait on during the row, and print the top waits. */
  waits?: boolean;
}

const auth = (ctx: BenchContext) => ({ authorization: `Bearer ${ctx.access}` });

const FEW = 4;
/** The review page's read of its queue (packages/api: its page and the previews it asks for). */
const QUEUE = `/be/api/space-repetition/cards/due_cards/?limit=${DUE_CARDS_PAGE}&previews=${DUE_CARDS_PREVIEWS}`;

/** The rows of the table. Later issues append here. */
const BARE = 'bare node:http JSON handler';
const CROWD = `due_cards, 1M cards of 1,000 learners, one learner's (${FEW} conn.)`;
const RATERS = 32;
const MANY = `update_difficulty, ${RATERS} learners at once`;

const scenarios: Scenario[] = [
  // The ceiling on this machine: the same JSON answer with no framework at all.
  { name: BARE, path: '/', origin: (ctx) => ctx.data.bareUrl as string },
  { name: 'liveness', path: '/be/api/health/live/' },
  { name: 'health', path: '/be/api/health/' },
  { name: 'me (bearer)', path: '/be/api/auth/users/me/', headers: auth },
  // Spaced repetition: one learner with 100,000 cards in 50 decks (seeded with SQL).
  { name: `health (${FEW} conn.)`, path: '/be/api/health/', connections: FEW },
  {
    name: `due_cards, 100k cards (${FEW} conn.)`,
    path: QUEUE,
    headers: auth,
    connections: FEW,
    async setup(ctx) {
      const sql = postgres(ctx.databaseUrl, { max: 1, onnotice: () => {} });
      try {
        const seeded = await seedReviewAccount(sql, ctx.userId, { desks: 50, cards: 100_000 });
        ctx.data.reviewCardIds = seeded.reviewCardIds;
        process.stdout.write(
          `  seeded ${seeded.cards} cards in ${seeded.desks} desks in ${seeded.ms} ms ` +
            `(due now: ${seeded.dueNow}, new: ${seeded.newCards})\n`,
        );
      } finally {
        await sql.end();
      }
    },
  },
  // The same queue at half the connections: in a closed loop each request also waits for the
  // others in flight (mean latency = connections ÷ requests per second), so this row says how
  // much of the 4-connection row's latency is that wait rather than the request's own work.
  {
    name: `due_cards, 100k cards (${FEW / 2} conn.)`,
    path: QUEUE,
    headers: auth,
    connections: FEW / 2,
  },
  {
    name: 'update_difficulty, a different card each time',
    method: 'POST',
    path: '/be/api/space-repetition/cards/{id}/update_difficulty/',
    headers: auth,
    body: () => ({ difficulty: 'good' }),
    paths: (ctx) =>
      (ctx.data.reviewCardIds as number[]).map(
        (id) => `/be/api/space-repetition/cards/${id}/update_difficulty/`,
      ),
    waits: true,
  },
  // Ratings of many learners at once, each rating their own cards: what no learner's own rows
  // serialize, only what every rating shares.
  {
    name: MANY,
    method: 'POST',
    path: '/be/api/space-repetition/cards/{id}/update_difficulty/',
    body: () => ({ difficulty: 'good' }),
    async setup(ctx) {
      const sql = postgres(ctx.databaseUrl, { max: 1, onnotice: () => {} });
      const started = performance.now();
      const raters: { access: string; cards: number[] }[] = [];
      try {
        // Accounts written with SQL (sign-up limits accounts per address), with the bench user's
        // password hash, then signed in as a learner would.
        const learners = await sql<{ id: number; email: string }[]>`
          insert into users (email, username, password_hash)
          select 'rater' || g || '@example.com', 'rater' || g,
            (select password_hash from users where id = ${ctx.userId})
          from generate_series(1, ${RATERS}) g
          returning id, email`;
        for (const learner of learners) {
          const tokens = await post('/be/api/auth/token/', {
            email: learner.email,
            password: 'bench-password',
          });
          const seeded = await seedReviewAccount(sql, learner.id, { desks: 5, cards: 1000 });
          raters.push({ access: tokens.access ?? '', cards: seeded.reviewCardIds });
        }
      } finally {
        await sql.end();
      }
      // Request k of each round is rater k's: consecutive requests are different learners'.
      const requests: { path: string; access: string }[] = [];
      const rounds = Math.min(...raters.map((r) => r.cards.length));
      for (let round = 0; round < rounds; round++) {
        for (const r of raters) {
          requests.push({
            path: `/be/api/space-repetition/cards/${r.cards[round]}/update_difficulty/`,
            access: r.access,
          });
        }
      }
      ctx.data.manyRatings = requests;
      process.stdout.write(
        `  seeded ${RATERS} learners with 1000 cards each in ` +
          `${Math.round(performance.now() - started)} ms\n`,
      );
    },
    paths: (ctx) => (ctx.data.manyRatings as { path: string }[]).map((r) => r.path),
    variants: (ctx) =>
      (ctx.data.manyRatings as { access: string }[]).map((r) => ({
        headers: { authorization: `Bearer ${r.access}` },
      })),
    waits: true,
  },
  // How the queue grows with the table: one learner among 1,000 with 1,000 cards each.
  {
    name: CROWD,
    path: QUEUE,
    headers: (ctx) => ({ authorization: `Bearer ${ctx.data.crowdAccess as string}` }),
    connections: FEW,
    async setup(ctx) {
      const credentials = { email: 'crowd@example.com', password: 'crowd-password' };
      await post('/be/api/auth/users/', {
        ...credentials,
        username: 'crowd',
        password2: credentials.password,
      });
      const tokens = await post('/be/api/auth/token/', credentials);
      ctx.data.crowdAccess = tokens.access;
      const me = await fetch(`${ctx.baseUrl}/be/api/auth/users/me/`, {
        headers: { authorization: `Bearer ${tokens.access}` },
      }).then((r) => r.json() as Promise<{ id: number }>);
      const sql = postgres(ctx.databaseUrl, { max: 1, onnotice: () => {} });
      try {
        const seeded = await seedCrowd(sql, me.id, { others: 999, decksEach: 10, cardsEach: 1000 });
        process.stdout.write(
          `  seeded ${seeded.cards} cards of ${seeded.learners} learners in ${seeded.ms} ms\n`,
        );
      } finally {
        await sql.end();
      }
    },
  },
];

/** `uptime`'s 1, 5 and 15 minute load averages: other work on the machine skews every row. */
function loadAverage(): string {
  return os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');
}

/** Ratios printed under the table: [numerator row, denominator row, figure (default rps)]. */
const ratios: [string, string, ('rps' | 'p50' | 'p99')?][] = [
  ['liveness', BARE],
  ['health', 'liveness'],
  ['me (bearer)', 'health'],
  [`due_cards, 100k cards (${FEW} conn.)`, `health (${FEW} conn.)`, 'p50'],
  [`due_cards, 100k cards (${FEW} conn.)`, `health (${FEW} conn.)`, 'p99'],
  [`due_cards, 100k cards (${FEW} conn.)`, `health (${FEW} conn.)`],
  ['update_difficulty, a different card each time', 'health'],
  [MANY, 'health'],
  [CROWD, `health (${FEW} conn.)`, 'p99'],
];

interface Result {
  scenario: Scenario;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** CPU time per answered request of this process (the server) and of PostgreSQL, in ms. */
  serverCpu: number;
  pgCpu: number;
  /**
   * The server's event loop delay during the row (p99 and max, ms): how long a request that had
   * arrived could wait before the server ran it, whatever held the thread (its own work, garbage
   * collection, or the other processes on the machine's cores).
   */
  loopP99: number;
  loopMax: number;
  /** The sampled waits of PostgreSQL's busy backends, most frequent first (rows with `waits`). */
  waits?: Waits;
}

/**
 * CPU time used so far by this process (the server: the load generators are other processes) and
 * by the embedded PostgreSQL's processes, in ms. Per request, it says what a row costs with less
 * of the machine's other work in it than its latencies have (a loaded machine still slows the
 * caches and the scheduler).
 */
function cpuNow(): { server: number; pg: number } {
  const { user, system } = process.cpuUsage();
  return { server: (user + system) / 1000, pg: cpuMsOf(descendants(process.pid, 'postgres')) };
}

const autocannon = createRequire(import.meta.url).resolve('autocannon');

async function runAutocannon(url: string, scenario: Scenario, ctx: BenchContext, seconds: number) {
  const connections = scenario.connections ?? CONNECTIONS;
  const args = [autocannon, '--json', '-c', String(connections), '-d', String(seconds)];
  args.push('-m', scenario.method ?? 'GET');
  const headers = { ...scenario.headers?.(ctx) };
  const body = scenario.body?.(ctx);
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    args.push('-b', JSON.stringify(body));
  }
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  args.push(url);
  // A different request each time: autocannon's API in a second process (see load.ts).
  if (scenario.paths) {
    return runLoad({
      url: ctx.baseUrl,
      connections,
      duration: seconds,
      method: scenario.method ?? 'GET',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      paths: scenario.paths(ctx),
      variants: scenario.variants?.(ctx),
    });
  }
  // The autocannon CLI, also a second process: the load generator must not share the server's
  // event loop.
  return spawnJson<LoadFigures>(args);
}

const bench = await startBenchServer();
const { backend, baseUrl } = bench;
// In this process too, so that it shares the event loop's machine as the backend does.
const LIVE_JSON = JSON.stringify({ status: 'ok' });
const bare = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(LIVE_JSON);
});
await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;

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
let events: EventsFigures | undefined;
try {
  const credentials = { email: 'bench@example.com', password: 'bench-password' };
  await post('/be/api/auth/users/', {
    ...credentials,
    username: 'bench',
    password2: credentials.password,
  });
  const tokens = await post('/be/api/auth/token/', credentials);
  const me = await fetch(`${baseUrl}/be/api/auth/users/me/`, {
    headers: { authorization: `Bearer ${tokens.access}` },
  }).then((r) => r.json() as Promise<{ id: number }>);
  const ctx: BenchContext = {
    baseUrl,
    access: tokens.access ?? '',
    refresh: tokens.refresh ?? '',
    userId: me.id,
    databaseUrl: backend.databaseUrl,
    data: { bareUrl },
  };

  console.log(
    `Benchmark: ${CONNECTIONS} connections, ${DURATION} s per row (after ${WARMUP} s warm-up), ` +
      `${os.cpus().length} CPUs, Node ${process.version}, server and load on one machine, ` +
      `load average ${loadAverage()} at the start.`,
  );
  for (const scenario of scenarios.filter((s) => ROWS.test(s.name))) {
    await scenario.setup?.(ctx);
    const url = (scenario.origin?.(ctx) ?? baseUrl) + scenario.path;
    if (WARMUP > 0) await runAutocannon(url, scenario, ctx, WARMUP);
    const sampler = scenario.waits ? sampleWaits(ctx.databaseUrl) : undefined;
    const loop = monitorEventLoopDelay({ resolution: 1 });
    loop.enable();
    const cpuBefore = cpuNow();
    const profiling = PROFILES ? { folder: PROFILES, profiler: await startProfile() } : undefined;
    const r = await runAutocannon(url, scenario, ctx, DURATION);
    const cpuAfter = cpuNow();
    loop.disable();
    if (profiling) {
      const profile = await profiling.profiler.stop();
      const file = await writeProfile(profiling.folder, scenario.name, profile);
      process.stdout.write(`  CPU profile of the server: ${file}\n`);
    }
    const waits = await sampler?.stop();
    const answered = Math.max(1, r.requests.total);
    results.push({
      scenario,
      connections: scenario.connections ?? CONNECTIONS,
      rps: r.requests.average,
      p50: r.latency.p50,
      p99: r.latency.p99,
      requests: r.requests.total,
      non2xx: r.non2xx,
      errors: r.errors + r.timeouts,
      serverCpu: (cpuAfter.server - cpuBefore.server) / answered,
      pgCpu: (cpuAfter.pg - cpuBefore.pg) / answered,
      loopP99: loop.percentile(99) / 1e6,
      loopMax: loop.max / 1e6,
      waits,
    });
    process.stdout.write(`  ran ${scenario.name}\n`);
  }
  events = await benchEvents(baseUrl, backend.databaseUrl);
  process.stdout.write('  ran events stream\n');
} finally {
  bare.close();
  await bench.close();
}

const bareRps = results.find((r) => r.scenario.name === BARE)?.rps ?? 0;
const rows = [
  [
    'endpoint',
    'conn.',
    'requests/s',
    '÷ bare',
    'p50 ms',
    'p99 ms',
    'requests',
    'non-2xx',
    'errors',
    'server CPU ms/req',
    'PostgreSQL CPU ms/req',
    'event loop delay p99 / max ms',
  ],
  ...results.map((r) => [
    `${r.scenario.method ?? 'GET'} ${r.scenario.path} (${r.scenario.name})`,
    String(r.connections),
    r.rps.toFixed(0),
    bareRps > 0 ? (r.rps / bareRps).toFixed(3) : '-',
    r.p50.toFixed(1),
    r.p99.toFixed(1),
    String(r.requests),
    String(r.non2xx),
    String(r.errors),
    r.serverCpu.toFixed(3),
    r.pgCpu.toFixed(3),
    `${r.loopP99.toFixed(1)} / ${r.loopMax.toFixed(1)}`,
  ]),
];
printMarkdownTable(rows, { numbersRight: true });
console.log(`load average ${loadAverage()} at the end (1, 5, 15 min).`);
console.log();
for (const [a, b, figure = 'rps'] of ratios) {
  const x = results.find((r) => r.scenario.name === a);
  const y = results.find((r) => r.scenario.name === b);
  if (x && y && y[figure] > 0) {
    const unit = figure === 'rps' ? 'requests/s' : `${figure} latency`;
    console.log(`ratio ${a} / ${b}: ${(x[figure] / y[figure]).toFixed(2)} (${unit})`);
  }
}
for (const r of results.filter((x) => x.waits)) {
  console.log(`PostgreSQL backends during ${r.scenario.name}: ${describeWaits(r.waits ?? [])}`);
}
if (results.some((r) => r.non2xx > 0 || r.errors > 0)) {
  console.log(
    'Note: some rows had non-2xx answers or errors; their figures do not measure success.',
  );
}

if (events) {
  const health = results.find((r) => r.scenario.name === 'health');
  printEvents(events, health);
}
