/** The review queue, ratings and undo. */

import type { FSRS } from 'ts-fsrs';
import { clockOf } from '../../clock.ts';
import type { Handlers, Schemas } from '../../contract/types.ts';
import { retractDeckReview } from '../../db/queries/activities.ts';
import { learnerModel } from '../../db/queries/memory-models.ts';
import { dueQueue } from '../../db/queries/queue.ts';
import { lastReviewLog, retractRating } from '../../db/queries/reviews.ts';
import { inTransaction } from '../../db/transaction.ts';
import { schedulerFor, schedulerForDeck } from '../../domain/review/memory-model.ts';
import { dueWindow } from '../../domain/review/queue.ts';
import {
  learnerDay,
  localDate,
  ratingName,
  scheduleFromJson,
} from '../../domain/review/scheduling.ts';
import { currentUser } from '../../http/current-user.ts';
import { ApiError, notFound } from '../../http/errors.ts';
import { cardFor } from '../../services/decks/access.ts';
import { rate } from '../../services/review/rate.ts';
import { toCard, toDueCard } from '../../services/review/responses.ts';
import { remainingToday } from '../../services/review/today.ts';
import { MESSAGES } from './messages.ts';

/** The contract's default page of `listDueCards`. */
const DEFAULT_QUEUE_PAGE = 10;

export const handlers: Handlers = {
  /**
   * Due cards by due time, then each deck's allowance of new cards, with interval previews for
   * the first `previews` of them (FSRS's four outcomes per card were the page's largest cost on
   * the server): the queue, its counts and the learner's model in one statement (`dueQueue`).
   */
  async listDueCards(c, { query }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const now = clockOf(c.get('deps')).now();
    const day = learnerDay(now, user.timezone);
    const limit = query.limit ?? DEFAULT_QUEUE_PAGE;
    const previews = query.previews ?? limit;
    const queue = await dueQueue(sql, {
      userId: user.id,
      deckId: query.desk_id,
      day: day.day,
      window: dueWindow(now, day),
      limit,
      dayStart: day.start,
    });
    if (query.desk_id !== undefined && queue.decks === 0) throw notFound(MESSAGES.deckNotFound);
    // Previews follow each card's deck preset (retention, steps), as its rating will.
    const memos = new Map<FSRS, Map<string, Schemas['ReviewIntervals']>>();
    const schedulerOf = (deckId: number) => {
      const preset = queue.deckPresets.get(deckId);
      return preset ? schedulerForDeck(queue.model, preset) : schedulerFor(queue.model);
    };
    const memoOf = (scheduler: FSRS) => {
      const memo = memos.get(scheduler) ?? new Map<string, Schemas['ReviewIntervals']>();
      memos.set(scheduler, memo);
      return memo;
    };
    const result: Schemas['DueCards'] = {
      day: day.day,
      desk_id: query.desk_id ?? null,
      due_count: queue.dueCount,
      new_count: queue.newCount,
      remaining_today: queue.dueCount + queue.newCount,
      next_due: queue.nextStepDue?.toISOString() ?? null,
      cards: queue.cards.map((card, i) => {
        if (i >= previews) return { ...toCard(card), intervals: null };
        const scheduler = schedulerOf(card.deckId);
        return toDueCard(card, now, undefined, memoOf(scheduler), scheduler);
      }),
    };
    return c.json(result, 200);
  },

  async updateCardDifficulty(c, { params, body }) {
    const result = await rate(c.get('deps').sql, currentUser(c), params.id, {
      difficulty: body.difficulty,
      answerTimeMs: body.answer_time_ms,
      reviewedAt: body.reviewed_at,
      idempotencyKey: body.idempotency_key,
      sameDay: false,
      cram: body.cram,
    });
    return c.json(result, 200);
  },

  async repeatCardSameDay(c, { params, body }) {
    const result = await rate(c.get('deps').sql, currentUser(c), params.id, {
      difficulty: body.difficulty,
      answerTimeMs: body.answer_time_ms,
      reviewedAt: body.reviewed_at,
      idempotencyKey: body.idempotency_key,
      sameDay: true,
      cram: body.cram,
    });
    return c.json(result, 200);
  },

  /** Puts back the schedule before the learner's last rating of the card. */
  async undoLastReview(c, { params }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const undone = await inTransaction(sql, async (tx) => {
      const { card, deck } = await cardFor(tx, user.id, params.id, true);
      const log = await lastReviewLog(tx, user.id, card.id);
      if (!log) throw new ApiError(409, 'conflict', MESSAGES.nothingToUndo);
      const restored = scheduleFromJson(log.stateBefore);
      // Undoing the rating that introduced the card gives its place in that day's allowance back.
      const introducedAt = log.stateBefore.introduced_at ? null : log.stateAfter.introduced_at;
      await retractRating(
        tx,
        user.id,
        log,
        restored,
        introducedAt
          ? { deckId: deck.id, day: localDate(new Date(introducedAt), user.timezone) }
          : null,
      );
      await retractDeckReview(tx, {
        userId: user.id,
        day: localDate(log.reviewedAt, user.timezone),
        deckId: deck.id,
      });
      return { card, deck, schedule: restored.schedule, log };
    });
    const result: Schemas['ReviewUndoResult'] = {
      card: toDueCard(
        undone.card,
        new Date(),
        undone.schedule,
        undefined,
        schedulerFor(await learnerModel(sql, user.id)),
      ),
      undone_review_id: undone.log.id,
      rating: ratingName(undone.log.rating),
      remaining_today: await remainingToday(sql, user, undone.deck),
    };
    return c.json(result, 200);
  },
};
