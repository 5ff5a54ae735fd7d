/**
 * The one way a rating becomes a schedule: what `POST …/rate/` (routes/space-repetition/rating.ts)
 * and a deck duel answer that counts as study (`rateInTransaction`) both run. From the rating's
 * snapshot (`ratingSnapshots`): the learner's memory model and deck preset pick the FSRS
 * scheduler, ts-fsrs schedules, the load balancer picks the due day, and the write (`RatingApply`)
 * goes to `applyRatings`; once it has committed, the deck's review tools act (leech, bury).
 */
import type { FSRS, Grade } from 'ts-fsrs';
import { signalActivities } from '../../db/queries/activities.ts';
import { burySiblings, changeCardStates } from '../../db/queries/card-states.ts';
import type { CardRecord } from '../../db/queries/cards.ts';
import type { DeckAccess } from '../../db/queries/desks.ts';
import type { Query } from '../../db/queries/pg.ts';
import {
  type AppliedRating,
  applyRatings,
  ensureSchedule,
  type RatingApply,
  type RatingSnapshot,
  ratingSnapshot,
} from '../../db/queries/reviews.ts';
import { tagNoteOfCard } from '../../db/queries/tags.ts';
import type { UserRow } from '../../db/queries/users.ts';
import { afterCommit, type Tx } from '../../db/transaction.ts';
import { buriedUntil } from '../../domain/review/card-states.ts';
import { schedulerForDeck } from '../../domain/review/memory-model.ts';
import { dueWindow } from '../../domain/review/queue.ts';
import { LEECH_TAG, type RatingEffects, ratingEffects } from '../../domain/review/review-tools.ts';
import { learnerDay, localDate, review, type Schedule } from '../../domain/review/scheduling.ts';
import { easyWeekOf } from '../../domain/workload/load-balancer.ts';
import { balanceDueDay } from '../workload/due-day.ts';
import { reviewToolsOf } from './review-tools.ts';

/** A rating scheduled by FSRS from its snapshot, before the load balancer picks its due day. */
export interface ScheduledRating {
  scheduler: FSRS;
  /** FSRS's schedule (fuzzed due) and the whole days since the previous review. */
  reviewed: ReturnType<typeof review>;
}

/** FSRS's answer to `grade` on the snapshot's card, with the learner's model and deck preset. */
export function scheduleRating(
  read: RatingSnapshot,
  grade: Grade,
  reviewedAt: Date,
  options: { sameDay: boolean; now: Date },
): ScheduledRating {
  // The learner's memory model (fitted weights, desired retention) and their preset of the
  // deck (its own retention, steps), read with the snapshot.
  const scheduler = schedulerForDeck(read.model, read.preset);
  const reviewed = review(read.card.schedule, grade, reviewedAt, {
    sameDay: options.sameDay,
    dueAt: options.now,
    scheduler,
  });
  return { scheduler, reviewed };
}

export interface RatingWriteOptions {
  grade: Grade;
  reviewedAt: Date;
  sameDay: boolean;
  answerTimeMs: number | null;
  idempotencyKey: string | null;
}

/**
 * The write of a scheduled rating: its due day balanced (a review due on a later day goes to the
 * least loaded day of its fuzz range, within the deck's exam date: services/workload/due-day.ts),
 * its log row, the card's introduction.
 */
export async function ratingWrite(
  q: Query,
  user: UserRow,
  read: RatingSnapshot & { version: string },
  scheduled: ScheduledRating,
  options: RatingWriteOptions,
): Promise<RatingApply> {
  const { card, deck } = read;
  const before = card.schedule;
  const { reviewedAt } = options;
  const { elapsedDays } = scheduled.reviewed;
  const schedule = options.sameDay
    ? scheduled.reviewed.schedule
    : await balanceDueDay(q, {
        userId: user.id,
        cardId: card.id,
        deckId: deck.id,
        timeZone: user.timezone,
        today: learnerDay(reviewedAt, user.timezone),
        reviewedAt,
        schedule: scheduled.reviewed.schedule,
        elapsedDays,
        // The deck's preset retention, as the scheduler used (the exam cap reads it).
        model: {
          ...read.model,
          desiredRetention: read.preset.desiredRetention ?? read.model.desiredRetention,
        },
        // The easy days of the deck's preset, read with the snapshot: no statement more.
        easyDays: easyWeekOf(read.preset.easyDays, read.preset.easyDayLoad),
      });
  const introducedAfter = card.introducedAt ?? (before.state === 0 ? reviewedAt : null);
  const introducedOn =
    card.introducedAt === null && introducedAfter
      ? localDate(introducedAfter, user.timezone)
      : null;
  return {
    userId: user.id,
    cardId: card.id,
    deckId: deck.id,
    deckName: deck.name,
    grade: options.grade,
    before,
    introducedBefore: card.introducedAt,
    after: schedule,
    introducedAfter,
    elapsedDays,
    answerTimeMs: options.answerTimeMs,
    sameDay: options.sameDay,
    reviewedAt,
    idempotencyKey: options.idempotencyKey,
    version: read.version,
    introducedOn,
  };
}

/**
 * What the deck's review tools do after a rating has committed (`ratingEffects`): a card whose
 * lapses reach the leech threshold has its note tagged `leech` (when the learner may edit the
 * deck: the note is the deck's, shared by its learners) and, by the leech action, is suspended;
 * burying siblings buries the note's other cards until the learner's next day. Statements are
 * sent only when there is something to do: with the defaults, only on a leech.
 */
export async function applyRatingEffects(
  q: Query,
  user: UserRow,
  card: CardRecord,
  deck: DeckAccess,
  preset: RatingSnapshot['preset'],
  after: Schedule,
  now: Date,
): Promise<RatingEffects> {
  const effects = ratingEffects(reviewToolsOf(preset), {
    before: card.schedule.lapses,
    after: after.lapses,
  });
  if (effects.leech && deck.canEdit) await tagNoteOfCard(q, card.id, LEECH_TAG);
  if (effects.suspend) await changeCardStates(q, user.id, [card.id], { suspended: true });
  if (effects.burySiblings) {
    await burySiblings(q, user.id, card.id, buriedUntil(now, user.timezone));
  }
  return effects;
}

/** Reads again after this many lost races (each one another rating that did apply). */
const MAX_ATTEMPTS = 100;

/**
 * Rates a card inside the caller's transaction `tx` (of `inTransaction`), so that the rating commits with what caused
 * it (a deck duel's answer) or not at all. The same steps as a rating of the review page, one
 * statement each instead of the pool's shared groups (which run outside any transaction).
 * Returns undefined, writing nothing, when the learner cannot see the card (another's private
 * deck), and the first rating's log row when `idempotencyKey` was already used.
 */
export async function rateInTransaction(
  tx: Tx,
  user: UserRow,
  cardId: number,
  options: { grade: Grade; now: Date; idempotencyKey: string },
): Promise<AppliedRating | undefined> {
  const { grade, now, idempotencyKey } = options;
  const window = dueWindow(now, learnerDay(now, user.timezone));
  const day = learnerDay(now, user.timezone).day;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const read = await ratingSnapshot(tx, {
      userId: user.id,
      cardId,
      key: idempotencyKey,
      day,
      window,
    });
    if (!read) return undefined;
    if (read.earlier) return { reviewId: read.earlier.id, day };
    if (read.version === null) {
      await ensureSchedule(tx, user.id, cardId);
      continue;
    }
    // A review logged later than now (the learner's clock ahead of the server's) keeps its place:
    // this one is stamped at it, never before.
    const last = read.card.schedule.lastReview;
    const reviewedAt = last && last.getTime() > now.getTime() ? last : now;
    const scheduled = scheduleRating(read, grade, reviewedAt, { sameDay: false, now });
    const write = await ratingWrite(tx, user, { ...read, version: read.version }, scheduled, {
      grade,
      reviewedAt,
      sameDay: false,
      answerTimeMs: null,
      idempotencyKey,
    });
    const [applied] = await applyRatings(tx, [write]);
    // Another rating of the card committed since the read (read committed): read again.
    if (!applied) continue;
    await applyRatingEffects(tx, user, read.card, read.deck, read.preset, write.after, now);
    // The learner's study activity changed: their live event goes once the answer commits
    // (`notifications/live.ts` says why not inside it).
    afterCommit(tx, (sql) =>
      signalActivities(sql, [
        { userId: user.id, data: { activity_type: 'space_repetition', day: applied.day } },
      ]),
    );
    return applied;
  }
  throw new Error(`rating card ${cardId}: the schedule kept changing under ${MAX_ATTEMPTS} reads`);
}
