/** Time tracking: every SQL statement on `time_tracking_sessions` and `time_tracking_visits`. */
import { iso, pgDate, type Query } from './pg.ts';

export interface StoredVisit {
  page: string;
  start: Date;
  end: Date;
}

/** Key class of the per-user advisory lock held while a batch is checked and stored ('tt'). */
const INGEST_LOCK_CLASS = 0x7474;

/** Serialises one learner's batches until commit, so day totals are checked against each other. */
export async function lockLearnerTime(tx: Query, userId: number): Promise<void> {
  await tx`select pg_advisory_xact_lock(${INGEST_LOCK_CLASS}::int, ${userId}::int)`;
}

/** Creates the session or raises its total to the larger of the stored and reported. */
export async function upsertSession(
  q: Query,
  s: { userId: number; sessionId: string; startedAt: Date; totalTime: number },
): Promise<number> {
  const [row] = await q<{ total_time: number }[]>`
    insert into time_tracking_sessions (user_id, session_id, started_at, total_time)
    values (${s.userId}, ${s.sessionId}, ${iso(s.startedAt)}, ${s.totalTime})
    on conflict (user_id, session_id) do update
      set total_time = greatest(time_tracking_sessions.total_time, excluded.total_time),
          updated_at = now()
    returning total_time`;
  return row?.total_time ?? s.totalTime;
}

/** Stored visits of the session that touch the span from `from` to `to`. */
export async function visitsWithin(
  q: Query,
  userId: number,
  sessionId: string,
  from: Date,
  to: Date,
): Promise<StoredVisit[]> {
  const rows = await q<{ page: string; start_time: string; end_time: string }[]>`
    select page, start_time, end_time from time_tracking_visits
    where user_id = ${userId} and session_id = ${sessionId}
      and start_time < ${iso(to)} and end_time > ${iso(from)}`;
  return rows.map((r) => ({ page: r.page, start: pgDate(r.start_time), end: pgDate(r.end_time) }));
}

/** Milliseconds already stored on each of `days`. */
export async function storedDayTotals(
  q: Query,
  userId: number,
  days: string[],
): Promise<Map<string, number>> {
  if (days.length === 0) return new Map();
  const rows = await q<{ day: string; total: string }[]>`
    select to_char(day, 'YYYY-MM-DD') as day, sum(duration)::int8 as total
    from time_tracking_visits where user_id = ${userId} and day = any(${days}::text[]::date[])
    group by day`;
  return new Map(rows.map((r) => [r.day, Number(r.total)]));
}

export interface NewVisit {
  page: string;
  start: Date;
  end: Date;
  duration: number;
  day: string;
}

/** Inserts the visits; one already stored (a retried batch) is skipped. Returns how many new. */
export async function insertVisits(
  q: Query,
  userId: number,
  sessionId: string,
  visits: NewVisit[],
): Promise<number> {
  if (visits.length === 0) return 0;
  const rows = visits.map((v) => ({
    user_id: userId,
    session_id: sessionId,
    page: v.page,
    start_time: iso(v.start),
    end_time: iso(v.end),
    duration: v.duration,
    day: v.day,
  }));
  const inserted = await q`
    insert into time_tracking_visits ${q(rows, 'user_id', 'session_id', 'page', 'start_time', 'end_time', 'duration', 'day')}
    on conflict (user_id, session_id, start_time, page) do nothing
    returning id`;
  return inserted.length;
}

export interface TimeTotals {
  total: number;
  sessions: number;
  perDay: Map<string, number>;
  perPage: { page: string; total: number; visits: number }[];
}

/** Totals of the learner's visits: ever, per day from `fromDay`, per page. */
export async function timeTotals(q: Query, userId: number, fromDay: string): Promise<TimeTotals> {
  const [totals] = await q<{ total: string; sessions: string }[]>`
    select
      (select coalesce(sum(duration), 0) from time_tracking_visits where user_id = ${userId}) as total,
      (select count(*) from time_tracking_sessions where user_id = ${userId}) as sessions`;
  const days = await q<{ day: string; total: string }[]>`
    select to_char(day, 'YYYY-MM-DD') as day, sum(duration)::int8 as total
    from time_tracking_visits where user_id = ${userId} and day >= ${fromDay}::date
    group by day`;
  const pages = await q<{ page: string; total: string; visits: string }[]>`
    select page, sum(duration)::int8 as total, count(*) as visits
    from time_tracking_visits where user_id = ${userId}
    group by page order by total desc, page`;
  return {
    total: Number(totals?.total ?? 0),
    sessions: Number(totals?.sessions ?? 0),
    perDay: new Map(days.map((d) => [d.day, Number(d.total)])),
    perPage: pages.map((p) => ({ page: p.page, total: Number(p.total), visits: Number(p.visits) })),
  };
}
