/**
 * Simulated learners for the optimiser's test and bench: a learner whose true memory follows
 * FSRS with their own weights (not the defaults) reviews on the schedule the default weights
 * give them, as a new learner of the product would; whether they recall a card is drawn from
 * their true retrievability. Seeded, so a run is reproducible. ts-fsrs is the simulator.
 */
import { type Card, createEmptyCard, fsrs, type Grade, generatorParameters, Rating } from 'ts-fsrs';
import { DEFAULT_WEIGHTS, type LoggedReview } from '../domain/review/memory-model.ts';

/** mulberry32: a small seeded generator, uniform in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SimulatedLearner {
  /** The weights their memory truly follows. */
  trueWeights: number[];
  seed: number;
  /** New cards a day. */
  newPerDay: number;
  days: number;
  /** Stop once the log holds this many reviews. */
  maxReviews?: number;
}

/** Weights unlike the defaults: initial stabilities scaled by `memory`, a different forgetting curve. */
export function learnerWeights(memory: number, decay: number): number[] {
  const w = [...DEFAULT_WEIGHTS];
  for (let i = 0; i < 4; i++) w[i] = (w[i] ?? 1) * memory;
  w[8] = (w[8] ?? 1.8) * Math.sqrt(memory); // how fast stability grows after a recall
  w[20] = decay;
  return w;
}

const DAY = 86_400_000;

/** The review log the learner leaves, oldest first (card ids from 1). */
export function simulateLearner(learner: SimulatedLearner, start = Date.UTC(2025, 0, 6, 10)) {
  const random = seededRandom(learner.seed);
  const settings = { enable_fuzz: false, enable_short_term: false };
  const scheduled = fsrs(generatorParameters({ ...settings, w: [...DEFAULT_WEIGHTS] }));
  const truth = fsrs(generatorParameters({ ...settings, w: learner.trueWeights }));
  const cards: {
    id: number;
    shown: Card;
    real: Card;
  }[] = [];
  const log: LoggedReview[] = [];
  for (let day = 0; day < learner.days; day++) {
    for (let i = 0; i < learner.newPerDay; i++) {
      const at = new Date(start + day * DAY);
      cards.push({ id: cards.length + 1, shown: createEmptyCard(at), real: createEmptyCard(at) });
    }
    let minute = 0;
    for (const card of cards) {
      const now = new Date(start + day * DAY + minute * 6_000);
      if (card.shown.due.getTime() > now.getTime() + DAY / 2) continue;
      minute++;
      const isNew = card.shown.reps === 0;
      const u = random();
      let grade: Grade;
      if (isNew) {
        grade =
          u < 0.2 ? Rating.Again : u < 0.3 ? Rating.Hard : u < 0.9 ? Rating.Good : Rating.Easy;
      } else {
        const recall = truth.get_retrievability(card.real, now, false);
        const v = random();
        grade =
          u >= recall ? Rating.Again : v < 0.15 ? Rating.Hard : v < 0.9 ? Rating.Good : Rating.Easy;
      }
      log.push({ cardId: card.id, rating: grade, reviewedAt: now, fromNew: isNew });
      if (log.length === learner.maxReviews) return log;
      card.shown = scheduled.next(card.shown, now, grade).card;
      card.real = truth.next(card.real, now, grade).card;
    }
  }
  return log;
}
