// `npm run bench` (workload rows, issue 43): the workload simulator and load balancing, pure
// (packages/server/src/domain/workload), seeded, no server.
//
// Rows: the simulator's time for a year of a 10,000-card deck (one run at 90 %, and the whole
// answer of `POST space-repetition/workload/`: the run, the retention curve and the suggested
// retention), for a new deck (28 new cards a day) and for a deck of 10,000 cards already studied;
// then load balancing on a simulated year: the daily review counts' mean, standard deviation and
// maximum (days 60-364, once the new deck has grown) with plain fuzz (FSRS's random day in the fuzz
// range), with the load balancer, and with the balancer and easy days (Sunday off, Saturday half),
// beside the recall rate and the cards memorized at the end, which must not drop.
// Prints figures; asserts nothing. Environment: BENCH_WORKLOAD_SEEDS (default 3).
import { loadavg } from 'node:os';
import { DEFAULT_WEIGHTS } from '../../packages/server/src/domain/review/memory-model.ts';
import type { EasyDays } from '../../packages/server/src/domain/workload/load-balancer.ts';
import {
  retentionCurve,
  type SimulationInput,
  type StudiedCard,
  simulate,
} from '../../packages/server/src/domain/workload/simulator.ts';

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

const DAYS = 365;
const newDeck: SimulationInput = {
  weights: DEFAULT_WEIGHTS,
  desiredRetention: 0.9,
  days: DAYS,
  cards: [],
  newCards: 10_000,
  newPerDay: 28,
  seed: 1,
};

function studiedCards(n: number): StudiedCard[] {
  const cards: StudiedCard[] = [];
  for (let i = 0; i < n; i++) {
    const stability = 2 + ((i * 7919) % 200);
    const lastReview = -((i * 31) % Math.ceil(stability));
    cards.push({ stability, difficulty: 3 + (i % 6), lastReview, due: lastReview + stability });
  }
  return cards;
}
const studiedDeck: SimulationInput = { ...newDeck, cards: studiedCards(10_000), newCards: 0 };

function time<T>(run: () => T): { ms: number; value: T } {
  const started = performance.now();
  const value = run();
  return { ms: performance.now() - started, value };
}

console.log(`load at start: ${load()}`);
for (const [name, input] of [
  ['new deck', newDeck],
  ['studied deck', studiedDeck],
] as const) {
  simulate({ ...input, days: 30 }); // warm up the JIT
  const one = time(() => simulate(input));
  const whole = time(() => retentionCurve(input));
  console.log(
    JSON.stringify({
      row: `simulator, a year of 10,000 cards (${name})`,
      oneRunMs: Math.round(one.ms),
      reviews: one.value.totalReviews,
      workloadAnswerMs: Math.round(whole.ms),
      suggestedRetention: whole.value.suggested,
    }),
  );
}

/** Spread around the 15-day centred mean: the day-to-day spikes, without the deck's growth. */
function spikesOf(counts: number[]) {
  const gaps: number[] = [];
  for (let i = 7; i < counts.length - 7; i++) {
    const window = counts.slice(i - 7, i + 8);
    gaps.push((counts[i] ?? 0) - window.reduce((a, b) => a + b, 0) / window.length);
  }
  return Math.sqrt(gaps.reduce((a, b) => a + b * b, 0) / gaps.length);
}

function spreadOf(counts: number[]) {
  const mean = counts.reduce((a, b) => a + b, 0) / counts.length;
  const sd = Math.sqrt(counts.reduce((a, b) => a + (b - mean) ** 2, 0) / counts.length);
  return { mean: +mean.toFixed(1), sd: +sd.toFixed(1), max: Math.max(...counts) };
}

const EASY: EasyDays = [1, 1, 1, 1, 1, 0.5, 0];
const seeds = Number(process.env.BENCH_WORKLOAD_SEEDS ?? 3);
for (const [deckName, deck] of [
  ['new deck', newDeck],
  ['studied deck', studiedDeck],
] as const)
  for (const [name, extra] of [
    ['fuzz', { spread: 'fuzz' }],
    ['load balancing', { spread: 'balance' }],
    ['load balancing + easy days (Sat 50 %, Sun off)', { spread: 'balance', easyDays: EASY }],
  ] as const) {
    const rows: Record<
      'mean' | 'sd' | 'max' | 'spikeSd' | 'sundayMean' | 'recallRate' | 'memorized',
      number
    >[] = [];
    for (let seed = 1; seed <= seeds; seed++) {
      const run = simulate({ ...deck, ...extra, seed, firstWeekday: 0 });
      const counts = run.days.slice(60).map((d) => d.reviews);
      const sunday = run.days.filter((_, i) => i >= 60 && i % 7 === 6).map((d) => d.reviews);
      rows.push({
        ...spreadOf(counts),
        spikeSd: spikesOf(counts),
        sundayMean: spreadOf(sunday).mean,
        recallRate: run.recallRate,
        memorized: run.memorized,
      });
    }
    const avg = (k: keyof (typeof rows)[number]) =>
      rows.reduce((a, r) => a + (r[k] as number), 0) / rows.length;
    console.log(
      JSON.stringify({
        row: `load, a simulated year of the ${deckName} (${name}), mean of ${seeds} seeds`,
        dailyMean: +avg('mean').toFixed(1),
        dailySd: +avg('sd').toFixed(1),
        dailyMax: +avg('max').toFixed(1),
        sdAroundTrend: +avg('spikeSd').toFixed(1),
        sundayMean: +avg('sundayMean').toFixed(1),
        recallRate: +avg('recallRate').toFixed(4),
        memorized: Math.round(avg('memorized')),
      }),
    );
  }
console.log(`load at end: ${load()}`);
