// `npm run bench` (fsrs rows): the per-learner FSRS optimiser as the server runs it (a worker
// thread, `runFit` in packages/server/src/memory-model/worker.ts), on simulated learners whose
// true memory differs from the defaults (memory-model/simulate.ts, seeded, ts-fsrs).
//
// Rows: fit time and peak memory (the child process's max RSS; each size runs in its own child
// so one size's peak does not hide in another's) for a learner with 10,000 and 100,000 reviews;
// then the held-out proof: for each simulated learner, log loss on the latest 20 % of their
// reviews with weights fitted on the earlier 80 %, against the defaults. Load averages at start
// and end, since the machine may be shared. Prints figures; asserts nothing.
// Environment: BENCH_FSRS_SIZES (default "10000,100000").
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import {
  learnerWeights,
  simulateLearner,
} from '../../packages/server/src/memory-model/simulate.ts';
import { runFit } from '../../packages/server/src/memory-model/worker.ts';

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
  const result = await runFit(log, 'UTC').result;
  const ms = performance.now() - started;
  const peakMb = process.resourceUsage().maxRSS / 1024;
  console.log(JSON.stringify({ size: log.length, ms, peakMb, outcome: result.outcome }));
}

async function main() {
  console.log(`fsrs bench · load average at start ${load()}`);
  const sizes = (process.env.BENCH_FSRS_SIZES ?? '10000,100000').split(',').map(Number);
  console.log(
    '\nfit (worker thread, two fits: evaluation on the earlier 80 %, then the whole log)',
  );
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
    const r = await runFit(log, 'UTC').result;
    console.log(
      `${name.padEnd(22)} ${String(r.reviews).padStart(8)} ${String(r.evaluatedReviews).padStart(9)}   ${(r.logLoss ?? 0).toFixed(4)}   ${(r.defaultLogLoss ?? 0).toFixed(4)}`,
    );
  }
  console.log(`\nload average at end ${load()}`);
}

if (process.argv[2] === '--one') await one(Number(process.argv[3]));
else await main();
