// `npm run bench` (memory rows): the product started as `npm start` does (scripts/start.ts, its
// own port and data folder), its one Node process's memory at idle, after a warm-up (also after
// a forced GC then), after 10,000 mixed requests (page views and the demo account's API reads
// and writes) and after a forced GC, beside the embedded PostgreSQL's (the sum of its processes,
// from /proc). Prints figures; asserts nothing.
//
// The process runs with `--expose-gc --import tests/bench/memory-probe.ts`, which only answers
// this script's IPC requests for `process.memoryUsage()`. Environment: BENCH_MEMORY_REQUESTS
// (default 10000), BENCH_MEMORY_WARMUP (default 10000), BENCH_MEMORY_CONCURRENCY (default 8).
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { startProduct } from '../support/product.ts';
import { descendants } from './procs.ts';

const REQUESTS = Number(process.env.BENCH_MEMORY_REQUESTS ?? 10_000);
/**
 * As long as the measured load: V8 keeps resident what its heap grew to at its peak, and a short
 * warm-up had not reached the load's peak yet. Quiet machine, RSS after a forced GC: after a
 * 1,000-request warm-up 158.7 MB, after the next 10,000 175.6 MB (+10.6 %); after a
 * 10,000-request warm-up 179.4 MB, after the next 10,000 178.8 MB (−0.3 %): a plateau, not a leak.
 */
const WARMUP = Number(process.env.BENCH_MEMORY_WARMUP ?? 10_000);
const CONCURRENCY = Number(process.env.BENCH_MEMORY_CONCURRENCY ?? 8);
/** Let start-up's last timers and connections settle before the idle figure. */
const SETTLE_MS = 3_000;

const DEMO = { email: 'demo@memoria.app', password: 'demo-password' };
const PAGES = ['/', '/terms', '/login', '/space-repetition', '/my-progress'];
const LANGUAGES = ['en', 'es'];

const MB = 1024 * 1024;
const mb = (bytes: number) => (bytes / MB).toFixed(1);

/** A field of /proc/<pid>/status or smaps_rollup, in bytes (0 when the process is gone). */
function procKb(file: string, field: string): number {
  try {
    const match = readFileSync(file, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

interface Row {
  stage: string;
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  pgRss: number;
  pgPss: number;
  pgProcesses: number;
}

/** The product's own figures (through the probe) and PostgreSQL's, at one moment. */
function measure(product: ChildProcess, stage: string, gc = false): Promise<Row> {
  return new Promise((resolve) => {
    product.once('message', (message: { usage: NodeJS.MemoryUsage }) => {
      const pid = product.pid as number;
      const postgres = descendants(pid);
      resolve({
        stage,
        // From /proc like PostgreSQL's, read after the probe answered (so after its GC).
        rss: procKb(`/proc/${pid}/status`, 'VmRSS'),
        heapUsed: message.usage.heapUsed,
        heapTotal: message.usage.heapTotal,
        external: message.usage.external,
        // Resident sizes count PostgreSQL's shared buffers once per process; PSS shares them out.
        pgRss: postgres.reduce((sum, p) => sum + procKb(`/proc/${p}/status`, 'VmRSS'), 0),
        pgPss: postgres.reduce((sum, p) => sum + procKb(`/proc/${p}/smaps_rollup`, 'Pss'), 0),
        pgProcesses: postgres.length,
      });
    });
    product.send({ gc });
  });
}

const probe = join(import.meta.dirname, 'memory-probe.ts');
const product = await startProduct(
  { LOG_LEVEL: 'warn' },
  { nodeArgs: ['--expose-gc', '--import', probe], ipc: true },
);
const api = `${product.baseUrl}/be/api`;

async function json<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const { token, ...rest } = init;
  const response = await fetch(api + path, {
    ...rest,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

const rows: Row[] = [];
let requests = 0;
let failed = 0;
try {
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  rows.push(await measure(product.process, 'idle after start'));

  const signIn = () =>
    json<{ access: string }>('/auth/token/', { method: 'POST', body: JSON.stringify(DEMO) });
  let token = (await signIn()).access;
  const deck = await json<{ id: number }>('/space-repetition/desks/', {
    method: 'POST',
    token,
    body: JSON.stringify({ name: 'Memory benchmark' }),
  });

  /** Cards created by the mix and not yet deleted by it. */
  const created: number[] = [];

  /** Request `n` of the mix: five page views, three API reads, a card created, a card deleted. */
  async function one(n: number): Promise<void> {
    const step = n % 10;
    if (step < PAGES.length) {
      const language = LANGUAGES[Math.floor(n / 10) % LANGUAGES.length] as string;
      const response = await fetch(product.baseUrl + PAGES[step], {
        headers: { 'accept-language': language },
      });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`GET ${PAGES[step]}: ${response.status}`);
      return;
    }
    if (step === 8) {
      const card = await json<{ id: number }>('/space-repetition/cards/', {
        method: 'POST',
        token,
        body: JSON.stringify({ desk_id: deck.id, front: `Front ${n}`, back: `Back ${n}` }),
      });
      created.push(card.id);
      return;
    }
    const id = step === 9 ? created.shift() : undefined;
    if (id !== undefined) {
      await json(`/space-repetition/cards/${id}/`, { method: 'DELETE', token });
      return;
    }
    const reads = [
      '/auth/users/me/',
      '/space-repetition/desks/',
      '/space-repetition/cards/due_cards/',
    ];
    await json(reads[step % reads.length] as string, { token });
  }

  /** `count` requests of the mix, `CONCURRENCY` at a time; an expired token is renewed once. */
  async function load(count: number): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (next < count) {
        const n = next++;
        try {
          await one(n);
        } catch (error) {
          failed++;
          if (String(error).includes(': 401 ')) token = (await signIn()).access;
        }
        requests++;
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  }

  await load(WARMUP);
  rows.push(await measure(product.process, `after a warm-up of ${WARMUP} requests`));
  // What the process holds once its garbage is gone, before and after the load: a leak shows
  // here whatever V8's sizing of its young generation does to the resident figure.
  rows.push(await measure(product.process, 'after the warm-up and a forced GC', true));
  const started = performance.now();
  await load(REQUESTS);
  const seconds = (performance.now() - started) / 1000;
  rows.push(await measure(product.process, `after ${REQUESTS} mixed requests`));
  rows.push(await measure(product.process, 'after a forced GC', true));

  const warm = rows[1] as Row;
  const warmCollected = rows[2] as Row;
  const loaded = rows[3] as Row;
  const collected = rows[4] as Row;
  console.log('\nMemory of the npm start process (MB) beside the embedded PostgreSQL');
  console.table(
    rows.map((r) => ({
      stage: r.stage,
      'node RSS': mb(r.rss),
      'heap used': mb(r.heapUsed),
      'heap total': mb(r.heapTotal),
      external: mb(r.external),
      'PostgreSQL RSS (sum)': mb(r.pgRss),
      'PostgreSQL PSS': mb(r.pgPss),
      'PG processes': r.pgProcesses,
    })),
  );
  const change = (after: number, before: number) => {
    const p = ((after - before) / before) * 100;
    return `${p >= 0 ? '+' : ''}${p.toFixed(1)}%`;
  };
  console.log(
    `${requests} requests (${REQUESTS} measured in ${seconds.toFixed(1)} s, ${CONCURRENCY} at a time), ` +
      `${failed} failed; node RSS after the ${REQUESTS} vs after warm-up: ` +
      `${change(loaded.rss, warm.rss)}; node RSS after a forced GC, after the ${REQUESTS} vs ` +
      `after warm-up: ${change(collected.rss, warmCollected.rss)}; heap used after a forced GC, ` +
      `after the ${REQUESTS} vs ` +
      `after warm-up: ${change(collected.heapUsed, warmCollected.heapUsed)}; load average ` +
      `${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}`,
  );
} finally {
  await product.stop();
}
