/**
 * Learner memory models: every SQL statement on `memory_models`, and the review-log reads the
 * background fitter needs (new reviews per learner since its cursor, one learner's whole log).
 */
import type { LearnerModel, LoggedReview } from '../../domain/review/memory-model.ts';
import { DEFAULT_MODEL } from '../../domain/review/memory-model.ts';
import type { FitOutcome, FitResult } from '../../memory-model/fit-result.ts';
import type { Sql } from '../client.ts';
import { inTransaction } from '../transaction.ts';
import { pgDate, pgDateOrNull, type Query } from './pg.ts';

export interface MemoryModelRecord extends LearnerModel {
  newReviews: number;
  fitting: boolean;
  fittedAt: Date | null;
  fittedReviews: number | null;
  fitOutcome: FitOutcome | null;
  /** Why the last fit failed; null unless `fitOutcome` is `failed`. */
  fitError: string | null;
  logLoss: number | null;
  defaultLogLoss: number | null;
  evaluatedReviews: number | null;
}

interface MemoryModelRow {
  desired_retention: number;
  parameters: number[] | null;
  new_reviews: number;
  fitting_since: string | null;
  fitted_at: string | null;
  fitted_reviews: number | null;
  fit_outcome: FitOutcome | null;
  fit_error: string | null;
  log_loss: number | null;
  default_log_loss: number | null;
  evaluated_reviews: number | null;
}

function toRecord(row: MemoryModelRow | undefined): MemoryModelRecord {
  if (!row) {
    return {
      ...DEFAULT_MODEL,
      newReviews: 0,
      fitting: false,
      fittedAt: null,
      fittedReviews: null,
      fitOutcome: null,
      fitError: null,
      logLoss: null,
      defaultLogLoss: null,
      evaluatedReviews: null,
    };
  }
  return {
    desiredRetention: row.desired_retention,
    parameters: row.parameters,
    newReviews: row.new_reviews,
    fitting: row.fitting_since !== null,
    fittedAt: pgDateOrNull(row.fitted_at),
    fittedReviews: row.fitted_reviews,
    fitOutcome: row.fit_outcome,
    fitError: row.fit_error,
    logLoss: row.log_loss,
    defaultLogLoss: row.default_log_loss,
    evaluatedReviews: row.evaluated_reviews,
  };
}

/** The learner's model; a learner without a row has the defaults. */
export async function memoryModel(q: Query, userId: number): Promise<MemoryModelRecord> {
  const [row] = await q<MemoryModelRow[]>`
    select desired_retention, parameters, new_reviews, fitting_since, fitted_at, fitted_reviews,
      fit_outcome, fit_error, log_loss, default_log_loss, evaluated_reviews
    from memory_models where user_id = ${userId}`;
  return toRecord(row);
}

/** The columns of a learner's model that the scheduler reads; null when they have no row. */
export type LearnerModelRow = Pick<MemoryModelRow, 'desired_retention' | 'parameters'>;

/**
 * A learner's model from its columns (a statement that joins `memory_models` to read it in the
 * same round trip, as the review queue does, maps it here); no row means the defaults.
 */
export function toLearnerModel(
  row: { desired_retention: number | null; parameters: number[] | null } | undefined,
): LearnerModel {
  return row && row.desired_retention !== null
    ? { desiredRetention: row.desired_retention, parameters: row.parameters }
    : DEFAULT_MODEL;
}

/**
 * What the scheduler needs of the learner's model, for a rating. Read from the `learner_models`
 * view (migration 0045): their own parameters, else a course's pooled ones while they have fewer
 * than MIN_REVIEWS_TO_FIT reviews, else the defaults. Every statement that schedules joins it.
 */
export async function learnerModel(q: Query, userId: number): Promise<LearnerModel> {
  const [row] = await q<LearnerModelRow[]>`
    select desired_retention, parameters from learner_models where user_id = ${userId}`;
  return toLearnerModel(row);
}

export async function setDesiredRetention(q: Query, userId: number, value: number): Promise<void> {
  await q`
    insert into memory_models (user_id, desired_retention) values (${userId}, ${value})
    on conflict (user_id) do update set desired_retention = excluded.desired_retention,
      updated_at = now()`;
}

const CURSOR_KEY = 'memory_models.review_cursor';
/** Key class of the advisory lock held while new reviews are counted ('mm'). */
const COUNT_LOCK = 0x6d6d;

/**
 * Adds the review-log rows written since the last count to each learner's `new_reviews`, and
 * moves the cursor past them. One instance counts at a time (the others skip); the rows read are
 * those after the cursor, so the cost follows the reviews added, not the log's size.
 */
export async function countNewReviews(sql: Sql): Promise<void> {
  await inTransaction(sql, async (tx) => {
    const [locked] = await tx<{ ok: boolean }[]>`
      select pg_try_advisory_xact_lock(${COUNT_LOCK}::int, 0) as ok`;
    if (!locked?.ok) return;
    const [cursor] = await tx<{ value: string }[]>`
      select value from app_settings where key = ${CURSOR_KEY}`;
    const after = cursor?.value ?? '0';
    const [last] = await tx<{ id: string | null }[]>`
      select max(id)::text as id from review_logs where id > ${after}`;
    if (!last?.id) return;
    await tx`
      insert into memory_models (user_id, new_reviews)
      select user_id, count(*)::int from review_logs
      where id > ${after} and id <= ${last.id} group by user_id
      on conflict (user_id) do update
        set new_reviews = memory_models.new_reviews + excluded.new_reviews`;
    // The same reviews, counted for each course whose pool they join: a student's rating of a
    // card of a deck the course assigns.
    await tx`
      insert into course_memory_models (course_id, new_reviews)
      select a.course_id, count(*)::int from review_logs r
      join course_assignments a on a.desk_id = r.desk_id
      join course_enrollments e on e.course_id = a.course_id and e.user_id = r.user_id
        and e.role = 'student'
      where r.id > ${after} and r.id <= ${last.id} group by a.course_id
      on conflict (course_id) do update
        set new_reviews = course_memory_models.new_reviews + excluded.new_reviews`;
    await tx`
      insert into app_settings (key, value) values (${CURSOR_KEY}, ${last.id})
      on conflict (key) do update set value = excluded.value`;
  });
}

/** A fit older than this is taken to have died with its process, and may be claimed again. */
const STALE_FIT = '30 minutes';

export interface ClaimedFit {
  userId: number;
  timeZone: string;
  /** `new_reviews` when claimed; the fit subtracts them when it ends. */
  newReviews: number;
  /** The learner's reviews in all when claimed (`review_counts`, kept equal to their log). */
  reviews: number;
}

/**
 * Claims the learner with the most new reviews past `threshold` whose model is not being fitted,
 * marking it as fitting: one fit per learner at a time, across instances.
 */
export async function claimFit(sql: Sql, threshold: number): Promise<ClaimedFit | undefined> {
  const [row] = await sql<
    { user_id: number; timezone: string; new_reviews: number; reviews: number }[]
  >`
    update memory_models m set fitting_since = now()
    from users u
    where u.id = m.user_id and m.user_id = (
      select user_id from memory_models
      where new_reviews >= ${threshold}
        and (fitting_since is null or fitting_since < now() - ${STALE_FIT}::interval)
      order by new_reviews desc limit 1
      for update skip locked)
    returning m.user_id, u.timezone, m.new_reviews,
      coalesce((select c.total from review_counts c where c.user_id = m.user_id), 0) as reviews`;
  return (
    row && {
      userId: row.user_id,
      timeZone: row.timezone,
      newReviews: row.new_reviews,
      reviews: row.reviews,
    }
  );
}

/** The learner's whole review log, oldest first, as the optimiser reads it. */
export async function reviewLogForFit(q: Query, userId: number): Promise<LoggedReview[]> {
  const rows = await q<
    { card_id: number; rating: number; reviewed_at: string; from_new: boolean }[]
  >`
    select card_id, rating, reviewed_at, (state_before->>'state')::int = 0 as from_new
    from review_logs where user_id = ${userId} order by reviewed_at, id`;
  return rows.map((r) => ({
    cardId: r.card_id,
    rating: r.rating,
    reviewedAt: pgDate(r.reviewed_at),
    fromNew: r.from_new,
  }));
}

/**
 * The row a fit was claimed on: a learner's model or a course's pooled one. Both tables have the
 * same fit columns, so one statement stores either (`storeFit`, `releaseClaim`).
 */
type FitRow =
  | { table: 'memory_models'; key: 'user_id'; id: number }
  | { table: 'course_memory_models'; key: 'course_id'; id: number };

/**
 * Stores a fit's result and releases the claim. A fit that ran (fitted or kept the defaults)
 * replaces the model and its figures; one that could not run keeps the model and says why (a
 * failed fit's reason in `fit_error`). Either way the claimed new reviews are taken off, so a
 * model whose fit failed is tried again only after REFIT_AFTER_NEW_REVIEWS more.
 */
async function storeFit(
  sql: Sql,
  row: FitRow,
  claimedReviews: number,
  result: FitResult,
): Promise<void> {
  const ran = result.outcome === 'fitted' || result.outcome === 'kept_defaults';
  if (!ran) {
    await sql`
      update ${sql(row.table)} set fitting_since = null, fit_outcome = ${result.outcome},
        fit_error = ${result.failure ?? null},
        new_reviews = greatest(0, new_reviews - ${claimedReviews}), updated_at = now()
      where ${sql(row.key)} = ${row.id}`;
    return;
  }
  const parameters = result.parameters ? sql.array(result.parameters) : null;
  await sql`
    update ${sql(row.table)} set
      fitting_since = null,
      new_reviews = greatest(0, new_reviews - ${claimedReviews}),
      parameters = ${parameters}::float8[],
      fitted_at = now(),
      fitted_reviews = ${result.reviews},
      fit_outcome = ${result.outcome},
      fit_error = null,
      log_loss = ${result.logLoss},
      default_log_loss = ${result.defaultLogLoss},
      evaluated_reviews = ${result.evaluatedReviews},
      updated_at = now()
    where ${sql(row.key)} = ${row.id}`;
}

/** Releases a claim without a result (shutdown): the model is fitted later. */
async function releaseClaim(sql: Sql, row: FitRow): Promise<void> {
  await sql`update ${sql(row.table)} set fitting_since = null where ${sql(row.key)} = ${row.id}`;
}

const learnerRow = (claim: ClaimedFit): FitRow => ({
  table: 'memory_models',
  key: 'user_id',
  id: claim.userId,
});

/** Stores a learner's fit and releases the claim (`storeFit`). */
export function finishFit(sql: Sql, claim: ClaimedFit, result: FitResult): Promise<void> {
  return storeFit(sql, learnerRow(claim), claim.newReviews, result);
}

/** Releases a claim without a result (shutdown): the learner is fitted later. */
export function releaseFit(sql: Sql, claim: ClaimedFit): Promise<void> {
  return releaseClaim(sql, learnerRow(claim));
}

// ── Class-pooled parameters (one course's students on its assigned decks) ─────────────────────

export interface ClaimedPoolFit {
  courseId: number;
  /** The time zone most of the course's students have: the pool's days are counted in it. */
  timeZone: string;
  newReviews: number;
}

/**
 * Claims the course with the most pooled reviews since its last fit past `threshold` whose pool
 * is not being fitted, as `claimFit` claims a learner.
 */
export async function claimPoolFit(
  sql: Sql,
  threshold: number,
): Promise<ClaimedPoolFit | undefined> {
  const [row] = await sql<{ course_id: number; timezone: string | null; new_reviews: number }[]>`
    update course_memory_models cm set fitting_since = now()
    where cm.course_id = (
      select course_id from course_memory_models
      where new_reviews >= ${threshold}
        and (fitting_since is null or fitting_since < now() - ${STALE_FIT}::interval)
      order by new_reviews desc limit 1
      for update skip locked)
    returning cm.course_id, cm.new_reviews,
      (select mode() within group (order by u.timezone)
       from course_enrollments e join users u on u.id = e.user_id
       where e.course_id = cm.course_id and e.role = 'student') as timezone`;
  return (
    row && { courseId: row.course_id, timeZone: row.timezone ?? 'UTC', newReviews: row.new_reviews }
  );
}

/**
 * The course's pool, oldest first: every review by a student of the course of a card of a deck it
 * assigns. Each student's card is a card of its own to the optimiser (`cardId` numbers the
 * (student, card) pairs), since two students' reviews of one card are two memories.
 */
export async function pooledReviewLog(q: Query, courseId: number): Promise<LoggedReview[]> {
  const rows = await q<
    { card_id: number; rating: number; reviewed_at: string; from_new: boolean }[]
  >`
    select dense_rank() over (order by r.user_id, r.card_id)::int as card_id, r.rating,
      r.reviewed_at, (r.state_before->>'state')::int = 0 as from_new
    from review_logs r
    join course_assignments a on a.desk_id = r.desk_id and a.course_id = ${courseId}
    join course_enrollments e on e.course_id = ${courseId} and e.user_id = r.user_id
      and e.role = 'student'
    order by r.reviewed_at, r.id`;
  return rows.map((r) => ({
    cardId: r.card_id,
    rating: r.rating,
    reviewedAt: pgDate(r.reviewed_at),
    fromNew: r.from_new,
  }));
}

const poolRow = (claim: ClaimedPoolFit): FitRow => ({
  table: 'course_memory_models',
  key: 'course_id',
  id: claim.courseId,
});

/** Stores a pool's fit and releases the claim, as `finishFit` does for a learner. */
export function finishPoolFit(sql: Sql, claim: ClaimedPoolFit, result: FitResult): Promise<void> {
  return storeFit(sql, poolRow(claim), claim.newReviews, result);
}

/** Releases a pool's claim without a result (shutdown): the course is fitted later. */
export function releasePoolFit(sql: Sql, claim: ClaimedPoolFit): Promise<void> {
  return releaseClaim(sql, poolRow(claim));
}

export interface PooledModelRecord {
  parameters: number[] | null;
  newReviews: number;
  fitOutcome: FitOutcome | null;
  fittedReviews: number | null;
  logLoss: number | null;
  defaultLogLoss: number | null;
}

/** The course's pooled model; undefined before its first pooled review. */
export async function pooledModel(
  q: Query,
  courseId: number,
): Promise<PooledModelRecord | undefined> {
  const [row] = await q<
    {
      parameters: number[] | null;
      new_reviews: number;
      fit_outcome: FitOutcome | null;
      fitted_reviews: number | null;
      log_loss: number | null;
      default_log_loss: number | null;
    }[]
  >`
    select parameters, new_reviews, fit_outcome, fitted_reviews, log_loss, default_log_loss
    from course_memory_models where course_id = ${courseId}`;
  return (
    row && {
      parameters: row.parameters,
      newReviews: row.new_reviews,
      fitOutcome: row.fit_outcome,
      fittedReviews: row.fitted_reviews,
      logLoss: row.log_loss,
      defaultLogLoss: row.default_log_loss,
    }
  );
}
