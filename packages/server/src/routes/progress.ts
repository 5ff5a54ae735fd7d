import type { Handlers, Schemas } from '../contract/types.ts';
import { addDays, learnerDay, mondayOf, startOfLocalDay, WEEKDAYS } from '../domain/scheduling.ts';
import { currentUser } from '../http/current-user.ts';

export const handlers: Handlers = {
  /** Reviews per day of the learner's current week (Monday to Sunday, in their time zone). */
  async getCardStats(c) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const tz = user.timezone;
    const today = learnerDay(new Date(), tz);
    const monday = mondayOf(today.day);
    const from = startOfLocalDay(monday, tz);
    const to = startOfLocalDay(addDays(monday, 7), tz);
    const [perDay, [totals]] = await Promise.all([
      sql`
        select to_char(reviewed_at at time zone ${tz}, 'YYYY-MM-DD') as day, count(*)::int as n
        from review_logs
        where user_id = ${user.id} and reviewed_at >= ${from.toISOString()} and reviewed_at < ${to.toISOString()}
        group by 1`,
      sql`
        select count(*)::int as total,
               count(*) filter (where reviewed_at >= ${today.start.toISOString()}
                                and reviewed_at < ${today.end.toISOString()})::int
                 as today
        from review_logs where user_id = ${user.id}`,
    ]);
    const byDay = new Map(perDay.map((r) => [r.day as string, r.n as number]));
    const week = WEEKDAYS.map((day, i) => {
      const date = addDays(monday, i);
      return { day, date, count: byDay.get(date) ?? 0 };
    });
    const stats: Schemas['CardStats'] = {
      week_start: monday,
      week_daily_breakdown: week,
      total_this_week: week.reduce((sum, d) => sum + d.count, 0),
      reviews_today: (totals?.today as number) ?? 0,
      total_reviews: (totals?.total as number) ?? 0,
    };
    return c.json(stats, 200);
  },
};
