/**
 * The review queue and its counts: reads of `card_schedules` by due time and by daily allowance.
 * Which rated cards are due comes from the domain's DueWindow; how many new cards a desk may bring
 * today comes from the domain's allowance; both are applied here in SQL so that the queue is two
 * index range scans whatever the desk's size.
 */
import { type DueWindow, isLearnedAhead } from '../../domain/queue.ts';
import type { LearnerDay } from '../../domain/scheduling.ts';
import { type CardRecord, type CardRow, cardColumns, selectCards } from './cards.ts';
import { iso, pgDateOrNull, type Query } from './pg.ts';

/** A desk's new cards still allowed today (see domain/queue.ts `newCardsAllowance`). */
export interface DeskAllowance {
  deskId: number;
  allowance: number;
}

/** Rated cards inside the due window (the one SQL form of the rule). */
function dueIn(q: Query, w: DueWindow) {
  // One upper bound on `due` lets the planner scan the due index as a range.
  const upper = Math.max(w.reviewBefore.getTime(), w.learnAheadBy.getTime() + 1);
  return q`
    s.state <> 0 and s.due < ${iso(new Date(upper))}
    and (s.state = 2 and s.due < ${iso(w.reviewBefore)}
         or s.state <> 2 and s.due <= ${iso(w.learnAheadBy)})`;
}

const inDesks = (q: Query, deskIds: number[]) =>
  deskIds.length === 1 ? q`s.desk_id = ${deskIds[0] ?? 0}` : q`s.desk_id = any(${deskIds}::int[])`;

/**
 * When the next learning or relearning step of these desks past the window falls due, if that is
 * before the end of the learner's day (review cards due later are tomorrow's).
 */
export async function nextStepDue(
  q: Query,
  userId: number,
  deskIds: number[],
  window: DueWindow,
): Promise<Date | null> {
  if (deskIds.length === 0) return null;
  const [row] = await q<{ due: string | null }[]>`
    select min(s.due) as due from card_schedules s
    where s.user_id = ${userId} and ${inDesks(q, deskIds)} and s.state in (1, 3)
      and s.due > ${iso(window.learnAheadBy)} and s.due < ${iso(window.reviewBefore)}`;
  return pgDateOrNull(row?.due ?? null);
}

/** How many cards of each desk the learner introduced (first rated) during `today`. */
export async function introducedToday(
  q: Query,
  userId: number,
  deskIds: number[],
  today: LearnerDay,
): Promise<Map<number, number>> {
  if (deskIds.length === 0) return new Map();
  const rows = await q<{ desk_id: number; n: number }[]>`
    select s.desk_id, count(*)::int as n from card_schedules s
    where s.user_id = ${userId} and s.introduced_at >= ${iso(today.start)}
      and s.introduced_at < ${iso(today.end)} and ${inDesks(q, deskIds)}
    group by s.desk_id`;
  return new Map(rows.map((r) => [r.desk_id, r.n]));
}

/** Per desk: the due cards and the new cards the allowance lets in (capped by those left). */
export async function queueCounts(
  q: Query,
  userId: number,
  allowances: DeskAllowance[],
  window: DueWindow,
): Promise<Map<number, { dueCount: number; newCount: number }>> {
  if (allowances.length === 0) return new Map();
  const ids = allowances.map((a) => a.deskId);
  const rows = await q<{ desk_id: number; due_count: number; new_count: number }[]>`
    with d(desk_id, allowance) as (
      select * from unnest(${ids}::int[], ${allowances.map((a) => a.allowance)}::int[])
    ),
    due as (
      select s.desk_id, count(*)::int as n from card_schedules s
      where s.user_id = ${userId} and ${dueIn(q, window)} and ${inDesks(q, ids)}
      group by s.desk_id
    )
    select d.desk_id, coalesce(due.n, 0) as due_count,
           (select count(*)::int from (
              select 1 from card_schedules s
              where s.user_id = ${userId} and s.desk_id = d.desk_id and s.state = 0
              limit d.allowance
           ) x) as new_count
    from d left join due using (desk_id)`;
  return new Map(rows.map((r) => [r.desk_id, { dueCount: r.due_count, newCount: r.new_count }]));
}

/** Due cards of these desks, those learned ahead last, by due time then id, at most `limit`. */
function dueCards(
  q: Query,
  userId: number,
  deskIds: number[],
  window: DueWindow,
  limit: number,
): Promise<CardRecord[]> {
  if (deskIds.length === 0) return Promise.resolve([]);
  return selectCards(q<CardRow[]>`
    select ${cardColumns(q)}
    from card_schedules s join cards c on c.id = s.card_id
    where s.user_id = ${userId} and ${dueIn(q, window)} and ${inDesks(q, deskIds)}
    order by s.state <> 2 and s.due > ${iso(window.learningBy)}, s.due, s.card_id
    limit ${limit}`);
}

/** Each desk's allowance of new cards in creation (id) order, at most `limit` in all. */
function newCards(
  q: Query,
  userId: number,
  allowances: DeskAllowance[],
  limit: number,
): Promise<CardRecord[]> {
  if (allowances.length === 0) return Promise.resolve([]);
  return selectCards(q<CardRow[]>`
    with d(desk_id, allowance) as (
      select * from unnest(${allowances.map((a) => a.deskId)}::int[],
                           ${allowances.map((a) => a.allowance)}::int[])
    )
    select ${cardColumns(q)}
    from d cross join lateral (
      select * from card_schedules s0
      where s0.user_id = ${userId} and s0.desk_id = d.desk_id and s0.state = 0
      order by s0.card_id
      limit least(d.allowance, ${limit})
    ) s
    join cards c on c.id = s.card_id
    order by s.card_id
    limit ${limit}`);
}

/**
 * The review queue, at most `limit`: due cards first, then the desks' new cards, then the learning
 * steps learned ahead (due within the learn-ahead limit but not yet), as Anki orders them.
 */
export async function reviewQueue(
  q: Query,
  userId: number,
  deskIds: number[],
  allowances: DeskAllowance[],
  window: DueWindow,
  limit: number,
): Promise<CardRecord[]> {
  const [due, fresh] = await Promise.all([
    dueCards(q, userId, deskIds, window, limit),
    newCards(q, userId, allowances, limit),
  ]);
  const ahead = (card: CardRecord) => isLearnedAhead(card.schedule, window);
  return [...due.filter((c) => !ahead(c)), ...fresh, ...due.filter(ahead)].slice(0, limit);
}
