import type { Handlers, Schemas } from '../../contract/types.ts';
import { reviewsPerDay } from '../../db/queries/learning.ts';
import { reviewTotals } from '../../db/queries/reviews.ts';
import { addDays, learnerDay, mondayOf, WEEKDAYS } from '../../domain/review/scheduling.ts';
import { currentUser } from '../../http/current-user.ts';

export const handlers: Handlers = {
  /** Reviews per day of the learner's current week (Monday to Sunday, in their time zone). */
  async getCardStats(c) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const tz = user.timezone;
    const today = learnerDay(new Date(), tz);
    const monday = mondayOf(today.day);
    const dates = WEEKDAYS.map((_, i) => addDays(monday, i));
    const [perDay, totals] = await Promise.all([
      reviewsPerDay(sql, user.id, tz, dates),
      reviewTotals(sql, user.id, today),
    ]);
    const week = WEEKDAYS.map((day, i) => {
      const date = dates[i] ?? monday;
      return { day, date, count: perDay.get(date) ?? 0 };
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
