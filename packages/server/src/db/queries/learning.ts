/**
 * Learning figures from the review log and the schedules (Anki's statistics): true retention,
 * the due forecast, reviews per day and per-desk maturity. Days are the learner's, in `tz`.
 */
import { addDays, startOfLocalDay } from '../../domain/review/scheduling.ts';
import { iso, type Query } from './pg.ts';

/** Anki's line between young and mature cards: an interval of 21 days. */
export const MATURE_DAYS = 21;

export interface RetentionCounts {
  reviews: number;
  passed: number;
}

/** Reviews of cards in review state since `since`, split young and mature; passed = not again. */
export async function retentionSince(
  q: Query,
  userId: number,
  since: Date,
): Promise<{ young: RetentionCounts; mature: RetentionCounts }> {
  const rows = await q<{ mature: boolean; reviews: string; passed: string }[]>`
    select (state_before->>'scheduled_days')::int >= ${MATURE_DAYS} as mature,
      count(*) as reviews, count(*) filter (where rating > 1) as passed
    from review_logs
    where user_id = ${userId} and reviewed_at >= ${iso(since)}
      and (state_before->>'state')::int = 2
    group by 1`;
  const pick = (mature: boolean): RetentionCounts => {
    const r = rows.find((row) => row.mature === mature);
    return { reviews: Number(r?.reviews ?? 0), passed: Number(r?.passed ?? 0) };
  };
  return { young: pick(false), mature: pick(true) };
}

/**
 * The starts of `days` (consecutive learner days in `tz`) and the end of the last one: the
 * thresholds `width_bucket` places a timestamp among. Bucket i (1-based) is `days[i - 1]`, 0 is
 * before the first day. Converting each row's time to the learner's zone instead (`at time zone`,
 * then a date) cost most of a year's statement: the zone's rules are looked up per row.
 */
function dayThresholds(days: readonly string[], tz: string): string[] {
  // Sent as text[] and cast in a sub-select: the pool passes timestamps through as given, which a
  // timestamptz[] parameter does not survive (postgres.js would write the array itself as the
  // value), and the cast depends on the session's zone, so inline it would run once per row.
  const last = days.at(-1);
  if (!last) return [];
  return [...days, addDays(last, 1)].map((day) => startOfLocalDay(day, tz).toISOString());
}

/** Counts per bucket of `dayThresholds(days)` as counts per day. */
function perDay(days: readonly string[], rows: { bucket: number; count: string }[]) {
  const counts = new Map<string, number>();
  for (const r of rows) {
    const day = days[r.bucket - 1];
    if (day) counts.set(day, Number(r.count));
  }
  return counts;
}

/** Cards due on each of `days` (the first is today); overdue ones count on today. */
export async function dueForecast(
  q: Query,
  userId: number,
  tz: string,
  days: readonly string[],
): Promise<Map<string, number>> {
  const thresholds = dayThresholds(days, tz);
  const end = thresholds.at(-1);
  if (!end) return new Map();
  const rows = await q<{ bucket: number; count: string }[]>`
    select greatest(width_bucket(due, (select ${thresholds}::text[]::timestamptz[])), 1) as bucket,
      count(*) as count
    from card_schedules
    where user_id = ${userId} and state <> 0 and due < ${end}
    group by 1`;
  return perDay(days, rows);
}

/** Reviews on each of `days`, consecutive learner days. */
export async function reviewsPerDay(
  q: Query,
  userId: number,
  tz: string,
  days: readonly string[],
): Promise<Map<string, number>> {
  const thresholds = dayThresholds(days, tz);
  const [start, end] = [thresholds[0], thresholds.at(-1)];
  if (!start || !end) return new Map();
  const rows = await q<{ bucket: number; count: string }[]>`
    select width_bucket(reviewed_at, (select ${thresholds}::text[]::timestamptz[])) as bucket,
      count(*) as count
    from review_logs
    where user_id = ${userId} and reviewed_at >= ${start} and reviewed_at < ${end}
    group by 1`;
  return perDay(days, rows);
}

export interface DeckMaturity {
  deckId: number;
  deckName: string;
  new: number;
  learning: number;
  young: number;
  mature: number;
}

/** Per deck the learner sees: cards new, learning (or relearning), young and mature. */
export async function deckMaturity(q: Query, userId: number): Promise<DeckMaturity[]> {
  const rows = await q<
    {
      desk_id: number;
      name: string;
      new: string;
      learning: string;
      young: string;
      mature: string;
    }[]
  >`
    select s.desk_id, d.name,
      count(*) filter (where s.state = 0) as new,
      count(*) filter (where s.state in (1, 3)) as learning,
      count(*) filter (where s.state = 2 and s.scheduled_days < ${MATURE_DAYS}) as young,
      count(*) filter (where s.state = 2 and s.scheduled_days >= ${MATURE_DAYS}) as mature
    from card_schedules s join desks d on d.id = s.desk_id
    where s.user_id = ${userId}
    group by s.desk_id, d.name
    order by d.name, s.desk_id`;
  return rows.map((r) => ({
    deckId: r.desk_id,
    deckName: r.name,
    new: Number(r.new),
    learning: Number(r.learning),
    young: Number(r.young),
    mature: Number(r.mature),
  }));
}
