/** The streak (`my_streak`) and the progress figures, both from the learner's active days. */
import { clockOf } from '../../clock.ts';
import type { Handlers, Schemas } from '../../contract/types.ts';
import { activeDays, duelTotals } from '../../db/queries/activities.ts';
import { reviewCount } from '../../db/queries/reviews.ts';
import { lastDays, streakFigures } from '../../domain/progress/streaks.ts';
import { localDate } from '../../domain/review/scheduling.ts';
import { currentUser } from '../../http/current-user.ts';
import { settleRunning } from '../../services/duels/duel-settlement.ts';

/** Days of the right panel's grid and of `monthly_activity`. */
export const MONTH_DAYS = 31;

export const handlers: Handlers = {
  async getMyStreak(c) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const today = localDate(new Date(), user.timezone);
    const days = await activeDays(sql, user.id);
    const figures = streakFigures(
      days.map((d) => d.day),
      today,
    );
    const byDay = new Map(days.map((d) => [d.day, d]));
    // After a move to a zone behind, the latest recorded day may be past today: the grid ends there.
    const last = figures.lastActivityDate;
    const month = lastDays(last !== null && last > today ? last : today, MONTH_DAYS);
    const body: Schemas['Streak'] = {
      current_streak: figures.current,
      longest_streak: figures.longest,
      days_active: figures.daysActive,
      today_active: figures.todayActive,
      last_activity_date: figures.lastActivityDate,
      monthly_activity: Object.fromEntries(month.map((d) => [d, byDay.get(d)?.count ?? 0])),
      monthly_kinds: Object.fromEntries(month.map((d) => [d, byDay.get(d)?.kinds ?? []])),
    };
    return c.json(body, 200);
  },

  async getProgressSummary(c) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    // Duels whose time ran out count with their result, even if nobody opened them since.
    await settleRunning(sql, [user.id], clockOf(c.get('deps')).now());
    const today = localDate(new Date(), user.timezone);
    const [days, duels, reviews] = await Promise.all([
      activeDays(sql, user.id),
      duelTotals(sql, user.id),
      reviewCount(sql, user.id),
    ]);
    const figures = streakFigures(
      days.map((d) => d.day),
      today,
    );
    const body: Schemas['ProgressSummary'] = {
      current_streak: figures.current,
      longest_streak: figures.longest,
      days_active: figures.daysActive,
      total_responses: reviews + duels.responses,
      reviews,
      duels_played: duels.played,
      duels_won: duels.won,
      win_rate: duels.played === 0 ? null : duels.won / duels.played,
    };
    return c.json(body, 200);
  },
};
