/** The learning figures (retention, forecast, reviews per day, deck maturity) of `/my-progress`. */
import type { Handlers, Schemas } from '../../contract/types.ts';
import {
  deckMaturity,
  dueForecast,
  type RetentionCounts,
  retentionSince,
  reviewsPerDay,
} from '../../db/queries/learning.ts';
import { lastDays } from '../../domain/progress/streaks.ts';
import { addDays, localDate } from '../../domain/review/scheduling.ts';
import { currentUser } from '../../http/current-user.ts';

export const RETENTION_DAYS = 30;
export const FORECAST_DAYS = 30;
export const HISTORY_DAYS = 365;

const retention = (r: RetentionCounts): Schemas['Retention'] => ({
  reviews: r.reviews,
  passed: r.passed,
  rate: r.reviews === 0 ? null : r.passed / r.reviews,
});

export const handlers: Handlers = {
  async getLearningStats(c) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const tz = user.timezone;
    const now = new Date();
    const today = localDate(now, tz);
    const forecastDays = lastDays(addDays(today, FORECAST_DAYS - 1), FORECAST_DAYS);
    const historyDays = lastDays(today, HISTORY_DAYS);
    const [kept, due, reviewed, decks] = await Promise.all([
      retentionSince(sql, user.id, new Date(now.getTime() - RETENTION_DAYS * 86_400_000)),
      dueForecast(sql, user.id, tz, forecastDays),
      reviewsPerDay(sql, user.id, tz, historyDays),
      deckMaturity(sql, user.id),
    ]);
    const body: Schemas['LearningStats'] = {
      retention: {
        young: retention(kept.young),
        mature: retention(kept.mature),
        total: retention({
          reviews: kept.young.reviews + kept.mature.reviews,
          passed: kept.young.passed + kept.mature.passed,
        }),
      },
      forecast: forecastDays.map((date) => ({ date, count: due.get(date) ?? 0 })),
      reviews_per_day: historyDays.map((date) => ({ date, count: reviewed.get(date) ?? 0 })),
      decks: decks.map((d) => ({
        deck_id: d.deckId,
        deck_name: d.deckName,
        new: d.new,
        learning: d.learning,
        young: d.young,
        mature: d.mature,
      })),
    };
    return c.json(body, 200);
  },
};
