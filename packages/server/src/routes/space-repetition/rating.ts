/**
 * Rating a card: in one transaction, lock the learner's schedule row, run ts-fsrs on the stored
 * state, write the new state with its review log row and count the day's activity. Concurrent
 * ratings of one card queue on the row lock, so each applies to the state the previous one left.
 * A rating sent again with its idempotency key answers what the first one did.
 */
import type { Schemas } from '../../contract/types.ts';
import type { Sql } from '../../db/client.ts';
import { recordActivity } from '../../db/queries/activities.ts';
import type { CardRecord } from '../../db/queries/cards.ts';
import type { DeskAccess } from '../../db/queries/desks.ts';
import type { Query } from '../../db/queries/pg.ts';
import { findByIdempotencyKey, type ReviewLog, recordRating } from '../../db/queries/reviews.ts';
import type { UserRow } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { uniqueViolation } from '../../db/unique-violation.ts';
import {
  type Difficulty,
  gradeOf,
  ratingName,
  review,
  type Schedule,
  scheduleFromJson,
} from '../../domain/scheduling.ts';
import { ApiError } from '../../http/errors.ts';
import { cardFor } from './access.ts';
import { MESSAGES } from './messages.ts';
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
}

interface Rated {
  card: CardRecord;
  desk: DeskAccess;
  schedule: Schedule;
  reviewId: number;
  /** When the rating was applied. */
  now: Date;
}

export async function rate(
  sql: Sql,
  user: UserRow,
  cardId: number,
  options: RateOptions,
): Promise<Schemas['ReviewResult']> {
  const key = options.idempotencyKey ?? null;
  const earlier = key ? await findByIdempotencyKey(sql, user.id, key) : undefined;
  if (earlier) return replay(sql, user, cardId, earlier);
  const grade = gradeOf(options.difficulty);
  let outcome: Rated | ReviewLog;
  try {
    outcome = await inTransaction(sql, async (tx): Promise<Rated | ReviewLog> => {
      const { card, desk } = await cardFor(tx, user.id, cardId, true);
      // The clock is read once the row is locked, so that ratings stamped by the server are in
      // the order they apply (a rating that waited for the lock is never older than the last).
      const now = new Date();
      const asked = options.reviewedAt ? new Date(options.reviewedAt) : now;
      const reviewedAt = asked.getTime() < now.getTime() ? asked : now;
      // A twin request with the same key may have committed while this one waited for the lock.
      const twin = key ? await findByIdempotencyKey(tx, user.id, key) : undefined;
      if (twin) return twin;
      const before = card.schedule;
      if (before.lastReview && reviewedAt.getTime() < before.lastReview.getTime()) {
        throw new ApiError(409, 'conflict', MESSAGES.beforeLastReview);
      }
      const { schedule, elapsedDays } = review(before, grade, reviewedAt, {
        sameDay: options.sameDay,
        dueAt: now,
      });
      const reviewId = await recordRating(tx, {
        userId: user.id,
        cardId,
        deskId: desk.id,
        grade,
        before,
        introducedBefore: card.introducedAt,
        after: schedule,
        introducedAfter: card.introducedAt ?? (before.state === 0 ? reviewedAt : null),
        elapsedDays,
        answerTimeMs: options.answerTimeMs ?? null,
        sameDay: options.sameDay,
        reviewedAt,
        idempotencyKey: key,
      });
      // Last, so the activity row (shared by the desk's ratings of the day) is held briefly.
      await recordActivity(
        tx,
        user.id,
        { type: 'space_repetition', deckId: desk.id, deckName: desk.name },
        reviewedAt,
      );
      return { card, desk, schedule, reviewId, now };
    });
  } catch (error) {
    const raced = key && uniqueViolation(error) !== null;
    const twin = raced ? await findByIdempotencyKey(sql, user.id, key) : undefined;
    if (twin) return replay(sql, user, cardId, twin);
    throw error;
  }
  if (!('schedule' in outcome)) return replay(sql, user, cardId, outcome);
  const { card, desk, schedule, reviewId, now } = outcome;
  return {
    card: toCard(card, schedule),
    rating: ratingName(grade),
    next_due: schedule.due.toISOString(),
    interval_seconds: secondsBetween(now, schedule.due),
    intervals: toIntervals(schedule, now),
    review_id: reviewId,
    remaining_today: await remainingToday(sql, user, desk),
  };
}

/** The answer to a rating already applied (an idempotent replay), from its log row. */
async function replay(
  q: Query,
  user: UserRow,
  cardId: number,
  log: ReviewLog,
): Promise<Schemas['ReviewResult']> {
  if (log.cardId !== cardId) throw new ApiError(409, 'conflict', MESSAGES.keyReused);
  const { card, desk } = await cardFor(q, user.id, cardId);
  const { schedule } = scheduleFromJson(log.stateAfter);
  return {
    card: toCard(card, schedule),
    rating: ratingName(log.rating),
    next_due: schedule.due.toISOString(),
    interval_seconds: secondsBetween(log.reviewedAt, schedule.due),
    intervals: toIntervals(schedule, log.reviewedAt),
    review_id: log.id,
    remaining_today: await remainingToday(q, user, desk),
  };
}

const secondsBetween = (from: Date, to: Date) =>
  Math.max(0, Math.round((to.getTime() - from.getTime()) / 1000));
