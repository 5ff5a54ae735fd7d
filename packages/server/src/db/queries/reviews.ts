/**
 * Ratings: every SQL statement on `review_logs`, the one write of a learner's schedule, the
 * counters of new cards introduced per day (`new_cards_introduced`), and the reads of each
 * learner's review count (`review_counts`, which triggers on `review_logs` keep: nothing here
 * writes it).
 */
import type { StepUnit } from 'ts-fsrs';
import type { LearnerModel } from '../../domain/review/memory-model.ts';
import { DEFAULT_SETTINGS } from '../../domain/review/presets.ts';
import type { DueWindow } from '../../domain/review/queue.ts';
import type { Schedule, ScheduleJson } from '../../domain/review/scheduling.ts';
import { scheduleToJson } from '../../domain/review/scheduling.ts';
import { deckReviewCtes } from './activities.ts';
import { type CardRecord, type CardRow, cardColumns, toCardRecord } from './cards.ts';
import { type DeckAccess, type DeckAccessRow, toDeckAccess } from './desks.ts';
import { type LearnerModelRow, toLearnerModel } from './memory-models.ts';
import { iso, pgDate, type Query } from './pg.ts';
import { joinPresetOfDeck } from './presets.ts';
import { boundsOf, deckCountColumns } from './queue.ts';

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

/**
 * The columns of a schedule as a JSON record (`scheduleToJson`'s), to read with
 * `json_to_recordset` or `jsonb_to_record`.
 */
const scheduleRecord = (q: Query) => q`
  state smallint, due timestamptz, stability float8, difficulty float8, elapsed_days int,
  scheduled_days int, learning_steps int, reps int, lapses int, last_review timestamptz,
  introduced_at timestamptz`;

/** `writeSchedule`'s columns from a `scheduleRecord` named `record` (many cards at once). */
const setScheduleFrom = (q: Query, record: string) => {
  const r = q(record);
  return q`
    state = ${r}.state, due = ${r}.due, stability = ${r}.stability,
    difficulty = ${r}.difficulty, elapsed_days = ${r}.elapsed_days,
    scheduled_days = ${r}.scheduled_days, learning_steps = ${r}.learning_steps, reps = ${r}.reps,
    lapses = ${r}.lapses, last_review = ${r}.last_review, introduced_at = ${r}.introduced_at,
    updated_at = now()`;
};

/** Writes a learner's FSRS state of one card (many at once: `setScheduleFrom`). */
const writeSchedule = (
  q: Query,
  userId: number,
  cardId: number,
  s: Schedule,
  introducedAt: Date | null,
  version?: string,
) => q`
  update card_schedules set
    state = ${s.state}, due = ${iso(s.due)}, stability = ${s.stability},
    difficulty = ${s.difficulty}, elapsed_days = ${s.elapsedDays},
    scheduled_days = ${s.scheduledDays}, learning_steps = ${s.learningSteps},
    reps = ${s.reps}, lapses = ${s.lapses}, last_review = ${iso(s.lastReview)},
    introduced_at = ${iso(introducedAt)}, updated_at = now()
  where user_id = ${userId} and card_id = ${cardId}
    ${version === undefined ? q`` : q`and xmin = ${version}::xid`}`;

export interface RatingWrite {
  userId: number;
  cardId: number;
  deckId: number;
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

/** What a rating reads before it schedules: everything in one statement, no lock taken. */
export interface RatingSnapshot {
  card: CardRecord;
  deck: DeckAccess;
  /** The schedule row's version (`xmin`): the write applies only if it is still this one. */
  version: string | null;
  /** The rating already sent with the idempotency key, if any. */
  earlier: ReviewLog | undefined;
  /** The deck's new cards introduced on the learner's `day`. */
  introducedToday: number;
  /** The deck's cards in the due window. */
  dueCount: number;
  /** The deck's new cards, at most its largest daily limit (owner's or learner's). */
  newLeft: number;
  /** The learner's memory model, which schedules the rating. */
  model: LearnerModel;
  /** The scheduling part of the learner's preset of the deck (presets.ts `presetOfDeck`). */
  preset: {
    /** Null follows the model's. */
    desiredRetention: number | null;
    learningSteps: StepUnit[];
    relearningSteps: StepUnit[];
    /** The review tools' part (leeches, burying siblings); null without a preset: the defaults. */
    leechThreshold: number | null;
    leechAction: 'suspend' | 'tag_only' | null;
    burySiblings: boolean | null;
    /** Easy days (0 Monday) and their share of a normal day, for the load balancer. */
    easyDays: number[];
    easyDayLoad: number;
  };
}

/** The model's columns are null when the learner has no `memory_models` row (the defaults). */
type SnapshotRow = CardRow &
  Omit<DeckAccessRow, 'id' | 'name' | 'created_at' | 'updated_at' | 'cards_count'> & {
    [K in keyof LearnerModelRow]: LearnerModelRow[K] | null;
  } & {
    desk_name: string;
    desk_created_at: string;
    desk_updated_at: string;
    desk_cards_count: number;
    preset_retention: number | null;
    preset_learning_steps: string[] | null;
    preset_relearning_steps: string[] | null;
    preset_leech_threshold: number | null;
    preset_leech_action: 'suspend' | 'tag_only' | null;
    preset_bury_siblings: boolean | null;
    preset_easy_days: number[] | null;
    preset_easy_day_load: number | null;
    version: string | null;
    earlier: ReviewLogRow | null;
    introduced_today: number;
    due_count: number;
    new_count: number;
  };

/** What a rating reads its snapshot for: the learner, the card, the key, their day and window. */
export interface SnapshotRead {
  userId: number;
  cardId: number;
  key: string | null;
  day: string;
  window: DueWindow;
}

/**
 * The card the learner sees (else undefined: 404), its deck, their schedule and its version, the
 * rating already sent with `key`, the deck's counts of today in `window` and the learner's memory
 * model: one round trip.
 */
export async function ratingSnapshot(
  q: Query,
  r: SnapshotRead,
): Promise<RatingSnapshot | undefined> {
  return (await ratingSnapshots(q, [r]))[0];
}

/**
 * `ratingSnapshot` of many ratings, of one learner or of many, in one statement: each read's
 * answer at its index.
 */
export async function ratingSnapshots(
  q: Query,
  reads: readonly SnapshotRead[],
): Promise<(RatingSnapshot | undefined)[]> {
  const json = reads.map((r, i) => {
    const bounds = boundsOf(r.window);
    return {
      i,
      user_id: r.userId,
      card_id: r.cardId,
      key: r.key,
      day: r.day,
      due_upper: bounds.upper,
      review_before: bounds.reviewBefore,
      learn_ahead_by: bounds.learnAheadBy,
      now: bounds.now,
    };
  });
  const rows = await q<(SnapshotRow & { i: number })[]>`
    select r.i, snap.*
    from json_to_recordset(${JSON.stringify(json)}::json) as r(i int, user_id int, card_id int,
      key uuid, day date, due_upper timestamptz, review_before timestamptz,
      learn_ahead_by timestamptz, now timestamptz)
    cross join lateral (
      select ${cardColumns(q)}, s.xmin::text as version,
        d.name as desk_name, d.owner_id, d.new_cards_per_day as owner_limit, d.allow_editing,
        d.cards_count as desk_cards_count, d.created_at as desk_created_at,
        d.updated_at as desk_updated_at, u.username as owner_username,
        sh.new_cards_per_day as share_limit, sh.assigned, m.desired_retention, m.parameters,
        p.new_cards_per_day as preset_limit, p.desired_retention as preset_retention,
        p.learning_steps as preset_learning_steps, p.relearning_steps as preset_relearning_steps,
        p.leech_threshold as preset_leech_threshold, p.leech_action as preset_leech_action,
        p.bury_siblings as preset_bury_siblings, p.easy_days as preset_easy_days,
        p.easy_day_load as preset_easy_day_load,
        (select json_build_object('id', l.id, 'card_id', l.card_id, 'rating', l.rating,
                                  'state_before', l.state_before, 'state_after', l.state_after,
                                  'reviewed_at', l.reviewed_at)
         from review_logs l where l.user_id = r.user_id and l.idempotency_key = r.key
        ) as earlier,
        coalesce((select n.count from new_cards_introduced n
                  where n.user_id = r.user_id and n.day = r.day and n.desk_id = d.id), 0)
          as introduced_today,
        ${deckCountColumns(
          q,
          q`r.user_id`,
          q`d.id`,
          q`greatest(d.new_cards_per_day, sh.new_cards_per_day, p.new_cards_per_day)`,
          {
            upper: q`r.due_upper`,
            reviewBefore: q`r.review_before`,
            learnAheadBy: q`r.learn_ahead_by`,
            now: q`r.now`,
          },
        )}
      from cards c
      join desks d on d.id = c.desk_id
      join users u on u.id = d.owner_id
      left join desk_shares sh on sh.desk_id = d.id and sh.user_id = r.user_id
      left join card_schedules s on s.card_id = c.id and s.user_id = r.user_id
      left join learner_models m on m.user_id = r.user_id
      ${joinPresetOfDeck(q, q`r.user_id`, q`d.id`)}
      where c.id = r.card_id and (d.owner_id = r.user_id or sh.user_id is not null)
    ) snap`;
  const answers: (RatingSnapshot | undefined)[] = reads.map(() => undefined);
  for (const row of rows) {
    const userId = reads[row.i]?.userId ?? 0;
    const deck = toDeckAccess(
      {
        ...row,
        id: row.desk_id,
        name: row.desk_name,
        created_at: row.desk_created_at,
        updated_at: row.desk_updated_at,
        cards_count: row.desk_cards_count,
      },
      userId,
    );
    answers[row.i] = {
      card: toCardRecord(row),
      deck,
      version: row.version,
      earlier: row.earlier ? toReviewLog(row.earlier) : undefined,
      introducedToday: row.introduced_today,
      dueCount: row.due_count,
      newLeft: row.new_count,
      model: toLearnerModel(row),
      preset: {
        desiredRetention: row.preset_retention,
        learningSteps: (row.preset_learning_steps ?? DEFAULT_SETTINGS.learningSteps) as StepUnit[],
        relearningSteps: (row.preset_relearning_steps ??
          DEFAULT_SETTINGS.relearningSteps) as StepUnit[],
        leechThreshold: row.preset_leech_threshold,
        leechAction: row.preset_leech_action,
        burySiblings: row.preset_bury_siblings,
        easyDays: row.preset_easy_days ?? DEFAULT_SETTINGS.easyDays,
        easyDayLoad: row.preset_easy_day_load ?? DEFAULT_SETTINGS.easyDayLoad,
      },
    };
  }
  return answers;
}

/** Writes the learner's schedule row of a card when they have none (a new card's). */
export async function ensureSchedule(q: Query, userId: number, cardId: number): Promise<void> {
  await q`
    insert into card_schedules (user_id, card_id, desk_id, due)
    select ${userId}, c.id, c.desk_id, c.created_at from cards c where c.id = ${cardId}
    on conflict do nothing`;
}

/** A rating to apply: its write, the schedule version it read, its deck's name and day. */
export interface RatingApply extends RatingWrite {
  /** The schedule row's version the rating was computed from (`RatingSnapshot.version`). */
  version: string;
  deckName: string;
  /** The learner's day a card's first rating introduced it on (else null). */
  introducedOn: string | null;
}

/** A rating `applyRatings` applied: its log row and the learner's day its activity counted on. */
export interface AppliedRating {
  reviewId: number;
  day: string;
}

/**
 * Applies ratings, of one learner or of many, in one statement (one commit, and one run of each
 * count trigger). Each applies only if its schedule row is still at its `version`; one that is
 * not (another rating or an undo came first: read again) is undefined in the answer, at its
 * index, and the others still apply. Each applied rating writes its new schedule, its log row, the
 * day's activity of its deck and, when it is the card's first rating, the day's count of new
 * cards introduced. Sends no live event: the caller sends them once this has committed.
 *
 * Two ratings of one learner's card, or with one idempotency key, cannot go in one statement
 * (the second must read what the first wrote): that throws before anything is sent.
 */
export async function applyRatings(
  q: Query,
  ratings: readonly RatingApply[],
): Promise<(AppliedRating | undefined)[]> {
  const seen = new Set<string>();
  for (const r of ratings) {
    for (const key of ratingKeys(r)) {
      if (seen.has(key)) throw new Error(`applyRatings: two ratings share ${key}`);
      seen.add(key);
    }
  }
  const rows = ratings.map((r, i) => ({
    i,
    user_id: r.userId,
    card_id: r.cardId,
    desk_id: r.deckId,
    version: r.version,
    rating: r.grade,
    // Objects, not JSON strings inside the JSON: PostgreSQL parses each state once.
    state_before: scheduleToJson(r.before, r.introducedBefore),
    state_after: scheduleToJson(r.after, r.introducedAfter),
    elapsed_days: r.elapsedDays,
    answer_time_ms: r.answerTimeMs,
    repeat_same_day: r.sameDay,
    reviewed_at: iso(r.reviewedAt),
    idempotency_key: r.idempotencyKey,
    deck_name: r.deckName,
    count: 1,
    introduced_on: r.introducedOn,
  }));
  // The schedule row takes the columns of the log's `state_after`: one source for both.
  const applied = await q<{ i: number; id: string; day: string }[]>`
    with x as (
      select * from json_to_recordset(${JSON.stringify(rows)}::json) as x(i int, user_id int,
        card_id int, desk_id int, version text, rating smallint, state_before jsonb,
        state_after jsonb, elapsed_days int, answer_time_ms int, repeat_same_day boolean,
        reviewed_at timestamptz, idempotency_key uuid, deck_name text, count int,
        introduced_on date)
    ),
    changed as (
      update card_schedules s set ${setScheduleFrom(q, 'a')}
      from x cross join lateral jsonb_to_record(x.state_after) as a(${scheduleRecord(q)})
      where s.user_id = x.user_id and s.card_id = x.card_id and s.xmin = x.version::xid
      returning x.*
    ),
    logged as (
      insert into review_logs (user_id, card_id, desk_id, rating, state_before, state_after,
        elapsed_days, answer_time_ms, repeat_same_day, reviewed_at, idempotency_key)
      select user_id, card_id, desk_id, rating, state_before, state_after, elapsed_days,
        answer_time_ms, repeat_same_day, reviewed_at, idempotency_key
      from changed order by i
      returning id, user_id, card_id
    ),
    ${deckReviewCtes(q, 'changed')},
    introduced as (
      insert into new_cards_introduced (user_id, day, desk_id, count)
      select user_id, introduced_on, desk_id, count(*)::int from changed
      where introduced_on is not null
      group by 1, 2, 3 order by 1, 3, 2
      on conflict (user_id, day, desk_id)
      do update set count = greatest(0, new_cards_introduced.count + excluded.count)
    )
    select c.i, l.id,
      to_char((c.reviewed_at at time zone u.timezone)::date, 'YYYY-MM-DD') as day
    from changed c
    join logged l on l.user_id = c.user_id and l.card_id = c.card_id
    join users u on u.id = c.user_id`;
  const answers: (AppliedRating | undefined)[] = ratings.map(() => undefined);
  for (const row of applied) answers[row.i] = { reviewId: Number(row.id), day: row.day };
  return answers;
}

/**
 * What two ratings in one `applyRatings` statement must not share: the learner's card, and the
 * learner's idempotency key.
 */
export function ratingKeys(r: Pick<RatingWrite, 'userId' | 'cardId' | 'idempotencyKey'>): string[] {
  const card = `card ${r.userId}:${r.cardId}`;
  return r.idempotencyKey === null ? [card] : [card, `key ${r.userId}:${r.idempotencyKey}`];
}

/** Adds `delta` to the learner's count of new cards introduced in a deck on `day`. */
const countIntroduced = (q: Query, userId: number, day: string, deckId: number, delta: number) => q`
  insert into new_cards_introduced (user_id, day, desk_id, count)
  values (${userId}, ${day}::date, ${deckId}, ${delta})
  on conflict (user_id, day, desk_id)
  do update set count = greatest(0, new_cards_introduced.count + excluded.count)`;

/** Puts back the schedule a log row recorded before its rating, and deletes that row. */
export async function retractRating(
  q: Query,
  userId: number,
  log: Pick<ReviewLog, 'id' | 'cardId'>,
  restored: { schedule: Schedule; introducedAt: Date | null },
  /** The deck and learner's day the undone rating introduced the card on, if it did. */
  introduced: { deckId: number; day: string } | null,
): Promise<void> {
  await writeSchedule(q, userId, log.cardId, restored.schedule, restored.introducedAt);
  await q`delete from review_logs where id = ${log.id}`;
  if (introduced) await countIntroduced(q, userId, introduced.day, introduced.deckId, -1);
}

/**
 * The learner's review-log rows: ratings and imported history, less undone ratings and the logs
 * of deleted cards and decks. One row's read (`review_counts`, kept by triggers on the log), so
 * the cost does not grow with years of reviews.
 */
export async function reviewCount(q: Query, userId: number): Promise<number> {
  const [row] = await q<{ total: number }[]>`
    select total from review_counts where user_id = ${userId}`;
  return row?.total ?? 0;
}

/**
 * The learner's ratings during `today` (its start and end instants: an index range of the log)
 * and of all time (`reviewCount`'s counter), in one statement.
 */
export async function reviewTotals(
  q: Query,
  userId: number,
  today: { start: Date; end: Date },
): Promise<{ today: number; total: number }> {
  const [totals] = await q<{ total: number; today: number }[]>`
    select coalesce((select total from review_counts where user_id = ${userId}), 0) as total,
      (select count(*)::int from review_logs
       where user_id = ${userId} and reviewed_at >= ${iso(today.start)}
         and reviewed_at < ${iso(today.end)}) as today`;
  return { today: totals?.today ?? 0, total: totals?.total ?? 0 };
}

/** One rating of an imported history, with the schedules FSRS gave before and after it. */
/**
 * The learner's ratings of some decks per deck and learner's day (in their time zone), with the
 * latest of each: what an imported history records as activity.
 */
export async function reviewDays(
  q: Query,
  userId: number,
  deckIds: readonly number[],
): Promise<{ deckId: number; count: number; last: Date }[]> {
  const rows = await q<{ desk_id: number; n: number; last: string }[]>`
    select l.desk_id, count(*)::int as n, max(l.reviewed_at) as last
    from review_logs l join users u on u.id = l.user_id
    where l.user_id = ${userId} and l.desk_id = any(${deckIds as number[]}::int[])
    group by l.desk_id, (l.reviewed_at at time zone u.timezone)::date
    order by last`;
  return rows.map((r) => ({ deckId: r.desk_id, count: r.n, last: pgDate(r.last) }));
}

/** The learner's ratings of a deck's cards, oldest first (an export's review history). */
export async function deckReviewHistory(
  q: Query,
  userId: number,
  deckId: number,
): Promise<{ cardId: number; rating: number; reviewedAt: Date; answerTimeMs: number | null }[]> {
  const rows = await q<
    { card_id: number; rating: number; reviewed_at: string; answer_time_ms: number | null }[]
  >`
    select card_id, rating, reviewed_at, answer_time_ms from review_logs
    where user_id = ${userId} and desk_id = ${deckId}
    order by reviewed_at, id`;
  return rows.map((r) => ({
    cardId: r.card_id,
    rating: r.rating,
    reviewedAt: pgDate(r.reviewed_at),
    answerTimeMs: r.answer_time_ms,
  }));
}
