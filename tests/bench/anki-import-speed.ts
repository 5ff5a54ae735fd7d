// `npm run bench` (Anki import speed row, issue 42): an Anki 2.1.50+ package of 100,000 cards
// with 300,000 reviews (the one builder, anki/test-package.ts's `largeCollection`: 3 reviews a
// card, 10 decks, no media) imported through the HTTP route into the API as `npm start` serves
// it (import-server.ts, its own embedded PostgreSQL). Prints, beside the health route's median
// on the same server: the seconds until the upload's answer, cards/s, the server's RSS before,
// its peak RSS and V8 heap, the reading child's peak RSS, and the CPU time of the server, the
// child and PostgreSQL (CPU time depends less on the shared machine's load than seconds do).
// Target: at most 60 s. Asserts nothing. Alone: `node tests/bench/anki-import-speed.ts`.
// Environment: BENCH_IMPORT_CARDS (100000), BENCH_IMPORT_REVIEWS_PER_CARD (3),
// BENCH_IMPORT_CPU_PROF=<folder>: V8 CPU profiles of the server and of the child written there
// (`node tests/bench/cpu-profile.ts <file>` prints one).
import path from 'node:path';
import { ankiPackage, largeCollection } from '../../packages/server/src/test/anki-package.ts';
import {
  importChildren,
  load,
  mb,
  rssOf,
  sampler,
  signUp,
  startServer,
  upload,
} from './import-http.ts';
import { cpuMsOf, descendants } from './procs.ts';

const CARDS = Number(process.env.BENCH_IMPORT_CARDS ?? 100_000);
const REVIEWS_PER_CARD = Number(process.env.BENCH_IMPORT_REVIEWS_PER_CARD ?? 3);
const PROFILE_DIR = process.env.BENCH_IMPORT_CPU_PROF;

/** Median of 20 sequential health reads of the same server, in ms: the row's yardstick. */
async function healthMs(baseUrl: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 20; i += 1) {
    const t = performance.now();
    await (await fetch(`${baseUrl}/be/api/health/`)).arrayBuffer();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[10] ?? 0;
}

let started = performance.now();
const bytes = Buffer.from(ankiPackage(largeCollection(CARDS, REVIEWS_PER_CARD), 'anki21b'));
console.log(
  `\nAnki import speed: package ${mb(bytes.length)} MB (${CARDS} cards, ${CARDS * REVIEWS_PER_CARD} reviews), built in ${((performance.now() - started) / 1000).toFixed(0)} s; load average ${load()}`,
);
const env = { ...process.env };
if (PROFILE_DIR) {
  // Every node process of the server inherits it: the server and the import's child.
  env.NODE_OPTIONS = `${env.NODE_OPTIONS ?? ''} --cpu-prof --cpu-prof-dir=${path.resolve(PROFILE_DIR)}`;
}
const server = await startServer(env);
try {
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const token = await signUp(server.baseUrl);
  const health = await healthMs(server.baseUrl);
  const postgres = () => descendants(server.pid, 'postgres');
  const cpuBefore = { server: cpuMsOf([server.pid]), postgres: cpuMsOf(postgres()) };
  // The child is gone when the import ends: its CPU time is the last figure read while it ran.
  const childCpu = new Map<number, number>();
  const childTimer = setInterval(() => {
    for (const pid of importChildren(server.pid)) childCpu.set(pid, cpuMsOf([pid]));
  }, 100);
  const rssBefore = rssOf(server.pid);
  // V8's heap of the server, read through memory-probe.ts: what of the RSS is JavaScript's.
  let heapPeak = 0;
  const heapTimer = setInterval(async () => {
    heapPeak = Math.max(heapPeak, (await server.usage()).heapUsed);
  }, 250);
  const sampling = sampler(server.pid);
  started = performance.now();
  const answer = await upload(server.baseUrl, token, bytes);
  const seconds = (performance.now() - started) / 1000;
  const peak = sampling.stop();
  clearInterval(childTimer);
  clearInterval(heapTimer);
  const summary =
    answer.status === 201
      ? (JSON.parse(answer.text) as {
          cards_imported: number;
          reviews_imported: number;
          skipped: unknown[];
        })
      : null;
  if (!summary) console.log(answer.text.slice(0, 500));
  const cpu = (ms: number) => (ms / 1000).toFixed(1);
  console.table([
    {
      'health p50 ms': health.toFixed(1),
      answer: answer.status,
      seconds: seconds.toFixed(1),
      'cards/s': (CARDS / seconds).toFixed(0),
      cards: summary?.cards_imported,
      reviews: summary?.reviews_imported,
      skipped: summary?.skipped.length,
      'server RSS before MB': mb(rssBefore),
      'server peak RSS MB': mb(peak.server),
      'server peak heap MB': mb(heapPeak),
      'child peak RSS MB': mb(peak.children),
      'server + child peak MB': mb(peak.total),
      'server CPU s': cpu(cpuMsOf([server.pid]) - cpuBefore.server),
      'child CPU s': cpu([...childCpu.values()].reduce((a, b) => a + b, 0)),
      'PostgreSQL CPU s': cpu(cpuMsOf(postgres()) - cpuBefore.postgres),
    },
  ]);
  console.log(
    `target: at most 60 s; high-water mark of the server (VmHWM): ${mb(rssOf(server.pid, 'VmHWM'))} MB; load average ${load()}`,
  );
} finally {
  await server.stop();
}
