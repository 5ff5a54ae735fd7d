/** Time tracking: ingest of the tracker's batches and the time statistics. */
import type { Handlers, Schemas } from '../../contract/types.ts';
import {
  insertVisits,
  lockLearnerTime,
  type NewVisit,
  storedDayTotals,
  timeTotals,
  upsertSession,
  visitsWithin,
} from '../../db/queries/time-tracking.ts';
import { inTransaction } from '../../db/transaction.ts';
import { lastDays } from '../../domain/progress/streaks.ts';
import {
  batchProblems,
  DAY_MS,
  featureOfPage,
  overlaps,
  TIME_MESSAGES,
  type VisitInput,
} from '../../domain/progress/time-tracking.ts';
import { addDays, localDate, mondayOf } from '../../domain/review/scheduling.ts';
import { currentUser } from '../../http/current-user.ts';
import { validationError } from '../../http/errors.ts';

const TOP_PAGES = 10;

const sameVisit = (a: { page: string; start: Date }, b: { page: string; start: Date }) =>
  a.page === b.page && a.start.getTime() === b.start.getTime();

export const handlers: Handlers = {
  async recordTimeTracking(c, { body }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const visits: VisitInput[] = body.pages.map((p) => ({
      page: p.page,
      start: new Date(p.start_time),
      end: new Date(p.end_time),
      duration: p.duration,
      timestamp: new Date(p.timestamp),
    }));
    const sessionStart = new Date(body.session_start_time);
    const problems = batchProblems(
      { sessionStart, totalTime: body.total_time, visits },
      new Date(),
    );
    if (Object.keys(problems).length > 0) throw validationError(problems);

    const receipt = await inTransaction(sql, async (tx) => {
      await lockLearnerTime(tx, user.id);
      const stored =
        visits.length === 0
          ? []
          : await visitsWithin(
              tx,
              user.id,
              body.session_id,
              new Date(Math.min(...visits.map((v) => v.start.getTime()))),
              new Date(Math.max(...visits.map((v) => v.end.getTime()))),
            );
      // A visit stored before (same page and start) is a retry; anything else overlapping is not.
      const fresh: NewVisit[] = [];
      const clashes: Record<string, string[]> = {};
      visits.forEach((v, i) => {
        if (stored.some((s) => sameVisit(s, v))) return;
        if (stored.some((s) => overlaps(s, v))) {
          clashes[`pages.${i}.start_time`] = [TIME_MESSAGES.overlaps];
          return;
        }
        if (fresh.some((f) => sameVisit(f, v))) return;
        fresh.push({ ...v, day: localDate(v.start, user.timezone) });
      });
      if (Object.keys(clashes).length > 0) throw validationError(clashes);
      const days = [...new Set(fresh.map((v) => v.day))];
      const totals = await storedDayTotals(tx, user.id, days);
      for (const v of fresh) totals.set(v.day, (totals.get(v.day) ?? 0) + v.duration);
      if ([...totals.values()].some((ms) => ms > DAY_MS)) {
        throw validationError({ pages: [TIME_MESSAGES.dayOverflow] });
      }
      const totalTime = await upsertSession(tx, {
        userId: user.id,
        sessionId: body.session_id,
        startedAt: sessionStart,
        totalTime: body.total_time,
      });
      const recorded = await insertVisits(tx, user.id, body.session_id, fresh);
      return { totalTime, recorded };
    });
    const result: Schemas['TimeTrackingReceipt'] = {
      session_id: body.session_id,
      total_time: receipt.totalTime,
      pages_recorded: receipt.recorded,
    };
    return c.json(result, 201);
  },

  async getTimeTrackingStats(c, { query }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const today = localDate(new Date(), user.timezone);
    const range = lastDays(today, query.days ?? 7);
    const monday = mondayOf(today);
    const from = range[0] && range[0] < monday ? range[0] : monday;
    const totals = await timeTotals(sql, user.id, from);
    let week = 0;
    for (let d = monday; d <= today; d = addDays(d, 1)) week += totals.perDay.get(d) ?? 0;
    const features = new Map<string, number>();
    for (const p of totals.perPage) {
      const feature = featureOfPage(p.page);
      features.set(feature, (features.get(feature) ?? 0) + p.total);
    }
    const body: Schemas['TimeTrackingStats'] = {
      total_time: totals.total,
      today_time: totals.perDay.get(today) ?? 0,
      week_time: week,
      sessions_count: totals.sessions,
      daily: range.map((date) => ({ date, total_time: totals.perDay.get(date) ?? 0 })),
      top_pages: totals.perPage
        .slice(0, TOP_PAGES)
        .map((p) => ({ page: p.page, total_time: p.total, visits: p.visits })),
      features: [...features]
        .sort((a, b) => b[1] - a[1])
        .map(([feature, total]) => ({
          feature: feature as Schemas['FeatureTime']['feature'],
          total_time: total,
        })),
    };
    return c.json(body, 200);
  },
};
