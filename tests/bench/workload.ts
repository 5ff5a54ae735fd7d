// `npm run bench` (workload rows, issue 43): the workload simulator and load balancing, pure
// (packages/server/src/domain/workload), seeded, no server.
//
// Rows: the simulator's time for a year of a 10,000-card deck (one run at 90 %, and the whole
// answer of `POST space-repetition/workload/`: the run, the retention curve and the suggested
// retention), for a new deck (28 new cards a day) and for a deck of 10,000 cards already studied;
// then load balancing on a simulated year: the daily review counts' mean, standard deviation and
// maximum (days 60-364, once the new deck has grown) with plain fuzz (FSRS's random day in the fuzz
// range), with the load balancer, and with the balancer and easy days (Sunday off, Saturday half),
// beside the recall rate and the cards memorized at the end, which must not drop; then the same
// with a preset's easy days (Saturday and Sunday at 50 %, turned into the balancer's week by
// `easyWeekOf` as a rating does): the share of reviews on those days and the retention difference
// against balancing alone.
// Prints figures; asserts nothing. Environment: BENCH_WORKLOAD_SEEDS (default 3),
// BENCH_WORKLOAD_ONLY=easy-days (skip the simulator's timings and the hand-made easy week).
import { loadavg } from 'node:os';
import { DEFAULT_WEIGHTS } from '../../packages/server/src/domain/review/memory-model.ts';
import {
  DEFAULT_SETTINGS,
  type PresetSettings,
  weekdayNumbers,
} from '../../packages/server/src/domain/review/presets.ts';
import {
  type EasyDays,
  easyWeekOf,
} from '../../packages/server/src/domain/workload/load-balancer.ts';
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

/** 'easy-days': the load rows without the hand-made easy week, and no simulator timings. */
const only = process.env.BENCH_WORKLOAD_ONLY;

console.log(`load at start: ${load()}`);
for (const [name, input] of only === 'easy-days'
  ? []
  : ([
      ['new deck', newDeck],
      ['studied deck', studiedDeck],
    ] as const)) {
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
/** A preset with easy days, as a learner saves it (weekends at half), through the rating's path. */
const PRESET: PresetSettings = {
  ...DEFAULT_SETTINGS,
  name: 'Easy weekends',
  easyDays: weekdayNumbers(['saturday', 'sunday']),
  easyDayLoad: 0.5,
};
const presetWeek = easyWeekOf(PRESET.easyDays, PRESET.easyDayLoad);
type Figures = Record<
  | 'mean'
  | 'sd'
  | 'max'
  | 'spikeSd'
  | 'sundayMean'
  | 'easyDayShare'
  | 'easyDayMean'
  | 'otherDayMean'
  | 'recallRate'
  | 'memorized',
  number
>;
const seeds = Number(process.env.BENCH_WORKLOAD_SEEDS ?? 3);
/** Days 60-364 of a run starting on a Monday, and which of them are the preset's easy days. */
const isEasyDay = (i: number) => PRESET.easyDays.includes(i % 7);
for (const [deckName, deck] of [
  ['new deck', newDeck],
  ['studied deck', studiedDeck],
] as const) {
  const byRow = new Map<string, Figures>();
  for (const [name, extra] of [
    ['fuzz', { spread: 'fuzz' }],
    ['load balancing', { spread: 'balance' }],
    ['load balancing + easy days (Sat 50 %, Sun off)', { spread: 'balance', easyDays: EASY }],
    [
      `load balancing + preset “${PRESET.name}” (Sat, Sun at ${PRESET.easyDayLoad * 100} %)`,
      { spread: 'balance', easyDays: presetWeek },
    ],
  ] as const) {
    if (only === 'easy-days' && name === 'load balancing + easy days (Sat 50 %, Sun off)') continue;
    const rows: Figures[] = [];
    for (let seed = 1; seed <= seeds; seed++) {
      const run = simulate({ ...deck, ...extra, seed, firstWeekday: 0 });
      const days = run.days.map((d, i) => ({ i, reviews: d.reviews })).filter((d) => d.i >= 60);
      const counts = days.map((d) => d.reviews);
      const sunday = days.filter((d) => d.i % 7 === 6).map((d) => d.reviews);
      const easy = days.filter((d) => isEasyDay(d.i)).map((d) => d.reviews);
      const other = days.filter((d) => !isEasyDay(d.i)).map((d) => d.reviews);
      const total = counts.reduce((a, b) => a + b, 0);
      rows.push({
        ...spreadOf(counts),
        spikeSd: spikesOf(counts),
        sundayMean: spreadOf(sunday).mean,
        easyDayShare: easy.reduce((a, b) => a + b, 0) / total,
        easyDayMean: spreadOf(easy).mean,
        otherDayMean: spreadOf(other).mean,
        recallRate: run.recallRate,
        memorized: run.memorized,
      });
    }
    const avg = (k: keyof Figures) => rows.reduce((a, r) => a + r[k], 0) / rows.length;
    const figures = Object.fromEntries(
      Object.keys(rows[0] ?? {}).map((k) => [k, avg(k as keyof Figures)]),
    ) as Figures;
    byRow.set(name, figures);
    console.log(
      JSON.stringify({
        row: `load, a simulated year of the ${deckName} (${name}), mean of ${seeds} seeds`,
        dailyMean: +figures.mean.toFixed(1),
        dailySd: +figures.sd.toFixed(1),
        dailyMax: +figures.max.toFixed(1),
        sdAroundTrend: +figures.spikeSd.toFixed(1),
        sundayMean: +figures.sundayMean.toFixed(1),
        // The preset's easy days (Saturday, Sunday): 2/7 = 28.6 % of the reviews on an even week.
        easyDayShare: +(figures.easyDayShare * 100).toFixed(1),
        easyDayMean: +figures.easyDayMean.toFixed(1),
        otherDayMean: +figures.otherDayMean.toFixed(1),
        recallRate: +figures.recallRate.toFixed(4),
        memorized: Math.round(figures.memorized),
      }),
    );
  }
  // The preset's row against plain balancing: what easy days cost in retention.
  const base = byRow.get('load balancing');
  const preset = [...byRow.entries()].find(([name]) => name.includes('preset'))?.[1];
  if (base && preset) {
    console.log(
      JSON.stringify({
        row: `easy days of a preset vs load balancing alone (${deckName})`,
        easyDayShare: `${(base.easyDayShare * 100).toFixed(1)} % → ${(preset.easyDayShare * 100).toFixed(1)} %`,
        dailySd: `${base.sd.toFixed(1)} → ${preset.sd.toFixed(1)}`,
        sdAroundTrend: `${base.spikeSd.toFixed(1)} → ${preset.spikeSd.toFixed(1)}`,
        recallRateDifference: +(preset.recallRate - base.recallRate).toFixed(4),
        memorizedDifference: Math.round(preset.memorized - base.memorized),
      }),
    );
  }
}
console.log(`load at end: ${load()}`);
