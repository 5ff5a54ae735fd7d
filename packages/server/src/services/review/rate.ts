/**
 * Rating a card takes no transaction: one statement reads the card, its deck, the learner's
 * schedule with its row version, the idempotency key's rating, the deck's counts of today and the
 * learner's memory model; ts-fsrs schedules; one statement writes the new state, its log row, the
 * day's activity and the new-card counter, only if the schedule row is still the version read.
 * Both statements are shared: the reads, and the writes, of every learner's ratings that are
 * ready while the previous group runs go together (`db/statement-groups.ts`). Another rating of
 * the card (or an undo) that committed in between makes it read again, so each rating applies to
 * the state the previous one left. A rating sent again with its idempotency key answers what the
 * first one did. Once the write has committed, one more statement sends the group's live events
 * (`notifications/live.ts` says why not inside it).
 */
import type { FSRS, Grade } from 'ts-fsrs';
import type { Schemas } from '../../contract/types.ts';
import type { Sql } from '../../db/client.ts';
import { signalActivities } from '../../db/queries/activities.ts';
import { learnerModel } from '../../db/queries/memory-models.ts';
import type { Query } from '../../db/queries/pg.ts';
import {
  type AppliedRating,
  applyRatings,
  ensureSchedule,
  findByIdempotencyKey,
  type RatingApply,
  type RatingSnapshot,
  type ReviewLog,
  ratingKeys,
  ratingSnapshots,
  type SnapshotRead,
} from '../../db/queries/reviews.ts';
import type { UserRow } from '../../db/queries/users.ts';
import { StatementGroups } from '../../db/statement-groups.ts';
import { isRetryable } from '../../db/transaction.ts';
import { uniqueViolation } from '../../db/unique-violation.ts';
import { schedulerFor } from '../../domain/review/memory-model.ts';
import {
  dueWindow,
  isInDueWindow,
  LEARN_AHEAD_MS,
  newCardsAllowance,
} from '../../domain/review/queue.ts';
import {
  type Difficulty,
  gradeOf,
  learnerDay,
  ratingName,
  type Schedule,
  scheduleFromJson,
} from '../../domain/review/scheduling.ts';
import { ApiError, notFound } from '../../http/errors.ts';
import { cardFor } from '../decks/access.ts';
import { RATING_MESSAGES as MESSAGES } from './messages.ts';
import { applyRatingEffects, ratingWrite, scheduleRating } from './rating.ts';
import { toCard, toIntervals } from './responses.ts';
import { remainingToday } from './today.ts';

export interface RateOptions {
  difficulty: Difficulty;
  answerTimeMs?: number;
  /** When the learner answered; never later than now. */
  reviewedAt?: string;
  idempotencyKey?: string;
  /** repeat_same_day: the card comes back in today's queue. */
  sameDay: boolean;
  /** A cram session's rating: computed and answered, nothing written. */
  cram?: boolean;
}

/** Reads again after this many lost races (each one another rating that did apply). */
const MAX_ATTEMPTS = 1000;

export async function rate(
  sql: Sql,
  user: UserRow,
  cardId: number,
  options: RateOptions,
): Promise<Schemas['ReviewResult']> {
  const key = options.idempotencyKey ?? null;
  const grade = gradeOf(options.difficulty);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const asOf = new Date();
    const day = learnerDay(asOf, user.timezone);
    const window = dueWindow(asOf, day);
    const read = await snapshotGroups(sql).submit({
      userId: user.id,
      cardId,
      key,
      day: day.day,
      window,
    });
    if (!read) throw notFound(MESSAGES.cardNotFound);
    if (read.earlier && !options.cram) return replay(sql, user, cardId, read.earlier);
    if (read.version === null) {
      await ensureSchedule(sql, user.id, cardId);
      continue;
    }
    // The clock is read once the state is read, so that ratings stamped by the server are in the
    // order they apply (a rating that read again after losing a race is never older than the last).
    const now = new Date();
    const asked = options.reviewedAt ? new Date(options.reviewedAt) : now;
    const reviewedAt = asked.getTime() < now.getTime() ? asked : now;
    const { card, deck } = read;
    const before = card.schedule;
    if (before.lastReview && reviewedAt.getTime() < before.lastReview.getTime()) {
      throw new ApiError(409, 'conflict', MESSAGES.beforeLastReview);
    }
    const { scheduler, reviewed } = scheduleRating(read, grade, reviewedAt, {
      sameDay: options.sameDay,
      now,
    });
    // Cramming writes nothing and moves no due date: no balancing either.
    if (options.cram) return cramAnswer(read, reviewed.schedule, grade, now, scheduler, window);
    const write = await ratingWrite(
      sql,
      user,
      { ...read, version: read.version },
      {
        scheduler,
        reviewed,
      },
      {
        grade,
        reviewedAt,
        sameDay: options.sameDay,
        answerTimeMs: options.answerTimeMs ?? null,
        idempotencyKey: key,
      },
    );
    const schedule = write.after;
    const { introducedOn } = write;
    let applied: AppliedRating | undefined;
    try {
      applied = await ratingGroups(sql).submit(write);
    } catch (error) {
      // A deadlock, e.g. with the deletion of the card's shared deck (each waits on a row the
      // other holds: the card, the learner's review count): the statement was rolled back; read
      // again, and find the card gone or rate it.
      if (isRetryable(error)) continue;
      // The same key committed by a twin request in between: answer what it did.
      const twin =
        key && uniqueViolation(error) !== null
          ? await findByIdempotencyKey(sql, user.id, key)
          : undefined;
      if (twin) return replay(sql, user, cardId, twin);
      throw error;
    }
    // Another rating or an undo of the card came first: read again.
    if (applied === undefined) continue;
    // The rating has committed, and its live event is sent.
    const effects = await applyRatingEffects(sql, user, card, deck, read.preset, schedule, now);
    const intervalSeconds = secondsBetween(now, schedule.due);
    const leftToday = remainingAfter(read, schedule, window, introducedOn === day.day);
    return {
      card: toCard({ ...card, suspended: card.suspended || effects.suspend }, schedule, now),
      rating: ratingName(grade),
      next_due: schedule.due.toISOString(),
      interval_seconds: intervalSeconds,
      intervals: comesBackToday(intervalSeconds)
        ? toIntervals(schedule, now, undefined, scheduler)
        : null,
      review_id: applied.reviewId,
      // A card the rating suspended (a leech) is no longer in today's queue.
      remaining_today: Math.max(
        0,
        leftToday - Number(effects.suspend && isInDueWindow(schedule, window)),
      ),
      ...(effects.leech ? { leech: true } : {}),
    };
  }
  throw new Error(`rating card ${cardId}: the schedule kept changing under ${MAX_ATTEMPTS} reads`);
}

/**
 * A cram rating's answer: what the rating would schedule, with nothing written (no schedule, log,
 * counter or activity), so cramming never moves the card's due date or its memory state.
 */
function cramAnswer(
  read: RatingSnapshot,
  schedule: Schedule,
  grade: Grade,
  now: Date,
  scheduler: FSRS,
  window: ReturnType<typeof dueWindow>,
): Schemas['ReviewResult'] {
  const intervalSeconds = secondsBetween(now, schedule.due);
  return {
    card: toCard(read.card, schedule),
    rating: ratingName(grade),
    next_due: schedule.due.toISOString(),
    interval_seconds: intervalSeconds,
    intervals: comesBackToday(intervalSeconds)
      ? toIntervals(schedule, now, undefined, scheduler)
      : null,
    review_id: null,
    remaining_today: remainingAfter(read, read.card.schedule, window, false),
  };
}

/** The most ratings one statement reads or applies. */
const MAX_GROUP = 64;

const reads = new WeakMap<Sql, StatementGroups<SnapshotRead, RatingSnapshot | undefined>>();

/**
 * The pool's reads of ratings' snapshots, in groups: the reads of every learner that arrive while
 * the previous group is read go together, in one statement (`ratingSnapshots`).
 */
function snapshotGroups(sql: Sql): StatementGroups<SnapshotRead, RatingSnapshot | undefined> {
  let group = reads.get(sql);
  if (!group) {
    group = new StatementGroups<SnapshotRead, RatingSnapshot | undefined>({
      run: (snapshots) => ratingSnapshots(sql, snapshots),
      keysOf: () => [],
      maxSize: MAX_GROUP,
    });
    reads.set(sql, group);
  }
  return group;
}

const writes = new WeakMap<Sql, StatementGroups<RatingApply, AppliedRating | undefined>>();

/**
 * The pool's group commit of ratings: the ratings of all learners that are ready while the
 * previous group is written apply together, in one statement, and then send their live events in
 * one more. Its answer for each rating is `applyRatings`'s (undefined: read again), or the error
 * of that rating's own statement when its group's failed.
 */
export function ratingGroups(sql: Sql): StatementGroups<RatingApply, AppliedRating | undefined> {
  let group = writes.get(sql);
  if (!group) {
    const run = async (ratings: RatingApply[]) => {
      const applied = await applyRatings(sql, ratings);
      const days = new Map<string, { userId: number; day: string }>();
      ratings.forEach((r, i) => {
        const day = applied[i]?.day;
        if (day !== undefined) days.set(`${r.userId} ${day}`, { userId: r.userId, day });
      });
      // After the commit. A send that fails is logged, never thrown (`sendLiveSignals`): a throw
      // here would run the group's ratings again, one by one, after they had applied.
      await signalActivities(
        sql,
        [...days.values()].map(({ userId, day }) => ({
          userId,
          data: { activity_type: 'space_repetition', day },
        })),
      );
      return applied;
    };
    group = new StatementGroups<RatingApply, AppliedRating | undefined>({
      run,
      keysOf: ratingKeys,
      maxSize: MAX_GROUP,
    });
    writes.set(sql, group);
  }
  return group;
}

/**
 * The deck's cards left today once this rating applied: the counts read before it, with the card
 * moved by the domain's rules (out of or into the due window; no longer new; one more introduced).
 */
function remainingAfter(
  read: RatingSnapshot,
  after: Schedule,
  window: ReturnType<typeof dueWindow>,
  introducedToday: boolean,
): number {
  const before = read.card.schedule;
  const dueCount =
    read.dueCount - Number(isInDueWindow(before, window)) + Number(isInDueWindow(after, window));
  const newLeft = read.newLeft - Number(before.state === 0 && after.state !== 0);
  const introduced = read.introducedToday + Number(introducedToday);
  const allowance = newCardsAllowance(read.deck.newCardsPerDay, introduced);
  return dueCount + Math.max(0, Math.min(allowance, newLeft));
}

/** The answer to a rating already applied (an idempotent replay), from its log row. */
async function replay(
  q: Query,
  user: UserRow,
  cardId: number,
  log: ReviewLog,
): Promise<Schemas['ReviewResult']> {
  if (log.cardId !== cardId) throw new ApiError(409, 'conflict', MESSAGES.keyReused);
  const { card, deck } = await cardFor(q, user.id, cardId);
  const { schedule } = scheduleFromJson(log.stateAfter);
  const intervalSeconds = secondsBetween(log.reviewedAt, schedule.due);
  return {
    card: toCard(card, schedule),
    rating: ratingName(log.rating),
    next_due: schedule.due.toISOString(),
    interval_seconds: intervalSeconds,
    intervals: comesBackToday(intervalSeconds)
      ? toIntervals(
          schedule,
          log.reviewedAt,
          undefined,
          schedulerFor(await learnerModel(q, user.id)),
        )
      : null,
    review_id: log.id,
    remaining_today: await remainingToday(q, user, deck),
  };
}

/**
 * Whether a rating's card comes back in today's session (its next step within the learn-ahead
 * limit), where the review page shows it again with the answer's previews. Only then are they
 * computed: a card that leaves today's queue gets them from the page that next brings it, and
 * ts-fsrs's four outcomes were 7 % of a rating's server time in a profile.
 */
const comesBackToday = (intervalSeconds: number) => intervalSeconds * 1000 <= LEARN_AHEAD_MS;

const secondsBetween = (from: Date, to: Date) =>
  Math.max(0, Math.round((to.getTime() - from.getTime()) / 1000));
