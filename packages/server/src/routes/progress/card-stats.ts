import type { Handlers, Schemas } from '../../contract/types.ts';
import { reviewTotals } from '../../db/queries/reviews.ts';
import {
  addDays,
  learnerDay,
  mondayOf,
  startOfLocalDay,
  WEEKDAYS,
} from '../../domain/scheduling.ts';
import { currentUser } from '../../http/current-user.ts';

export const handlers: Handlers = {
  /** Reviews per day of the learner's current week (Monday to Sunday, in their time zone). */
  async getCardStats(c) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const tz = user.timezone;
    const today = learnerDay(new Date(), tz);
    const monday = mondayOf(today.day);
    const range = {
      from: startOfLocalDay(monday, tz),
      to: startOfLocalDay(addDays(monday, 7), tz),
    };
    const totals = await reviewTotals(sql, user.id, tz, range, today);
    const week = WEEKDAYS.map((day, i) => {
      const date = addDays(monday, i);
      return { day, date, count: totals.perDay.get(date) ?? 0 };
    });
    const stats: Schemas['CardStats'] = {
      week_start: monday,
      week_daily_breakdown: week,
      total_this_week: week.reduce((sum, d) => sum + d.count, 0),
      reviews_today: totals.today,
      total_reviews: totals.total,
    };
    return c.json(stats, 200);
  },
};
