/**
 * Spaced-repetition scheduling: a thin layer over `ts-fsrs` (FSRS as Anki uses it), plus what
 * "today" is in the learner's time zone. Which cards the queue holds is in `queue.ts`.
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

// ── The learner's day ────────────────────────────────────────────────────────────────────────────

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function wallClock(instant: Date, timeZone: string) {
  const p: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') p[part.type] = Number(part.value);
  }
  return {
    year: p.year ?? 1970,
    month: p.month ?? 1,
    day: p.day ?? 1,
    hour: p.hour ?? 0,
    minute: p.minute ?? 0,
    second: p.second ?? 0,
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The calendar day (`YYYY-MM-DD`) that `instant` falls on in `timeZone`. */
export function localDate(instant: Date, timeZone: string): string {
  const w = wallClock(instant, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** Milliseconds `timeZone` is ahead of UTC at `instant`. */
function offsetMs(instant: Date, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

function parseDay(day: string): [number, number, number] {
  const [y, m, d] = day.split('-').map(Number);
  return [y ?? 1970, m ?? 1, d ?? 1];
}

/** `day` plus `n` calendar days. */
export function addDays(day: string, n: number): string {
  const [y, m, d] = parseDay(day);
  const t = new Date(Date.UTC(y, m - 1, d + n));
  return `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** The first instant of `day` in `timeZone` (midnight, or the first hour after a DST gap). */
export function startOfLocalDay(day: string, timeZone: string): Date {
  const [y, m, d] = parseDay(day);
  const wall = Date.UTC(y, m - 1, d);
  let t = wall - offsetMs(new Date(wall), timeZone);
  t = wall - offsetMs(new Date(t), timeZone);
  // Where midnight does not exist (a DST jump at 00:00) step to the first hour of the day.
  for (let i = 0; i < 4 && localDate(new Date(t), timeZone) < day; i++) t += 3_600_000;
  for (let i = 0; i < 4 && localDate(new Date(t - 3_600_000), timeZone) === day; i++) {
    t -= 3_600_000;
  }
  return new Date(t);
}

export interface LearnerDay {
  /** `YYYY-MM-DD` in the learner's time zone. */
  day: string;
  start: Date;
  /** The start of the next day. */
  end: Date;
}

/**
 * The last day found per time zone. Every request of the queue and every rating asks for the
 * learner's today, and finding it takes a dozen time-zone conversions (3 % of a due queue's CPU
 * in a profile); an instant inside the last day found is on that day.
 */
const lastDays = new Map<string, { day: string; start: number; end: number }>();

/** The learner's today around `now` in `timeZone`. */
export function learnerDay(now: Date, timeZone: string): LearnerDay {
  const t = now.getTime();
  let found = lastDays.get(timeZone);
  if (!found || t < found.start || t >= found.end) {
    const day = localDate(now, timeZone);
    found = {
      day,
      start: startOfLocalDay(day, timeZone).getTime(),
      end: startOfLocalDay(addDays(day, 1), timeZone).getTime(),
    };
    lastDays.set(timeZone, found);
  }
  return { day: found.day, start: new Date(found.start), end: new Date(found.end) };
}

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;

/** 0 for Monday … 6 for Sunday. */
export function weekdayIndex(day: string): number {
  const [y, m, d] = parseDay(day);
  return (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
}

/** Monday of the week `day` falls in. */
export function mondayOf(day: string): string {
  return addDays(day, -weekdayIndex(day));
}
