/**
 * The review queue and its counts: reads of `card_schedules` by due time and by daily allowance.
 * Which rated cards are due comes from the domain's DueWindow; how many new cards a desk may bring
 * today comes from the domain's allowance (over the counters `new_cards_introduced` keeps); both
 * are applied here in SQL so that the queue reads index ranges no longer than the page, whatever
 * the desk's size. `queue.test.ts` checks the plans on a seeded table.
 */
import type { DueWindow } from '../../domain/queue.ts';
import { type CardRecord, type CardRow, cardColumns, selectCards } from './cards.ts';
import { iso, pgDateOrNull, type Query } from './pg.ts';

/** A desk's new cards still allowed today (see domain/queue.ts `newCardsAllowance`). */
export interface DeskAllowance {
  deskId: number;
  allowance: number;
}

/** Rated cards inside the due window (the one SQL form of the rule). */
/** One upper bound on `due` for the whole window: the planner scans the due index as a range. */
const dueUpper = (w: DueWindow) =>
  new Date(Math.max(w.reviewBefore.getTime(), w.learnAheadBy.getTime() + 1));

function dueIn(q: Query, w: DueWindow) {
  return q`
    s.state <> 0 and s.due < ${iso(dueUpper(w))}
    and (s.state = 2 and s.due < ${iso(w.reviewBefore)}
         or s.state <> 2 and s.due <= ${iso(w.learnAheadBy)})`;
}

const inDesks = (q: Query, deskIds: number[]) =>
  deskIds.length === 1 ? q`s.desk_id = ${deskIds[0] ?? 0}` : q`s.desk_id = any(${deskIds}::int[])`;

/** Per desk, the new cards the learner introduced (first rated) on `day`: the kept counters. */
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
  /** Per desk: the due cards and the new cards the allowance lets in (capped by those left). */
  desks: Map<number, { dueCount: number; newCount: number }>;
  /**
   * When the next learning or relearning step of these desks past the window falls due, if that
   * is before the end of the learner's day (review cards due later are tomorrow's).
   */
  nextStepDue: Date | null;
}

/**
 * Three columns counting one desk (`deskId`, an SQL expression) in a larger statement (a
 * rating's read, which counts its one desk; `queueCounts` counts many desks at once):
 * `due_count`, its cards in the due window; `new_count`, its new cards, at most `cap` (an SQL
 * expression); `next_due`, its next learning or relearning step past the window but today. Each
 * is ordered like its index and limited, so that the planner reads the index in order and stops
 * (with the limit a value it cannot see, it would otherwise read every entry through a bitmap).
 */
export function deskCountColumns(
  q: Query,
  userId: number,
  deskId: ReturnType<Query>,
  cap: ReturnType<Query>,
  window: DueWindow,
) {
  return q`
    (select count(*)::int from card_schedules s
     where s.user_id = ${userId} and s.desk_id = ${deskId} and ${dueIn(q, window)}
    ) as due_count,
    (select count(*)::int from (
       select 1 from card_schedules s
       where s.user_id = ${userId} and s.desk_id = ${deskId} and s.state = 0
       order by s.card_id
       limit ${cap}
    ) x) as new_count,
    (select s.due from card_schedules s
     where s.user_id = ${userId} and s.desk_id = ${deskId} and s.state in (1, 3)
       and s.due > ${iso(window.learnAheadBy)} and s.due < ${iso(window.reviewBefore)}
     order by s.due
     limit 1
    ) as next_due`;
}

/**
 * The counts of each desk in one statement: the due cards of every desk in one range of the due
 * index, counted from the index alone and grouped by desk (not one range per desk: with 50 desks
 * that was 50 index descents and 50 sub-plans), the next learning step in one more range of it,
 * and per desk at most `allowance` entries of its new-card index (stopped at the allowance, so it
 * never counts a desk's whole backlog of new cards). `queue-plans.test.ts` fails if the due count
 * becomes a scan per desk again.
 */
export async function queueCounts(
  q: Query,
  userId: number,
  allowances: DeskAllowance[],
  window: DueWindow,
): Promise<QueueCounts> {
  if (allowances.length === 0) return { desks: new Map(), nextStepDue: null };
  const ids = allowances.map((a) => a.deskId);
  const rows = await q<
    { desk_id: number; due_count: number; new_count: number; next_due: string | null }[]
  >`
    with due as (
      select s.desk_id, count(*)::int as n from card_schedules s
      where s.user_id = ${userId} and ${inDesks(q, ids)} and ${dueIn(q, window)}
      group by s.desk_id
    )
    select d.desk_id, coalesce(due.n, 0) as due_count,
      (select count(*)::int from (
         select 1 from card_schedules s
         where s.user_id = ${userId} and s.desk_id = d.desk_id and s.state = 0
         order by s.card_id
         limit d.allowance
      ) x) as new_count,
      (select s.due from card_schedules s
       where s.user_id = ${userId} and ${inDesks(q, ids)} and s.state in (1, 3)
         and s.due > ${iso(window.learnAheadBy)} and s.due < ${iso(window.reviewBefore)}
       order by s.due
       limit 1
      ) as next_due
    from unnest(${ids}::int[], ${allowances.map((a) => a.allowance)}::int[])
      as d(desk_id, allowance)
    left join due on due.desk_id = d.desk_id`;
  const next = pgDateOrNull(rows[0]?.next_due ?? null);
  return {
    desks: new Map(rows.map((r) => [r.desk_id, { dueCount: r.due_count, newCount: r.new_count }])),
    nextStepDue: next,
  };
}

/**
 * The review queue, at most `limit`: due cards first (by due time, then id), then each desk's
 * allowance of new cards (by id), then the learning steps learned ahead (due within the
 * learn-ahead limit but not yet), as Anki orders them. Each part is a range of one index read in
 * its order and stopped at `limit` (those learned ahead are `isLearnedAhead`'s cards); only the
 * cards kept are joined to their content.
 */
export async function reviewQueue(
  q: Query,
  userId: number,
  deskIds: number[],
  allowances: DeskAllowance[],
  window: DueWindow,
  limit: number,
): Promise<CardRecord[]> {
  if (deskIds.length === 0) return [];
  const learningBy = iso(window.learningBy);
  const fresh =
    allowances.length === 0
      ? q``
      : q`
      union all (
        select s.card_id, 1 as part, null::timestamptz as due
        from unnest(${allowances.map((a) => a.deskId)}::int[],
                    ${allowances.map((a) => a.allowance)}::int[]) as d(desk_id, allowance)
        cross join lateral (
          select s0.card_id from card_schedules s0
          where s0.user_id = ${userId} and s0.desk_id = d.desk_id and s0.state = 0
          order by s0.card_id
          limit least(d.allowance, ${limit})
        ) s
        order by s.card_id
        limit ${limit})`;
  return selectCards(q<CardRow[]>`
    with picked as (
      (select s.card_id, 0 as part, s.due from card_schedules s
       where s.user_id = ${userId} and ${inDesks(q, deskIds)} and ${dueIn(q, window)}
         and (s.state = 2 or s.due <= ${learningBy})
       order by s.due, s.card_id
       limit ${limit})
      ${fresh}
      union all (
        select s.card_id, 2 as part, s.due from card_schedules s
        where s.user_id = ${userId} and ${inDesks(q, deskIds)} and ${dueIn(q, window)}
          and s.state <> 2 and s.due > ${learningBy}
        order by s.due, s.card_id
        limit ${limit})
      order by part, due, card_id
      limit ${limit}
    )
    select ${cardColumns(q)}
    from picked p
    join card_schedules s on s.user_id = ${userId} and s.card_id = p.card_id
    join cards c on c.id = p.card_id
    order by p.part, p.due, p.card_id`);
}
