// A CPU profile of one route of the product as `npm start` runs it (scripts/start.ts, its own
// port and data folder) while a second process loads it: prints where the samples of the load
// window went (self time by function and by module, and the inclusive share of chosen frames) and
// writes the .cpuprofile for Chrome DevTools. Figures only; asserts nothing. Not part of
// `npm run bench`: run it to find per-request overhead, e.g.
//   node tests/bench/profile.ts            (GET /be/api/health/live/, 10 s, 32 connections)
// Environment: BENCH_PROFILE_PATH, BENCH_PROFILE_SECONDS, BENCH_CONNECTIONS,
// BENCH_PROFILE_OUT (default: a temp file, printed).
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { startProduct } from '../support/product.ts';

const PATH = process.env.BENCH_PROFILE_PATH ?? '/be/api/health/live/';
const SECONDS = Number(process.env.BENCH_PROFILE_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const OUT = process.env.BENCH_PROFILE_OUT ?? join(tmpdir(), `memoria-${process.pid}.cpuprofile`);
const root = join(import.meta.dirname, '../..');
const autocannon = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
}

const product = await startProduct(
  {},
  { nodeArgs: ['--import', join(import.meta.dirname, 'profile-probe.ts')], ipc: true },
);
const ask = <T>(message: unknown) =>
  new Promise<T>((resolve) => {
    product.process.once('message', (answer: T) => resolve(answer));
    product.process.send(message as never);
  });

let profile: Profile;
let load = '';
try {
  // A warm-up first, so that the profile shows the steady state rather than compilation.
  const run = (seconds: number) =>
    new Promise<string>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        [autocannon, '-c', String(CONNECTIONS), '-d', String(seconds), product.baseUrl + PATH],
        { stdio: ['ignore', 'ignore', 'pipe'] },
      );
      let err = '';
      child.stderr.on('data', (d) => {
        err += d;
      });
      child.on('error', reject);
      child.on('close', () => resolve(err));
    });
  await run(2);
  await ask({ profile: 'start' });
  load = await run(SECONDS);
  profile = (await ask<{ profile: Profile }>({ profile: 'stop' })).profile;
} finally {
  await product.stop();
}
writeFileSync(OUT, JSON.stringify(profile));

/** A frame's place: our file relative to the repo, a package by name, or Node's own. */
function where(url: string): string {
  if (!url) return '(native / V8)';
  if (url.startsWith('node:')) return url;
  const path = url.replace(/^file:\/\//, '');
  const pkg = path.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  return pkg ? (pkg[1] as string) : relative(root, path);
}

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const total = profile.samples.length;
const idle = profile.samples.filter(
  (id) => byId.get(id)?.callFrame.functionName === '(idle)',
).length;

const selfBy = (key: (f: CallFrame) => string) => {
  const counts = new Map<string, number>();
  for (const id of profile.samples) {
    const f = byId.get(id)?.callFrame;
    if (!f || f.functionName === '(idle)') continue;
    counts.set(key(f), (counts.get(key(f)) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]);
};
const pct = (n: number) => `${((n / (total - idle)) * 100).toFixed(1)}%`;

console.log(load.trim());
console.log(
  `\nCPU profile of GET ${PATH}: ${total} samples of 100 µs, ${idle} of them idle and left ` +
    `out of the shares below; load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}; ` +
    `profile: ${OUT}`,
);
console.log('\nSelf time by module (share of busy samples)');
console.table(
  selfBy((f) => where(f.url))
    .slice(0, 15)
    .map(([module, n]) => ({ module, self: pct(n) })),
);
console.log('Self time by function');
console.table(
  selfBy((f) => `${f.functionName || '(anonymous)'} ${where(f.url)}:${f.lineNumber + 1}`)
    .slice(0, 25)
    .map(([fn, n]) => ({ function: fn, self: pct(n) })),
);

// Inclusive time: a sample counts for a module once if any frame of its stack is in it.
const inclusive = new Map<string, number>();
for (const id of profile.samples) {
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const f = byId.get(at)?.callFrame;
    if (!f || f.functionName === '(idle)' || f.functionName === '(root)') continue;
    seen.add(where(f.url));
  }
  for (const m of seen) inclusive.set(m, (inclusive.get(m) ?? 0) + 1);
}
console.log('Inclusive time by module (a sample counts once per module on its stack)');
console.table(
  [...inclusive]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 20)
    .map(([module, n]) => ({ module, inclusive: pct(n) })),
);
