/**
 * Learning figures from the review log and the schedules (Anki's statistics): true retention,
 * the due forecast, reviews per day and per-desk maturity. Days are the learner's, in `tz`.
 */
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

/** Cards due per learner day before `until`; overdue ones count on `today`. */
export async function dueForecast(
  q: Query,
  userId: number,
  tz: string,
  today: string,
  until: Date,
): Promise<Map<string, number>> {
  const rows = await q<{ day: string; count: string }[]>`
    select to_char(greatest((due at time zone ${tz})::date, ${today}::date), 'YYYY-MM-DD') as day,
      count(*) as count
    from card_schedules
    where user_id = ${userId} and state <> 0 and due < ${iso(until)}
    group by 1`;
  return new Map(rows.map((r) => [r.day, Number(r.count)]));
}

/** Reviews per learner day since `since`. */
export async function reviewsPerDay(
  q: Query,
  userId: number,
  tz: string,
  since: Date,
): Promise<Map<string, number>> {
  const rows = await q<{ day: string; count: string }[]>`
    select to_char((reviewed_at at time zone ${tz})::date, 'YYYY-MM-DD') as day, count(*) as count
    from review_logs
    where user_id = ${userId} and reviewed_at >= ${iso(since)}
    group by 1`;
  return new Map(rows.map((r) => [r.day, Number(r.count)]));
}

export interface DeskMaturity {
  deskId: number;
  deskName: string;
  new: number;
  learning: number;
  young: number;
  mature: number;
}

/** Per desk the learner sees: cards new, learning (or relearning), young and mature. */
export async function deskMaturity(q: Query, userId: number): Promise<DeskMaturity[]> {
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
    deskId: r.desk_id,
    deskName: r.name,
    new: Number(r.new),
    learning: Number(r.learning),
    young: Number(r.young),
    mature: Number(r.mature),
  }));
}

/** Every rating the learner ever gave. */
export async function reviewCount(q: Query, userId: number): Promise<number> {
  const [row] = await q<{ n: string }[]>`
    select count(*) as n from review_logs where user_id = ${userId}`;
  return Number(row?.n ?? 0);
}
