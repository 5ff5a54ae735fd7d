/**
 * FSRS scheduling both sides run: the server when it rates a card, the review island when it rates
 * one offline (docs/features/offline.md). One module, so a rating computed in the browser is the
 * server's own computation with the same parameters. Pure: ts-fsrs and nothing of ours.
 */
import {
  type FSRS,
  type Card as FsrsCard,
  fsrs,
  type Grade,
  generatorParameters,
  Rating,
  type RecordLogItem,
  State,
  type StepUnit,
} from 'ts-fsrs';

/**
 * The scheduler's parameters: ts-fsrs defaults (FSRS-6 weights, 90 % retention, learning steps
 * 1m 10m, relearning 10m) with interval fuzz on, as Anki does. Fuzz is deterministic in ts-fsrs
 * (seeded by the review time and the card), so a preview equals the later rating at that time.
 */
export const FSRS_PARAMETERS = generatorParameters({ enable_fuzz: true, enable_short_term: true });
export const scheduler = fsrs(FSRS_PARAMETERS);

export const RATINGS = ['again', 'hard', 'good', 'easy'] as const;
export type RatingName = (typeof RATINGS)[number];
export type Difficulty = RatingName | 'very_hard' | 'very_easy';

const GRADE_OF: Record<Difficulty, Grade> = {
  again: Rating.Again,
  very_hard: Rating.Again,
  hard: Rating.Hard,
  good: Rating.Good,
  easy: Rating.Easy,
  very_easy: Rating.Easy,
};

/** The ts-fsrs grade of a contract rating (very_hard → again, very_easy → easy). */
export function gradeOf(difficulty: Difficulty): Grade {
  return GRADE_OF[difficulty];
}

export function ratingName(grade: number): RatingName {
  const name = RATINGS[grade - 1];
  if (!name) throw new Error(`not a rating: ${grade}`);
  return name;
}

export const STATE_NAMES = ['new', 'learning', 'review', 'relearning'] as const;
export type StateName = (typeof STATE_NAMES)[number];

export function stateName(state: number): StateName {
  return STATE_NAMES[state] ?? 'new';
}

export function stateOf(name: StateName): State {
  return STATE_NAMES.indexOf(name) as State;
}

/** One learner's FSRS state of one card, as stored (`card_schedules`). */
export interface Schedule {
  state: State;
  due: Date;
  stability: number;
  difficulty: number;
  elapsedDays: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  lastReview: Date | null;
}

/** A card nobody has rated yet, due at `now`. */
export function newSchedule(now: Date): Schedule {
  return {
    state: State.New,
    due: now,
    stability: 0,
    difficulty: 0,
    elapsedDays: 0,
    scheduledDays: 0,
    learningSteps: 0,
    reps: 0,
    lapses: 0,
    lastReview: null,
  };
}

export function toFsrsCard(s: Schedule): FsrsCard {
  return {
    state: s.state,
    due: s.due,
    stability: s.stability,
    difficulty: s.difficulty,
    elapsed_days: s.elapsedDays,
    scheduled_days: s.scheduledDays,
    learning_steps: s.learningSteps,
    reps: s.reps,
    lapses: s.lapses,
    last_review: s.lastReview ?? undefined,
  };
}

export function fromFsrsCard(card: FsrsCard): Schedule {
  return {
    state: card.state,
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    elapsedDays: card.elapsed_days,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    lastReview: card.last_review ?? null,
  };
}

/** The JSON kept in the review log (state before and after a rating). */
export interface ScheduleJson {
  state: number;
  due: string;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  last_review: string | null;
  introduced_at: string | null;
}

export function scheduleToJson(s: Schedule, introducedAt: Date | null): ScheduleJson {
  return {
    state: s.state,
    due: s.due.toISOString(),
    stability: s.stability,
    difficulty: s.difficulty,
    elapsed_days: s.elapsedDays,
    scheduled_days: s.scheduledDays,
    learning_steps: s.learningSteps,
    reps: s.reps,
    lapses: s.lapses,
    last_review: s.lastReview?.toISOString() ?? null,
    introduced_at: introducedAt?.toISOString() ?? null,
  };
}

export function scheduleFromJson(j: ScheduleJson): {
  schedule: Schedule;
  introducedAt: Date | null;
} {
  return {
    schedule: {
      state: j.state as State,
      due: new Date(j.due),
      stability: j.stability,
      difficulty: j.difficulty,
      elapsedDays: j.elapsed_days,
      scheduledDays: j.scheduled_days,
      learningSteps: j.learning_steps,
      reps: j.reps,
      lapses: j.lapses,
      lastReview: j.last_review ? new Date(j.last_review) : null,
    },
    introducedAt: j.introduced_at ? new Date(j.introduced_at) : null,
  };
}

export interface ReviewOutcome {
  schedule: Schedule;
  /** Whole days since the previous review (0 for a new card), as ts-fsrs logs it. */
  elapsedDays: number;
}

/**
 * Rates a card at `at`. With `sameDay` the card is due again at `dueAt` (default `at`) whatever
 * FSRS scheduled, so it comes back in today's queue; its memory state is FSRS's. `scheduler` is
 * the learner's own (`schedulerFor` in memory-model.ts), the defaults when not given.
 */
export function review(
  current: Schedule,
  grade: Grade,
  at: Date,
  options: { sameDay?: boolean; dueAt?: Date; scheduler?: FSRS } = {},
): ReviewOutcome {
  const fsrsOf = options.scheduler ?? scheduler;
  const item: RecordLogItem = fsrsOf.next(toFsrsCard(current), at, grade);
  const card =
    grade === Rating.Easy
      ? easyAfterGood(item.card, fsrsOf.next(toFsrsCard(current), at, Rating.Good).card)
      : item.card;
  const schedule = fromFsrsCard(card);
  if (options.sameDay) {
    schedule.due = options.dueAt ?? at;
    schedule.scheduledDays = 0;
  }
  return { schedule, elapsedDays: item.log.elapsed_days };
}

const DAY_MS = 86_400_000;

/**
 * Easy always gives more than Good, as Anki's buttons do: ts-fsrs gives a relearning card of
 * stability under a day one day for both (issue 40). Then Easy is due a day after Good.
 */
function easyAfterGood(easy: FsrsCard, good: FsrsCard): FsrsCard {
  if (easy.due.getTime() > good.due.getTime()) return easy;
  return {
    ...easy,
    due: new Date(good.due.getTime() + DAY_MS),
    scheduled_days: good.scheduled_days + 1,
  };
}

export interface IntervalPreview {
  due: Date;
  intervalSeconds: number;
}

/** What each rating would schedule at `at`, for the rating buttons (Anki-like intervals). */
export function previewIntervals(
  current: Schedule,
  at: Date,
  learnerScheduler: FSRS = scheduler,
): Record<RatingName, IntervalPreview> {
  const preview = learnerScheduler.repeat(toFsrsCard(current), at);
  const one = (grade: Grade): IntervalPreview => {
    const card =
      grade === Rating.Easy
        ? easyAfterGood(preview[grade].card, preview[Rating.Good].card)
        : preview[grade].card;
    const due = card.due;
    return { due, intervalSeconds: Math.max(0, Math.round((due.getTime() - at.getTime()) / 1000)) };
  };
  return {
    again: one(Rating.Again),
    hard: one(Rating.Hard),
    good: one(Rating.Good),
    easy: one(Rating.Easy),
  };
}

// ── A learner's scheduler ──────────────────────────────────────────────────────────────────────

export const DESIRED_RETENTION = { min: 0.7, max: 0.97, default: 0.9 } as const;

/** The weights the scheduler uses for a learner without fitted parameters. */
export const DEFAULT_WEIGHTS: readonly number[] = [...FSRS_PARAMETERS.w];

export interface LearnerModel {
  /** Fitted FSRS-6 weights, or null for the defaults. */
  parameters: readonly number[] | null;
  desiredRetention: number;
}

export const DEFAULT_MODEL: LearnerModel = {
  parameters: null,
  desiredRetention: DESIRED_RETENTION.default,
};

const schedulers = new Map<string, FSRS>();
const MAX_CACHED_SCHEDULERS = 1000;

/** A deck preset's part of the scheduler (domain/review/presets.ts): its steps. */
export interface SchedulerSteps {
  learningSteps: readonly StepUnit[];
  relearningSteps: readonly StepUnit[];
}

/**
 * The scheduler of a learner's model: the project's settings (fuzz, short-term steps) with their
 * weights and retention, and a deck preset's learning and relearning steps when given (ts-fsrs's
 * defaults, 1m 10m and 10m, otherwise). Cached by value: most learners share the defaults.
 */
export function schedulerFor(model: LearnerModel, steps?: SchedulerSteps): FSRS {
  const stepsKey = steps
    ? `${steps.learningSteps.join(' ')}|${steps.relearningSteps.join(' ')}`
    : '';
  const key = `${model.desiredRetention}|${model.parameters?.join(',') ?? ''}|${stepsKey}`;
  let s = schedulers.get(key);
  if (!s) {
    if (schedulers.size >= MAX_CACHED_SCHEDULERS) schedulers.clear();
    s = fsrs(
      generatorParameters({
        ...FSRS_PARAMETERS,
        w: model.parameters ? [...model.parameters] : [...DEFAULT_WEIGHTS],
        request_retention: model.desiredRetention,
        ...(steps && {
          learning_steps: [...steps.learningSteps],
          relearning_steps: [...steps.relearningSteps],
        }),
      }),
    );
    schedulers.set(key, s);
  }
  return s;
}

/**
 * The scheduler of a learner's reviews of one deck: their model, with the deck preset's desired
 * retention when it sets one (null: the learner's) and its learning and relearning steps.
 */
export function schedulerForDeck(
  model: LearnerModel,
  preset: SchedulerSteps & { desiredRetention: number | null },
): FSRS {
  return schedulerFor(
    { ...model, desiredRetention: preset.desiredRetention ?? model.desiredRetention },
    preset,
  );
}

// ── Offline ratings ────────────────────────────────────────────────────────────────────────────

/** A card's FSRS state as the offline pack carries it (`FsrsState` in the contract). */
export type FsrsStateJson = Omit<ScheduleJson, 'introduced_at'>;

/** A deck's part of its scheduler, as the offline pack carries it (null retention: the learner's). */
export interface DeckSchedulerSettings extends SchedulerSteps {
  desiredRetention: number | null;
}

/**
 * The next state of a card rated offline: the server's `review` with the learner's scheduler for
 * the deck, on the state the pack stored. The server computes the same on sync, except that a
 * review due on a later day may move within its fuzz range to a less loaded day (the load
 * balancer reads every card's due day, which the browser does not have): its answer then wins.
 */
export function rateOffline(
  state: FsrsStateJson,
  difficulty: Difficulty,
  at: Date,
  model: LearnerModel,
  deck: DeckSchedulerSettings | null,
): { state: FsrsStateJson; intervals: Record<RatingName, IntervalPreview> } {
  const learner = deck ? schedulerForDeck(model, deck) : schedulerFor(model);
  const { schedule: before } = scheduleFromJson({ ...state, introduced_at: null });
  const { schedule } = review(before, gradeOf(difficulty), at, { scheduler: learner });
  const { introduced_at: _, ...next } = scheduleToJson(schedule, null);
  return { state: next, intervals: previewIntervals(schedule, at, learner) };
}

/** What each rating of a card stored offline would schedule at `at` (the rating buttons). */
export function previewOffline(
  state: FsrsStateJson,
  at: Date,
  model: LearnerModel,
  deck: DeckSchedulerSettings | null,
): Record<RatingName, IntervalPreview> {
  const learner = deck ? schedulerForDeck(model, deck) : schedulerFor(model);
  const { schedule } = scheduleFromJson({ ...state, introduced_at: null });
  return previewIntervals(schedule, at, learner);
}
