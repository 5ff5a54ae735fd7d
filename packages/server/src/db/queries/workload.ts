/**
 * What workload planning reads and writes: the learner's studied schedules and waiting new cards
 * (the simulator's input), their answer times by rating, exam dates per deck, the counts of
 * reviews due per day (the load balancer's input), and postpone/advance batches with their undo.
 */
import { assignedExamDate } from './assignments.ts';
import type { Query } from './pg.ts';
import { pgDate } from './pg.ts';

export interface StudiedSchedule {
  stability: number;
  difficulty: number;
  lastReview: Date;
  due: Date;
}

/** The learner's cards past their first rating, not suspended (one deck's with `deckId`). */
export async function studiedSchedules(
  q: Query,
  userId: number,
  deckId: number | null,
): Promise<StudiedSchedule[]> {
  const rows = await q<
    { stability: number; difficulty: number; last_review: string | Date; due: string | Date }[]
  >`
    select stability, difficulty, last_review, due from card_schedules
    where user_id = ${userId} and state <> 0 and not suspended and last_review is not null
      and stability > 0 ${deckId === null ? q`` : q`and desk_id = ${deckId}`}`;
  return rows.map((r) => ({
    stability: r.stability,
    difficulty: r.difficulty,
    lastReview: pgDate(r.last_review),
    due: pgDate(r.due),
  }));
}

/** New cards waiting, per deck (not suspended). */
export async function newCardsByDeck(
  q: Query,
  userId: number,
  deckId: number | null,
): Promise<Map<number, number>> {
  const rows = await q<{ desk_id: number; count: number }[]>`
    select desk_id, count(*)::int as count from card_schedules
    where user_id = ${userId} and state = 0 and not suspended
      ${deckId === null ? q`` : q`and desk_id = ${deckId}`}
    group by desk_id`;
  return new Map(rows.map((r) => [r.desk_id, r.count]));
}

export interface AnswerTime {
  /** The rating was a new card's first. */
  first: boolean;
  rating: number;
  count: number;
  medianMs: number;
}

/**
 * Median answer time by rating, first ratings apart from later ones. Answers over 10 minutes are
 * left out: the learner walked away, and one such answer would not move a median anyway.
 */
export async function answerTimes(q: Query, userId: number): Promise<AnswerTime[]> {
  const rows = await q<{ first: boolean; rating: number; count: number; median_ms: number }[]>`
    select (state_before->>'state')::int = 0 as first, rating, count(*)::int as count,
      percentile_cont(0.5) within group (order by answer_time_ms) as median_ms
    from review_logs
    where user_id = ${userId} and answer_time_ms between 1 and 600000 and not repeat_same_day
    group by 1, 2`;
  return rows.map((r) => ({
    first: r.first,
    rating: r.rating,
    count: r.count,
    medianMs: Number(r.median_ms),
  }));
}

/** The learner's exam dates by deck (`YYYY-MM-DD`). */
export async function examDates(
  q: Query,
  userId: number,
  deckId: number | null,
): Promise<Map<number, string>> {
  const rows = await q<{ desk_id: number; exam_date: string }[]>`
    select desk_id, exam_date::text as exam_date from desk_exams
    where user_id = ${userId} ${deckId === null ? q`` : q`and desk_id = ${deckId}`}`;
  return new Map(rows.map((r) => [r.desk_id, r.exam_date]));
}

export async function setExamDate(
  q: Query,
  userId: number,
  deckId: number,
  date: string | null,
): Promise<void> {
  if (date === null) {
    await q`delete from desk_exams where user_id = ${userId} and desk_id = ${deckId}`;
    return;
  }
  await q`
    insert into desk_exams (user_id, desk_id, exam_date) values (${userId}, ${deckId}, ${date})
    on conflict (user_id, desk_id) do update set exam_date = excluded.exam_date`;
}

/**
 * Reviews due on each of the learner's days from `from` to `to` (their time zone), every deck
 * (the load is the learner's, not a deck's), with the exam date of `deckId`: what a rating needs
 * to balance its due day. Reads the `card_schedules_due_idx` range of those days only. The exam
 * is the sooner, from `today` on, of the learner's own and the due dates of the courses and
 * subjects assigning them the deck (docs/features/assignments.md).
 */
export async function balanceContext(
  q: Query,
  userId: number,
  deckId: number,
  from: Date,
  to: Date,
  timeZone: string,
  today: string,
): Promise<{ dueByDay: Map<string, number>; examDate: string | null }> {
  // One statement: a rating that schedules a later day pays one read for balancing, not two.
  const rows = await q<
    { day: string | null; count: number; exam_date: string | null; assigned: string | null }[]
  >`
    select c.day, coalesce(c.count, 0)::int as count,
      (select exam_date::text from desk_exams where user_id = ${userId} and desk_id = ${deckId}
        and exam_date >= ${today}::date) as exam_date,
      (${assignedExamDate(q, userId, deckId, today)}) as assigned
    from (select 1) one
    left join (
      select (due at time zone ${timeZone})::date::text as day, count(*)::int as count
      from card_schedules
      where user_id = ${userId} and state <> 0 and due >= ${from.toISOString()}::timestamptz
        and due < ${to.toISOString()}::timestamptz and not suspended
      group by 1
    ) c on true`;
  return {
    dueByDay: new Map(
      rows.flatMap((r) => (r.day === null ? [] : [[r.day, r.count] as [string, number]])),
    ),
    examDate: soonest(rows[0]?.exam_date ?? null, rows[0]?.assigned ?? null),
  };
}

export interface RescheduleRow {
  cardId: number;
  stability: number;
  lastReview: Date;
  due: Date;
}

/** Review-state cards (not suspended or buried) due in [from, to), one deck's with `deckId`. */
export async function reviewCardsDueBetween(
  q: Query,
  userId: number,
  deckId: number | null,
  from: Date | null,
  to: Date,
): Promise<RescheduleRow[]> {
  const rows = await q<
    { card_id: number; stability: number; last_review: string | Date; due: string | Date }[]
  >`
    select card_id, stability, last_review, due from card_schedules
    where user_id = ${userId} and state = 2 and not suspended and last_review is not null
      and stability > 0 and due < ${to.toISOString()}::timestamptz
      ${from === null ? q`` : q`and due > ${from.toISOString()}::timestamptz`}
      ${deckId === null ? q`` : q`and desk_id = ${deckId}`}`;
  return rows.map((r) => ({
    cardId: r.card_id,
    stability: r.stability,
    lastReview: pgDate(r.last_review),
    due: pgDate(r.due),
  }));
}

export interface StoredMove {
  card_id: number;
  due_before: string;
  due_after: string;
}

/** Moves the cards' due dates and keeps the batch for undo; answers the batch id. */
export async function applyReschedule(
  q: Query,
  userId: number,
  kind: string,
  moves: StoredMove[],
): Promise<number> {
  const json = JSON.stringify(moves);
  if (moves.length > 0) {
    await q`
      update card_schedules s set due = m.due_after, updated_at = now()
      from jsonb_to_recordset(${json}::jsonb) as m(card_id int, due_before timestamptz,
        due_after timestamptz)
      where s.user_id = ${userId} and s.card_id = m.card_id`;
  }
  const [row] = await q<{ id: number }[]>`
    insert into reschedule_batches (user_id, kind, moves)
    values (${userId}, ${kind}, ${json}::jsonb) returning id`;
  return Number(row?.id);
}

/**
 * Puts back the batch's due dates where the card is still where the batch left it (a rating
 * since moved it on: that one stays). Undefined when the learner has no such batch; null when it
 * was undone already.
 */
export async function undoRescheduleBatch(
  q: Query,
  userId: number,
  id: number,
): Promise<number | null | undefined> {
  const [batch] = await q<{ undone: boolean }[]>`
    update reschedule_batches b set undone_at = coalesce(b.undone_at, now())
    from (select undone_at from reschedule_batches where id = ${id} and user_id = ${userId}
      for update) old
    where b.id = ${id} and b.user_id = ${userId}
    returning old.undone_at is not null as undone`;
  if (!batch) return undefined;
  if (batch.undone) return null;
  const rows = await q`
    update card_schedules s set due = m.due_before, updated_at = now()
    from reschedule_batches b,
      jsonb_to_recordset(b.moves) as m(card_id int, due_before timestamptz, due_after timestamptz)
    where b.id = ${id} and s.user_id = ${userId} and s.card_id = m.card_id
      and s.due = m.due_after
    returning s.card_id`;
  return rows.length;
}

const soonest = (a: string | null, b: string | null): string | null =>
  a === null ? b : b === null || a <= b ? a : b;
