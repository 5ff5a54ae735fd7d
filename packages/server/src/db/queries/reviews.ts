/** Ratings: every SQL statement on `review_logs`, and the one write of a learner's schedule. */
import type { Schedule, ScheduleJson } from '../../domain/scheduling.ts';
import { scheduleToJson } from '../../domain/scheduling.ts';
import { iso, pgDate, type Query } from './pg.ts';

export interface ReviewLog {
  id: number;
  cardId: number;
  /** ts-fsrs Rating: 1 again … 4 easy. */
  rating: number;
  stateBefore: ScheduleJson;
  stateAfter: ScheduleJson;
  reviewedAt: Date;
}

interface ReviewLogRow {
  /** bigserial: postgres.js reads int8 as text. */
  id: string;
  card_id: number;
  rating: number;
  state_before: ScheduleJson;
  state_after: ScheduleJson;
  reviewed_at: string;
}

function toReviewLog(row: ReviewLogRow): ReviewLog {
  return {
    id: Number(row.id),
    cardId: row.card_id,
    rating: row.rating,
    stateBefore: row.state_before,
    stateAfter: row.state_after,
    reviewedAt: pgDate(row.reviewed_at),
  };
}

const LOG_COLUMNS = (q: Query) => q`id, card_id, rating, state_before, state_after, reviewed_at`;

/** The rating the learner sent with this idempotency key, if any. */
export async function findByIdempotencyKey(
  q: Query,
  userId: number,
  key: string,
): Promise<ReviewLog | undefined> {
  const [row] = await q<ReviewLogRow[]>`
    select ${LOG_COLUMNS(q)} from review_logs
    where user_id = ${userId} and idempotency_key = ${key}`;
  return row && toReviewLog(row);
}

/** The learner's latest rating of a card. */
export async function lastReviewLog(
  q: Query,
  userId: number,
  cardId: number,
): Promise<ReviewLog | undefined> {
  const [row] = await q<ReviewLogRow[]>`
    select ${LOG_COLUMNS(q)} from review_logs
    where card_id = ${cardId} and user_id = ${userId}
    order by id desc limit 1`;
  return row && toReviewLog(row);
}

/** The one statement that writes a learner's FSRS state of a card. */
const writeSchedule = (
  q: Query,
  userId: number,
  cardId: number,
  s: Schedule,
  introducedAt: Date | null,
) => q`
  update card_schedules set
    state = ${s.state}, due = ${iso(s.due)}, stability = ${s.stability},
    difficulty = ${s.difficulty}, elapsed_days = ${s.elapsedDays},
    scheduled_days = ${s.scheduledDays}, learning_steps = ${s.learningSteps},
    reps = ${s.reps}, lapses = ${s.lapses}, last_review = ${iso(s.lastReview)},
    introduced_at = ${iso(introducedAt)}, updated_at = now()
  where user_id = ${userId} and card_id = ${cardId}`;

export interface RatingWrite {
  userId: number;
  cardId: number;
  deskId: number;
  grade: number;
  before: Schedule;
  introducedBefore: Date | null;
  after: Schedule;
  introducedAfter: Date | null;
  elapsedDays: number;
  answerTimeMs: number | null;
  sameDay: boolean;
  reviewedAt: Date;
  idempotencyKey: string | null;
}

/**
 * Writes a rating's new schedule and its log row in one statement (one round trip while the
 * schedule row is locked); returns the log row's id.
 */
export async function recordRating(q: Query, r: RatingWrite): Promise<number> {
  const [log] = await q<{ id: string }[]>`
    with changed as (
      ${writeSchedule(q, r.userId, r.cardId, r.after, r.introducedAfter)}
      returning card_id
    )
    insert into review_logs (user_id, card_id, desk_id, rating, state_before, state_after,
      elapsed_days, answer_time_ms, repeat_same_day, reviewed_at, idempotency_key)
    select ${r.userId}::int, changed.card_id, ${r.deskId}::int, ${r.grade}::smallint,
      ${JSON.stringify(scheduleToJson(r.before, r.introducedBefore))}::jsonb,
      ${JSON.stringify(scheduleToJson(r.after, r.introducedAfter))}::jsonb,
      ${r.elapsedDays}::int, ${r.answerTimeMs}::int, ${r.sameDay}::boolean,
      ${iso(r.reviewedAt)}::timestamptz, ${r.idempotencyKey}::uuid
    from changed
    returning id`;
  if (!log) throw new Error('the rated card has no schedule row');
  return Number(log.id);
}

/** Puts back the schedule a log row recorded before its rating, and deletes that row. */
export async function retractRating(
  q: Query,
  userId: number,
  log: Pick<ReviewLog, 'id' | 'cardId'>,
  restored: { schedule: Schedule; introducedAt: Date | null },
): Promise<void> {
  await writeSchedule(q, userId, log.cardId, restored.schedule, restored.introducedAt);
  await q`delete from review_logs where id = ${log.id}`;
}

/**
 * The learner's ratings per local day (`YYYY-MM-DD` in `timezone`) between two instants, with
 * those of `today` and of all time.
 */
export async function reviewTotals(
  q: Query,
  userId: number,
  timezone: string,
  range: { from: Date; to: Date },
  today: { start: Date; end: Date },
): Promise<{ perDay: Map<string, number>; today: number; total: number }> {
  const [perDay, [totals]] = await Promise.all([
    q<{ day: string; n: number }[]>`
      select to_char(reviewed_at at time zone ${timezone}, 'YYYY-MM-DD') as day, count(*)::int as n
      from review_logs
      where user_id = ${userId} and reviewed_at >= ${iso(range.from)} and reviewed_at < ${iso(range.to)}
      group by 1`,
    q<{ total: number; today: number }[]>`
      select count(*)::int as total,
             count(*) filter (where reviewed_at >= ${iso(today.start)}
                              and reviewed_at < ${iso(today.end)})::int as today
      from review_logs where user_id = ${userId}`,
  ]);
  return {
    perDay: new Map(perDay.map((r) => [r.day, r.n])),
    today: totals?.today ?? 0,
    total: totals?.total ?? 0,
  };
}
