// `npm run bench` (pooled-parameters rows): class-pooled starting parameters (issue 45,
// docs/features/assignments.md) on simulated classes. Each class is 30 students whose true
// memory follows FSRS with weights of their own, drawn around one class-wide memory unlike the
// defaults (memory-model/simulate.ts, seeded: a run is reproducible); each studies the same
// number of reviews. Each student's log is split in time as the fitter splits it (the earlier
// 80 % to train, the later 20 % held out), and the held-out log loss over the whole class is
// printed for three sets of parameters:
//   defaults     FSRS's defaults;
//   pooled       one fit on the pooled earlier reviews of all 30 students (what a new student
//                of the course is scheduled with);
//   per-learner  one fit per student on their own earlier reviews (falls back to the defaults
//                when fsrs-rs cannot fit so few).
// Log loss is computed per held-out review (`itemLosses`); the last column is fsrs-rs's own
// `evaluate` of the whole class's held-out set for the defaults and the pooled fit, as a check.
// The optimiser runs in this process (`fitWeights`/`logLoss` of memory-model/optimiser.ts, the
// functions the fit's child process runs). Run alone: `node tests/bench/pooled-parameters.ts`.

import { loadavg } from 'node:os';
import { type BindingMemoryState, FSRSBinding } from '@open-spaced-repetition/binding';
import {
  DEFAULT_WEIGHTS,
  type TrainingItem,
  timeOrderedSplit,
  trainingItems,
} from '../../packages/server/src/domain/review/memory-model.ts';
import { fitWeights, logLoss } from '../../packages/server/src/memory-model/optimiser.ts';
import {
  learnerWeights,
  seededRandom,
  simulateLearner,
} from '../../packages/server/src/memory-model/simulate.ts';

const STUDENTS = Number(process.env.BENCH_POOLED_STUDENTS ?? 30);
/** Reviews per student in each simulated class: under, near and past a fit of one's own. */
const SIZES = [100, 200, 400, 800];

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

interface Student {
  train: TrainingItem[];
  test: TrainingItem[];
}

/** A class of `STUDENTS`, each with `reviews` reviews, memories drawn around one class memory. */
function simulatedClass(reviews: number, seed: number): Student[] {
  const random = seededRandom(seed);
  return Array.from({ length: STUDENTS }, (_, i) => {
    // Class memory 0.4 (of the defaults' first stabilities), decay 0.3; each student ±30 %.
    const memory = 0.4 * (0.7 + 0.6 * random());
    const decay = 0.3 * (0.7 + 0.6 * random());
    const log = simulateLearner({
      trueWeights: learnerWeights(memory, decay),
      seed: seed * 1000 + i,
      newPerDay: 10,
      days: 365,
      maxReviews: reviews,
    });
    return timeOrderedSplit(trainingItems(log, 'UTC'));
  });
}

/**
 * Predicted recall of each item's last review with `weights`: the memory state after the earlier
 * reviews (fsrs-rs's own `nextStates`), then FSRS-6's forgetting curve over the last interval.
 * Computed per item because fsrs-rs's `evaluate` refuses a set as small as one student's
 * held-out reviews (`NotEnoughData`).
 */
function itemLosses(weights: readonly number[], items: readonly TrainingItem[]): number[] {
  const model = new FSRSBinding([...weights]);
  const decay = -(weights[20] ?? 0.1542);
  const factor = 0.9 ** (1 / decay) - 1;
  const next = ['again', 'hard', 'good', 'easy'] as const;
  return items.map((item) => {
    let state: BindingMemoryState | undefined;
    const last = item.reviews[item.reviews.length - 1];
    for (const r of item.reviews.slice(0, -1)) {
      state = model.nextStates(state, 0.9, r.deltaT)[next[r.rating - 1] ?? 'good'].memory;
    }
    const stability = state?.stability ?? 1;
    const recall = (1 + (factor * (last?.deltaT ?? 0)) / stability) ** decay;
    const p = Math.min(Math.max(recall, 1e-4), 1 - 1e-4);
    return (last?.rating ?? 3) > 1 ? -Math.log(p) : -Math.log(1 - p);
  });
}

/** Mean log loss over every student's held-out items. */
function classLogLoss(students: Student[], weightsOf: (s: Student) => readonly number[]): number {
  const losses = students.flatMap((s) => itemLosses(weightsOf(s), s.test));
  return losses.reduce((a, b) => a + b, 0) / losses.length;
}

async function row(reviews: number, seed: number) {
  const students = simulatedClass(reviews, seed);
  const started = performance.now();
  const pooled = await fitWeights(students.flatMap((s) => s.train));
  const pooledMs = performance.now() - started;
  const own = new Map<Student, readonly number[]>();
  let fallbacks = 0;
  for (const s of students) {
    try {
      own.set(s, s.train.length > 0 ? await fitWeights(s.train) : DEFAULT_WEIGHTS);
    } catch {
      own.set(s, DEFAULT_WEIGHTS);
      fallbacks++;
    }
  }
  const heldOut = students.reduce((n, s) => n + s.test.length, 0);
  const defaults = classLogLoss(students, () => DEFAULT_WEIGHTS);
  const pooledLoss = classLogLoss(students, () => pooled);
  const perLearner = classLogLoss(students, (s) => own.get(s) ?? DEFAULT_WEIGHTS);
  // fsrs-rs's own evaluation of the class's held-out set as a whole, as a check of the above.
  const all = students.flatMap((s) => s.test);
  const check = `${logLoss(DEFAULT_WEIGHTS, all).toFixed(4)} / ${logLoss(pooled, all).toFixed(4)}`;
  console.log(
    `${String(reviews).padStart(15)} ${String(heldOut).padStart(9)}   ${defaults.toFixed(4)}   ${pooledLoss.toFixed(4)}   ${perLearner.toFixed(4)}${fallbacks ? ` (${fallbacks} on defaults)` : ''}   ${pooledMs.toFixed(0).padStart(13)}   ${check}`,
  );
}

async function main() {
  console.log(`pooled-parameters bench · load average at start ${load()}`);
  console.log(
    `\nheld-out log loss of a simulated class of ${STUDENTS} students (later 20 % of each log)`,
  );
  console.log(
    'reviews/student  held out   defaults   pooled   per-learner   pooled fit ms   fsrs-rs defaults / pooled',
  );
  for (const [i, size] of SIZES.entries()) await row(size, 45 + i);
  console.log(`\nload average at end ${load()}`);
}

await main();
