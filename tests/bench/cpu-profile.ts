// V8 CPU profiles for the bench: where a route's server time goes.
// - `printProfile` prints a profile's busy samples by module and by function (self and inclusive);
//   tests/bench/profile.ts (the product as `npm start` runs it, loaded by a second process) and
//   `BENCH_CPU_PROFILES=<folder>` of tests/bench/run.ts use it.
// - `startProfile` profiles the process it runs in: run.ts's (the backend runs in the bench's own
//   process, so the profile sees every request's work and nothing of the load generators) and the
//   product's, through profile-probe.ts; `writeProfile` saves one as a .cpuprofile.
// - `node tests/bench/cpu-profile.ts <file.cpuprofile>` prints a profile written earlier.
// Figures only; nothing here asserts.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { loadavg } from 'node:os';
import path from 'node:path';

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
/** Chrome's .cpuprofile JSON, as V8's profiler gives it. */
export interface Profile {
  nodes: ProfileNode[];
  samples: number[];
}

const root = path.join(import.meta.dirname, '../..');

/**
 * V8's profiler in this process, sampling every 100 µs until `stop` answers its profile (the one
 * way the bench starts it: run.ts in its own process, profile-probe.ts inside the product).
 */
export async function startProfile(): Promise<{ stop(): Promise<Profile> }> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  // 100 µs between samples: V8's default of 1 ms is too coarse for requests of about 1 ms.
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  return {
    async stop() {
      const { profile } = await session.post('Profiler.stop');
      session.disconnect();
      return profile as Profile;
    },
  };
}

/** Writes `<folder>/<name>.cpuprofile` (Chrome DevTools opens it) and answers its path. */
export async function writeProfile(folder: string, name: string, profile: Profile) {
  await mkdir(folder, { recursive: true });
  const file = path.join(folder, `${name.replace(/[^a-z0-9]+/gi, '-')}.cpuprofile`);
  await writeFile(file, JSON.stringify(profile));
  return file;
}

/** A frame's place: our file relative to the repo, a package by name, or Node's own. */
function where(url: string): string {
  if (!url) return '(native / V8)';
  if (url.startsWith('node:')) return url;
  const file = url.replace(/^file:\/\//, '');
  const pkg = file.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  return pkg ? (pkg[1] as string) : path.relative(root, file);
}

/** Prints the busy samples' self time by module and by function, and inclusive time by module. */
export function printProfile(profile: Profile, title: string): void {
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
  const pct = (n: number) => `${((n / Math.max(1, total - idle)) * 100).toFixed(1)}%`;

  console.log(
    `\nCPU profile of ${title}: ${total} samples of 100 µs, ${idle} of them idle and left ` +
      `out of the shares below; load average ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}`,
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
}

if (import.meta.main) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: node tests/bench/cpu-profile.ts <file.cpuprofile>');
  printProfile(JSON.parse(await readFile(file, 'utf8')) as Profile, file);
}
