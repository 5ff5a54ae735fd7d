// `npm run bench` (fsrs rows): the per-learner FSRS optimiser as the server runs it (`fitLearner`
// in a child process of its own, `runFit` in packages/server/src/memory-model/fit-process.ts), on
// simulated learners whose true memory differs from the defaults (memory-model/simulate.ts,
// seeded, ts-fsrs).
//
// Rows: fit time and peak memory (the child process's max RSS; each size runs `fitLearner` in its
// own child, as the fitter does, so one size's peak does not hide in another's) for a learner
// with 10,000 and 100,000 reviews;
// then the held-out proof: for each simulated learner, log loss on the latest 20 % of their
// reviews with weights fitted on the earlier 80 %, against the defaults. Load averages at start
// and end, since the machine may be shared. Then the Anki import of a 100,000-card package (3
// ratings a card, built by the one package builder, packages/server/src/test/anki-package.ts)
// through the product's HTTP server on its own embedded PostgreSQL, as run.ts starts it, beside
// the health row's median of the same server. Prints figures; asserts nothing.
// Environment: BENCH_FSRS_SIZES (default "10000,100000"), BENCH_ANKI_CARDS (default 100000).
import { execFileSync } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { fitLimits } from '../../packages/server/src/memory-model/fit-limits.ts';
import { runFit } from '../../packages/server/src/memory-model/fit-process.ts';
import { fitLearner } from '../../packages/server/src/memory-model/optimiser.ts';
import {
  learnerWeights,
  simulateLearner,
} from '../../packages/server/src/memory-model/simulate.ts';
import { ankiPackage, largeCollection } from '../../packages/server/src/test/anki-package.ts';
import { startBenchServer } from './lib/server.ts';

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

async function one(size: number) {
  const log = simulateLearner({
    trueWeights: learnerWeights(0.5, 0.3),
    seed: 7,
    newPerDay: Math.max(10, Math.round(size / 400)),
    days: 3650,
    maxReviews: size,
  });
  const started = performance.now();
  const result = await fitLearner(log, 'UTC');
  const ms = performance.now() - started;
  const peakMb = process.resourceUsage().maxRSS / 1024;
  console.log(JSON.stringify({ size: log.length, ms, peakMb, outcome: result.outcome }));
}

async function main() {
  console.log(`fsrs bench · load average at start ${load()}`);
  const sizes = (process.env.BENCH_FSRS_SIZES ?? '10000,100000').split(',').map(Number);
  console.log('\nfit (own process, two fits: evaluation on the earlier 80 %, then the whole log)');
  console.log('reviews    fit ms   peak RSS MB   outcome');
  for (const size of sizes) {
    const out = execFileSync(
      process.execPath,
      [fileURLToPath(import.meta.url), '--one', String(size)],
      {
        encoding: 'utf8',
        maxBuffer: 1 << 20,
      },
    );
    const row = JSON.parse(out.trim().split('\n').pop() ?? '{}');
    console.log(
      `${String(row.size).padStart(7)}  ${row.ms.toFixed(0).padStart(8)}  ${row.peakMb.toFixed(0).padStart(12)}   ${row.outcome}`,
    );
  }

  console.log(
    '\nheld-out log loss (fitted on the earlier 80 % of reviews, evaluated on the later 20 %)',
  );
  console.log('learner                 reviews  held out   fitted   defaults');
  const learners = [
    ['forgetful', 0.3, 0.3, 101],
    ['strong memory', 3, 0.6, 102],
    ['flat forgetting curve', 1.5, 0.2, 103],
    ['close to the defaults', 1.1, 0.15, 104],
  ] as const;
  for (const [name, memory, decay, seed] of learners) {
    const log = simulateLearner({
      trueWeights: learnerWeights(memory, decay),
      seed,
      newPerDay: 10,
      days: 120,
    });
    const r = await runFit(log, 'UTC', fitLimits()).result;
    console.log(
      `${name.padEnd(22)} ${String(r.reviews).padStart(8)} ${String(r.evaluatedReviews).padStart(9)}   ${(r.logLoss ?? 0).toFixed(4)}   ${(r.defaultLogLoss ?? 0).toFixed(4)}`,
    );
  }
  await ankiImport(Number(process.env.BENCH_ANKI_CARDS ?? 100_000));
  console.log(`\nload average at end ${load()}`);
}

/** Median of `n` sequential health reads, in ms. */
async function healthMs(baseUrl: string, n = 20): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const t = performance.now();
    await (await fetch(`${baseUrl}/be/api/health/`)).arrayBuffer();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[Math.floor(n / 2)] ?? 0;
}

async function ankiImport(cards: number) {
  let t = performance.now();
  const bytes = ankiPackage(largeCollection(cards, 3));
  const buildMs = performance.now() - t;
  const bench = await startBenchServer();
  const { baseUrl } = bench;
  try {
    const json = async (p: string, body: unknown) => {
      const res = await fetch(baseUrl + p, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return (await res.json()) as Record<string, unknown>;
    };
    const password = 'bench-password';
    await json('/be/api/auth/users/', {
      email: 'anki@example.com',
      username: 'anki',
      password,
      password2: password,
      timezone: 'UTC',
    });
    const { access } = await json('/be/api/auth/token/', { email: 'anki@example.com', password });
    const health = await healthMs(baseUrl);
    // node:http, not fetch: a long import would pass undici's 300 s wait for the answer's headers.
    const boundary = `bench${Date.now()}`;
    const head = Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="bench.apkg"\r\n` +
        'content-type: application/octet-stream\r\n\r\n',
    );
    const body = Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    t = performance.now();
    const res = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = httpRequest(
        `${baseUrl}/be/api/space-repetition/anki-import/`,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${access}`,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': String(body.length),
          },
        },
        (answer) => {
          let text = '';
          answer.on('data', (chunk) => {
            text += chunk;
          });
          answer.on('end', () => resolve({ status: answer.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    const summary = JSON.parse(res.text) as { cards_imported?: number; reviews_imported?: number };
    const importMs = performance.now() - t;
    const after = await healthMs(baseUrl);
    console.log('\nAnki import (one POST anki-import/, one transaction)');
    console.log(
      'cards     reviews   package MB   build ms   import ms   status   health p50 ms before / after',
    );
    console.log(
      `${String(summary.cards_imported ?? cards).padStart(6)}  ${String(summary.reviews_imported ?? '-').padStart(9)}  ${(bytes.length / 1048576).toFixed(1).padStart(10)}  ${buildMs.toFixed(0).padStart(9)}  ${importMs.toFixed(0).padStart(10)}   ${res.status}      ${health.toFixed(1)} / ${after.toFixed(1)}`,
    );
  } finally {
    await bench.close();
  }
}

if (process.argv[2] === '--one') await one(Number(process.argv[3]));
// The import row alone: `node tests/bench/fsrs.ts --anki`.
else if (process.argv[2] === '--anki')
  await ankiImport(Number(process.env.BENCH_ANKI_CARDS ?? 100_000));
else await main();
