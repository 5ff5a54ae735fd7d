/**
 * FSRS-6's memory formulas on plain numbers, as ts-fsrs and fsrs-rs's simulator compute them,
 * for the workload simulator's inner loop: a year of a 10,000-card deck is some million reviews,
 * and ts-fsrs's `next` builds a card, a log and dates for each (the simulator needs only S and D).
 */

export interface Memory {
  stability: number;
  difficulty: number;
}

const S_MIN = 0.001;
const S_MAX = 36_500;

const clamp = (x: number, lo: number, hi: number) => Math.min(Math.max(x, lo), hi);

/** The forgetting curve's constants of a weight set (FSRS-6's decay is w[20]). */
export interface Curve {
  decay: number;
  factor: number;
}

export function curveOf(w: readonly number[]): Curve {
  const decay = -(w[20] ?? 0.5);
  return { decay, factor: 0.9 ** (1 / decay) - 1 };
}

/** The probability of recall `days` after the last review. */
export function retrievability(curve: Curve, days: number, stability: number): number {
  return (1 + (curve.factor * Math.max(days, 0)) / stability) ** curve.decay;
}

/** Days (fractional) until retrievability falls to `retention`. */
export function intervalFor(curve: Curve, stability: number, retention: number): number {
  return (stability / curve.factor) * (retention ** (1 / curve.decay) - 1);
}

function initDifficulty(w: readonly number[], grade: number): number {
  return (w[4] ?? 0) - Math.exp((grade - 1) * (w[5] ?? 0)) + 1;
}

/** The memory after a card's first rating (1 again … 4 easy). */
export function firstMemory(w: readonly number[], grade: number): Memory {
  return {
    stability: clamp(w[grade - 1] ?? 1, S_MIN, S_MAX),
    difficulty: clamp(initDifficulty(w, grade), 1, 10),
  };
}

function nextDifficulty(w: readonly number[], d: number, grade: number): number {
  const delta = -(w[6] ?? 0) * (grade - 3);
  const damped = d + (delta * (10 - d)) / 9;
  const w7 = w[7] ?? 0;
  return clamp(w7 * initDifficulty(w, 4) + (1 - w7) * damped, 1, 10);
}

/** The memory after a review on a later day, recalled or not, with retrievability `r` then. */
export function nextMemory(w: readonly number[], m: Memory, r: number, grade: number): Memory {
  const { stability: s, difficulty: d } = m;
  let stability: number;
  if (grade === 1) {
    const forgot =
      (w[11] ?? 0) *
      d ** -(w[12] ?? 0) *
      ((s + 1) ** (w[13] ?? 0) - 1) *
      Math.exp((1 - r) * (w[14] ?? 0));
    stability = clamp(s / Math.exp((w[17] ?? 0) * (w[18] ?? 0)), S_MIN, forgot);
  } else {
    const hard = grade === 2 ? (w[15] ?? 1) : 1;
    const easy = grade === 4 ? (w[16] ?? 1) : 1;
    stability =
      s *
      (1 +
        Math.exp(w[8] ?? 0) *
          (11 - d) *
          s ** -(w[9] ?? 0) *
          (Math.exp((1 - r) * (w[10] ?? 0)) - 1) *
          hard *
          easy);
  }
  return {
    stability: clamp(stability, S_MIN, S_MAX),
    difficulty: nextDifficulty(w, d, grade),
  };
}

/** The memory after a same-day step (a learning or relearning step), FSRS-6's short-term rule. */
export function shortTermMemory(w: readonly number[], m: Memory, grade: number): Memory {
  const sinc = m.stability ** -(w[19] ?? 0) * Math.exp((w[17] ?? 0) * (grade - 3 + (w[18] ?? 0)));
  return {
    stability: clamp(m.stability * (grade >= 2 ? Math.max(sinc, 1) : sinc), S_MIN, S_MAX),
    difficulty: nextDifficulty(w, m.difficulty, grade),
  };
}
