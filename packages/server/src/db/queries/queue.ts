/**
 * The review queue and its counts: reads of `card_schedules` by due time and by daily allowance.
 * Which rated cards are due comes from the domain's DueWindow; how many new cards a deck may bring
 * today comes from the domain's allowance (over the counters `new_cards_introduced` keeps); both
 * are applied here in SQL so that the queue reads index ranges no longer than the page, whatever
 * the deck's size, and its counts read the kept counts of `*_schedule_counts_triggers.sql`.
 * `queue-plans.test.ts` checks the plans on a seeded table.
 */

import type { StepUnit } from 'ts-fsrs';
import type { LearnerModel } from '../../domain/review/memory-model.ts';
import { NO_REVIEW_LIMIT } from '../../domain/review/presets.ts';
import type { DueWindow } from '../../domain/review/queue.ts';
import { type CardRecord, type CardRow, cardColumns, toCardRecord } from './cards.ts';
import { visibleDeckLimits } from './desks.ts';
import { toLearnerModel } from './memory-models.ts';
import { iso, pgDateOrNull, type Query } from './pg.ts';
import { joinPresetOfDeck, presetOfDeck } from './presets.ts';

/** A piece of SQL with its parameters, to embed in a statement. */
type Fragment = ReturnType<Query>;

/** A deck's new cards still allowed today (see domain/review/queue.ts `newCardsAllowance`). */
export interface DeckAllowance {
  deckId: number;
  allowance: number;
}

/** Rated cards inside the due window (the one SQL form of the rule). */
/** One upper bound on `due` for the whole window: the planner scans the due index as a range. */
const dueUpper = (w: DueWindow) =>
  new Date(Math.max(w.reviewBefore.getTime(), w.learnAheadBy.getTime() + 1));

/**
 * A due window's bounds as SQL values: one window's parameters (`boundsOf`), or the columns of a
 * statement's rows when each row has its own window (a group of ratings' reads).
 */
export interface WindowBounds {
  /** `dueUpper`: no card of the window is due at or after it. */
  upper: string | null | ReturnType<Query>;
  reviewBefore: string | null | ReturnType<Query>;
  learnAheadBy: string | null | ReturnType<Query>;
  /** The moment of the read: cards buried until after it are out of the queue. */
  now: string | null | ReturnType<Query>;
}

export const boundsOf = (w: DueWindow): WindowBounds => ({
  upper: iso(dueUpper(w)),
  reviewBefore: iso(w.reviewBefore),
  learnAheadBy: iso(w.learnAheadBy),
  now: iso(w.learningBy),
});

/**
 * A card the learner has not buried, or whose burial has ended by `now` (a burial ends at the
 * start of the learner's next day, and nothing writes the column back then). Suspended cards
 * need no such test where an index is read: the queue's partial indexes leave them out, and each
 * statement names `not suspended` so that the planner can use them.
 */
export const unburied = (q: Query, alias: string, now: WindowBounds['now']) =>
  q`(${q.unsafe(alias)}.buried_until is null or ${q.unsafe(alias)}.buried_until <= ${now})`;

function dueIn(q: Query, w: WindowBounds) {
  return q`s.state <> 0 and not s.suspended and ${unburied(q, 's', w.now)} and ${inWindow(q, w)}`;
}

/** A rated card (`s`) whose due time is inside the window, whatever its burial. */
function inWindow(q: Query, w: Omit<WindowBounds, 'now'>) {
  return q`
    s.state <> 0 and s.due < ${w.upper}
    and (s.state = 2 and s.due < ${w.reviewBefore}
         or s.state <> 2 and s.due <= ${w.learnAheadBy})`;
}

const inDecks = (q: Query, deckIds: number[]) =>
  deckIds.length === 1 ? q`s.desk_id = ${deckIds[0] ?? 0}` : q`s.desk_id = any(${deckIds}::int[])`;

/** Per deck, the new cards the learner introduced (first rated) on `day`: the kept counters. */
export async function introducedOn(
  q: Query,
  userId: number,
  day: string,
): Promise<Map<number, number>> {
  const rows = await q<{ desk_id: number; count: number }[]>`
    select desk_id, count from new_cards_introduced where user_id = ${userId} and day = ${day}`;
  return new Map(rows.map((r) => [r.desk_id, r.count]));
}

export interface QueueCounts {
  /** Per deck: the due cards and the new cards the allowance lets in (capped by those left). */
  decks: Map<number, { dueCount: number; newCount: number }>;
  /**
   * When the next learning or relearning step of these decks past the window falls due, if that
   * is before the end of the learner's day (review cards due later are tomorrow's).
   */
  nextStepDue: Date | null;
}

/**
 * Three columns counting one deck (`deckId`, an SQL expression) in a larger statement (a
 * rating's read, which counts its one deck; `queueCounts` counts many decks at once):
 * `due_count`, its cards in the due window; `new_count`, its new cards, at most `cap` (an SQL
 * expression); `next_due`, its next learning or relearning step past the window but today. Each
 * is ordered like its index and limited, so that the planner reads the index in order and stops
 * (with the limit a value it cannot see, it would otherwise read every entry through a bitmap).
 */
export function deckCountColumns(
  q: Query,
  userId: number | ReturnType<Query>,
  deckId: ReturnType<Query>,
  cap: ReturnType<Query>,
  window: WindowBounds,
) {
  return q`
    (select count(*)::int from card_schedules s
     where s.user_id = ${userId} and s.desk_id = ${deckId} and ${dueIn(q, window)}
    ) as due_count,
    (select count(*)::int from (
       select 1 from card_schedules s
       where s.user_id = ${userId} and s.desk_id = ${deckId} and s.state = 0
         and not s.suspended and ${unburied(q, 's', window.now)}
       order by s.card_id
       limit ${cap}
    ) x) as new_count,
    (select s.due from card_schedules s
     where s.user_id = ${userId} and s.desk_id = ${deckId} and s.state in (1, 3)
       and not s.suspended and ${unburied(q, 's', window.now)}
       and s.due > ${window.learnAheadBy} and s.due < ${window.reviewBefore}
     order by s.due
     limit 1
    ) as next_due`;
}

/**
 * The counts of each deck in one statement: the due cards of every deck in one range of the due
 * index, counted from the index alone and grouped by deck (not one range per deck: with 50 decks
 * that was 50 index descents and 50 sub-plans), the next learning step in one more range of it,
 * and per deck at most `allowance` entries of its new-card index (stopped at the allowance, so it
 * never counts a deck's whole backlog of new cards). `queue-plans.test.ts` fails if the due count
 * becomes a scan per deck again.
 */
export async function queueCounts(
  q: Query,
  userId: number,
  allowances: DeckAllowance[],
  window: DueWindow,
  dayStart: Date = new Date(window.reviewBefore.getTime() - DAY),
): Promise<QueueCounts> {
  if (allowances.length === 0) return { decks: new Map(), nextStepDue: null };
  const ids = allowances.map((a) => a.deckId);
  const rows = await q<
    { desk_id: number; due_count: number; new_count: number; next_due: string | null }[]
  >`
    with due as (
      select s.desk_id, count(*)::int as n, (count(*) filter (where s.state = 2))::int as reviews
      from card_schedules s
      where s.user_id = ${userId} and ${inDecks(q, ids)} and ${dueIn(q, boundsOf(window))}
      group by s.desk_id
    )
    select d.desk_id,
      coalesce(due.n, 0) - coalesce(due.reviews, 0)
        + least(coalesce(due.reviews, 0), coalesce(cap.review_cap, ${q.unsafe(String(NO_REVIEW_LIMIT))}))
        as due_count,
      (select count(*)::int from (
         select 1 from card_schedules s
         where s.user_id = ${userId} and s.desk_id = d.desk_id and s.state = 0
           and not s.suspended and ${unburied(q, 's', iso(window.learningBy))}
         order by s.card_id
         limit d.allowance
      ) x) as new_count,
      (select s.due from card_schedules s
       where s.user_id = ${userId} and ${inDecks(q, ids)} and s.state in (1, 3)
         and not s.suspended and ${unburied(q, 's', iso(window.learningBy))}
         and s.due > ${iso(window.learnAheadBy)} and s.due < ${iso(window.reviewBefore)}
       order by s.due
       limit 1
      ) as next_due
    from unnest(${ids}::int[], ${allowances.map((a) => a.allowance)}::int[])
      as d(desk_id, allowance)
    left join due on due.desk_id = d.desk_id
    left join lateral (
      select ${reviewCap(q, userId, q`d.desk_id`, iso(dayStart))} as review_cap
      from (${presetOfDeck(q, userId, q`d.desk_id`)}) p
    ) cap on true`;
  const next = pgDateOrNull(rows[0]?.next_due ?? null);
  return {
    decks: new Map(rows.map((r) => [r.desk_id, { dueCount: r.due_count, newCount: r.new_count }])),
    nextStepDue: next,
  };
}

/**
 * The SQL form of the domain's `newCardsAllowance` over two SQL expressions (`queue.test.ts`
 * checks that they agree), for the statement that reads the decks' limits and the day's counters
 * and applies them without a round trip in between.
 */
export const newCardsAllowanceIn = (
  q: Query,
  limit: ReturnType<Query>,
  introducedToday: ReturnType<Query>,
) => q`greatest(0, ${limit} - ${introducedToday})`;

const HOUR = 3_600_000;
const DAY = 86_400_000;

/**
 * A deck's review cards still allowed today (`p` its preset row, `deckId` an SQL expression):
 * null when the preset limits nothing, else its limit less the review cards rated in the deck
 * since `dayStart` (domain/review/presets.ts `reviewAllowance`). The ratings are counted only for
 * a deck whose preset has a limit.
 */
function reviewCap(
  q: Query,
  userId: number | Fragment,
  deckId: Fragment,
  dayStart: string | null | Fragment,
) {
  const none = q.unsafe(String(NO_REVIEW_LIMIT));
  return q`case when coalesce(p.max_reviews_per_day, ${none}) >= ${none} then null
    else greatest(0, p.max_reviews_per_day - (
      select count(*) from review_logs l
      where l.user_id = ${userId} and l.reviewed_at >= ${dayStart}
        and l.desk_id = ${deckId} and l.state_before->>'state' = '2'))::int
    end`;
}

/** The learner's day as a number, which seeds the random orders (stable within the day). */
const dayNumber = (q: Query, day: string) => unseen(q, Math.round(Date.parse(day) / DAY), 'int');

/**
 * The sort key of a deck's review cards by its preset's `review_order` (`d.review_order`): due
 * date; random (a hash of the card and the day, stable within the day); ascending
 * retrievability, which falls as the time since the last review grows against the stability
 * (FSRS's forgetting curve is monotonic in that ratio, so the ratio orders the cards as R does);
 * difficulty, hardest first.
 */
function reviewOrderKey(q: Query, day: string) {
  return q`case d.review_order
    when 'random' then hashint4(s.card_id # ${dayNumber(q, day)})::float8
    when 'retrievability_ascending' then
      -(extract(epoch from (now() - coalesce(s.last_review, s.due))) / greatest(s.stability, 0.001))
    when 'difficulty' then -s.difficulty
    else extract(epoch from s.due) end`;
}
const MINUTE = 60_000;

/**
 * The due count of all the learner's decks from the kept counts (`schedule_due_counts`, by the
 * buckets of the migration's `schedule_bucket`): the review cards of the whole hours before the
 * end of the learner's day and the learning steps of the whole minutes before the learn-ahead
 * limit are summed from a few rows; only the hour and the minute those limits fall inside are
 * read from the due index. Counting the cards themselves read every due card's index entry
 * (3,247 of them, 0.65 ms of PostgreSQL's time, for the bench's learner). It counts every deck
 * the learner has schedules in, which are the decks they see (schedules are written for a deck's
 * owner and the learners it is shared with, and go with the deck). `state <> 0` names the due
 * index's predicate: from `state <> 2` alone the planner cannot tell that the index serves it.
 */
function keptDueCount(q: Query, userId: Fragment, w: DueWindow, buriedDue: Fragment) {
  const hour = Math.floor(w.reviewBefore.getTime() / HOUR);
  const minute = Math.floor(w.learnAheadBy.getTime() / MINUTE);
  return q`(
    (select coalesce(sum(n), 0) from schedule_due_counts
     where user_id = ${userId} and kind = 2 and bucket < ${unseen(q, hour, 'int')})
    + (select count(*) from card_schedules s
       where s.user_id = ${userId} and s.state <> 0 and not s.suspended and s.state = 2
         and s.due >= ${unseenTime(q, new Date(hour * HOUR))}
         and s.due < ${unseenTime(q, w.reviewBefore)})
    + (select coalesce(sum(n), 0) from schedule_due_counts
       where user_id = ${userId} and kind = 1 and bucket < ${unseen(q, minute, 'int')})
    + (select count(*) from card_schedules s
       where s.user_id = ${userId} and s.state <> 0 and not s.suspended and s.state <> 2
         and s.due >= ${unseenTime(q, new Date(minute * MINUTE))}
         and s.due <= ${unseenTime(q, w.learnAheadBy)})
    - ${buriedDue}
  )::int`;
}

/**
 * A parameter the planner cannot see: a one-row subquery (an InitPlan, run once per execution),
 * estimated by the column's statistics alone, as a generic plan estimates a parameter. Each
 * request's values would otherwise give each request's plan its own estimates and cost: the review
 * queue's custom plans cost a little less or more than its generic one depending on the learner
 * and on the table's statistics, so PostgreSQL planned the statement again on every execution
 * for some learners (a full bench's 1M-card row spent 1.75 ms of PostgreSQL's CPU a request, three
 * times the 100k row's). With every parameter hidden, a custom plan is the generic plan plus the
 * planning, and PostgreSQL keeps the generic one from the sixth execution on
 * (`queue-plans.test.ts` asserts it, and the generic plan's shape).
 */
const unseen = (q: Query, value: number | string, type: 'int' | 'date'): Fragment =>
  q`(select ${value}::${q.unsafe(type)})`;
const unseenTime = (q: Query, value: Date): Fragment => q`(select ${iso(value)}::timestamptz)`;

/** What the review queue answers, read in one statement. */
export interface DueQueue {
  /** The decks read: 0 when the learner has none, or does not see the deck asked for. */
  decks: number;
  /** Cards in the due window, over the decks read. */
  dueCount: number;
  /** New cards the decks' allowances let in today, capped by the new cards left. */
  newCount: number;
  /**
   * When the next learning or relearning step of these decks past the window falls due, if that
   * is before the end of the learner's day (review cards due later are tomorrow's).
   */
  nextStepDue: Date | null;
  /** The learner's memory model (the interval previews use their weights and retention). */
  model: LearnerModel;
  /**
   * At most `limit`: due cards first (by due time, then id), then each deck's allowance of new
   * cards (by id), then the learning steps learned ahead, as Anki orders them.
   */
  cards: CardRecord[];
  /** The scheduling part of the preset of each deck with one (the cards' previews); the others
   * follow the defaults. */
  deckPresets: Map<number, DeckScheduling>;
}

/** A deck preset's part of a rating's scheduler: retention (null: the learner's) and steps. */
export interface DeckScheduling {
  desiredRetention: number | null;
  learningSteps: StepUnit[];
  relearningSteps: StepUnit[];
}

interface DueQueueRow extends Omit<CardRow, 'id'> {
  /** Null on the one row of a queue without cards. */
  id: number | null;
  /** The learner's `memory_models` row, null without one. */
  desired_retention: number | null;
  parameters: number[] | null;
  desks: number;
  due_count: number;
  new_count: number;
  next_due: string | null;
  /** `[desk_id, retention, learning steps, relearning steps]` of the decks with a preset row. */
  deck_presets: [number, number | null, string[], string[]][] | null;
}

/**
 * The review queue, its counts and the learner's memory model in one statement (one round trip,
 * where reading the decks, the day's counters, the counts, the cards and the model took five in
 * two waves). The decks and their allowances (the learner's limit less the new cards introduced
 * on `day`, from the kept counters) are a CTE read once; each part of the queue is a range of one
 * index read in its order and stopped at its limit; the counts are the kept ones (the due count
 * of every deck from `keptDueCount`, of one deck from its due index; the new count the smaller of
 * each deck's allowance and its kept `schedule_new_counts` row); the new cards and the steps
 * learned ahead are read only when the due cards leave room on the page (a learner with a backlog
 * never has them read for the page; they are still counted); only the cards kept are joined to
 * their content. Every row carries the counts and the model; a queue without cards is one row
 * with null card columns. `queue-plans.test.ts` fails on a sequential scan, and on more
 * statements per request than this one and the signed-in user's.
 */
export async function dueQueue(
  q: Query,
  r: {
    userId: number;
    deckId?: number;
    day: string;
    window: DueWindow;
    limit: number;
    /** The start of the learner's day (the review limits count from it); a day before the
     * window's end when not given. */
    dayStart?: Date;
  },
): Promise<DueQueue> {
  const { window, limit } = r;
  // Every value of the request goes in as `unseen`: see there.
  const userId = unseen(q, r.userId, 'int');
  const deckIds = q`any(array(select desk_id from desk))`;
  const learningBy = unseenTime(q, window.learningBy);
  const bounds = {
    upper: unseenTime(q, dueUpper(window)),
    reviewBefore: unseenTime(q, window.reviewBefore),
    learnAheadBy: unseenTime(q, window.learnAheadBy),
    now: learningBy,
  };
  const due = dueIn(q, bounds);
  const learnAheadBy = unseenTime(q, window.learnAheadBy);
  const reviewBefore = unseenTime(q, window.reviewBefore);
  // The page size is written into the text, not bound: the limits it sets are part of the plan's
  // shape, and the contract allows 1–500 while clients ask for one size (one statement each).
  const page = q.unsafe(String(Math.trunc(limit)));
  // The parts after the due cards are read only when the due cards leave room on the page.
  const roomAfterDue = q`(select count(*) from due_first) < ${page}`;
  const dayStart = unseenTime(q, r.dayStart ?? new Date(window.reviewBefore.getTime() - DAY));
  // Decks whose preset limits review cards or orders them otherwise than by due date take the
  // per-deck path; the usual queue keeps its one range of the due index.
  const plain = q`(select coalesce(bool_and(review_cap is null and review_order = 'due'), true)
    from desk)`;
  const rows = await q<DueQueueRow[]>`
    with desk as materialized (
      select v.id as desk_id,
        ${newCardsAllowanceIn(
          q,
          q`coalesce(p.new_cards_per_day, v.new_cards_per_day)`,
          q`coalesce(n.count, 0)`,
        )} as allowance,
        ${reviewCap(q, userId, q`v.id`, dayStart)} as review_cap,
        coalesce(p.review_order, 'due') as review_order,
        coalesce(p.new_card_order, 'added') as new_card_order,
        p.desired_retention as preset_retention, p.learning_steps as preset_learning_steps,
        p.relearning_steps as preset_relearning_steps
      from (${visibleDeckLimits(
        q,
        userId,
        r.deckId === undefined ? undefined : unseen(q, r.deckId, 'int'),
      )}) v
      left join new_cards_introduced n
        on n.user_id = ${userId} and n.day = ${unseen(q, r.day, 'date')} and n.desk_id = v.id
      ${joinPresetOfDeck(q, userId, q`v.id`)}
    ),
    buried as materialized (
      select s.desk_id, s.state, s.due from card_schedules s
      where s.user_id = ${userId} and s.buried_until is not null and s.buried_until > ${learningBy}
        and not s.suspended
    ),
    due_first as materialized (
      (select s.card_id, s.due, 0::float8 as rank from card_schedules s
       where s.user_id = ${userId} and s.desk_id = ${deckIds} and ${due}
         and (s.state = 2 or s.due <= ${learningBy})
         and ${plain}
       order by s.due, s.card_id
       limit ${page})
      union all (
        select s.card_id, s.due, 0::float8 as rank from card_schedules s
        where s.user_id = ${userId} and s.desk_id = ${deckIds} and ${due}
          and s.state <> 2 and s.due <= ${learningBy}
          and not ${plain}
        order by s.due, s.card_id
        limit ${page})
      union all (
        select x.card_id, x.due, x.rank from desk d
        cross join lateral (
          select s.card_id, s.due,
            row_number() over (order by ${reviewOrderKey(q, r.day)}, s.card_id)::float8 as rank
          from card_schedules s
          where s.user_id = ${userId} and s.desk_id = d.desk_id and s.state <> 0 and s.state = 2
            and s.due < ${reviewBefore}
            and not s.suspended and ${unburied(q, 's', learningBy)}
          order by ${reviewOrderKey(q, r.day)}, s.card_id
          limit least(coalesce(d.review_cap, ${page}), ${page})
        ) x
        where not ${plain}
        order by x.rank, x.due, x.card_id
        limit ${page})
    ),
    picked as (
      select card_id, 0 as part, rank, due from due_first
      union all (
        select s.card_id, 1 as part, 0::float8 as rank, null::timestamptz as due
        from desk d
        cross join lateral (
          (select s0.card_id from card_schedules s0
           where s0.user_id = ${userId} and s0.desk_id = d.desk_id and s0.state = 0
             and d.new_card_order = 'added'
             and not s0.suspended and ${unburied(q, 's0', learningBy)}
           order by s0.card_id
           limit least(d.allowance, ${page}))
          union all
          (select s0.card_id from card_schedules s0
           where s0.user_id = ${userId} and s0.desk_id = d.desk_id and s0.state = 0
             and d.new_card_order = 'random'
             and not s0.suspended and ${unburied(q, 's0', learningBy)}
           order by hashint4(s0.card_id # ${dayNumber(q, r.day)}), s0.card_id
           limit least(d.allowance, ${page}))
        ) s
        where ${roomAfterDue}
        order by s.card_id
        limit ${page})
      union all (
        select s.card_id, 2 as part, 0::float8 as rank, s.due from card_schedules s
        where s.user_id = ${userId} and s.desk_id = ${deckIds} and ${due}
          and s.state <> 2 and s.due > ${learningBy}
          and ${roomAfterDue}
        order by s.due, s.card_id
        limit ${page})
      order by part, rank, due, card_id
      limit ${page}
    ),
    head as (
      select
        (select count(*)::int from desk) as desks,
        case when ${plain} then ${
          r.deckId === undefined
            ? keptDueCount(
                q,
                userId,
                window,
                q`(select count(*) from buried s where ${inWindow(q, bounds)})`,
              )
            : q`(select count(*)::int from card_schedules s
                 where s.user_id = ${userId} and s.desk_id = ${deckIds} and ${due})`
        } else (
          (select count(*) from card_schedules s
           where s.user_id = ${userId} and s.desk_id = ${deckIds} and ${due} and s.state <> 2)
          + (select coalesce(sum(c.n), 0) from desk d cross join lateral (
               select count(*) as n from (
                 select 1 from card_schedules s
                 where s.user_id = ${userId} and s.desk_id = d.desk_id and s.state <> 0
                   and s.state = 2 and s.due < ${reviewBefore}
                   and not s.suspended and ${unburied(q, 's', learningBy)}
                 limit d.review_cap) y) c)
        )::int end as due_count,
        (select coalesce(sum(least(d.allowance, greatest(0, coalesce(nc.n, 0)
           - (select count(*) from buried b where b.desk_id = d.desk_id and b.state = 0)))), 0)::int
         from desk d
         left join schedule_new_counts nc on nc.user_id = ${userId} and nc.desk_id = d.desk_id
        ) as new_count,
        (select s.due from card_schedules s
         where s.user_id = ${userId} and s.desk_id = ${deckIds} and s.state in (1, 3)
           and not s.suspended and ${unburied(q, 's', learningBy)}
           and s.due > ${learnAheadBy} and s.due < ${reviewBefore}
         order by s.due
         limit 1
        ) as next_due,
        m.desired_retention, m.parameters,
        (select json_agg(json_build_array(desk_id, preset_retention, preset_learning_steps,
                                          preset_relearning_steps))
         from desk where preset_learning_steps is not null) as deck_presets
      from (select 1) one
      left join learner_models m on m.user_id = ${userId}
    )
    select head.*, ${cardColumns(q)}
    from head
    left join (
      picked p
      join card_schedules s on s.user_id = ${userId} and s.card_id = p.card_id
      join cards c on c.id = p.card_id
    ) on true
    order by p.part, p.rank, p.due, p.card_id`;
  const first = rows[0];
  const cardRows = rows.filter((row): row is DueQueueRow & { id: number } => row.id !== null);
  return {
    decks: first?.desks ?? 0,
    dueCount: first?.due_count ?? 0,
    newCount: first?.new_count ?? 0,
    nextStepDue: pgDateOrNull(first?.next_due ?? null),
    model: toLearnerModel(first),
    cards: cardRows.map(toCardRecord),
    deckPresets: new Map(
      (first?.deck_presets ?? []).map(([deckId, retention, learning, relearning]) => [
        deckId,
        {
          desiredRetention: retention,
          learningSteps: learning as StepUnit[],
          relearningSteps: relearning as StepUnit[],
        },
      ]),
    ),
  };
}
