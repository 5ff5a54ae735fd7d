/**
 * The due day of a review a rating schedules, after FSRS: spread by the load balancer within the
 * fuzz range (the learner's days with fewer reviews due win, easy days weigh less) and capped by
 * the deck's exam date. One extra read per review rating (`balanceContext`): the counts of the
 * few days in the range and the deck's exam date. Learning steps (under a day) are left alone.
 */
import type { Query } from '../../db/queries/pg.ts';
import { balanceContext } from '../../db/queries/workload.ts';
import { DEFAULT_WEIGHTS, type LearnerModel } from '../../domain/review/memory-model.ts';
import {
  addDays,
  FSRS_PARAMETERS,
  type LearnerDay,
  type Schedule,
  startOfLocalDay,
  weekdayIndex,
} from '../../domain/review/scheduling.ts';
import { examCap } from '../../domain/workload/exam.ts';
import { fuzzRange } from '../../domain/workload/fuzz.ts';
import {
  balancedInterval,
  type EasyDays,
  MAX_BALANCED_INTERVAL,
} from '../../domain/workload/load-balancer.ts';
import { curveOf, intervalFor } from '../../domain/workload/memory.ts';
import { hashUnit } from '../../domain/workload/random.ts';

const DAY_MS = 86_400_000;

export interface DueDayRequest {
  userId: number;
  cardId: number;
  deckId: number;
  timeZone: string;
  today: LearnerDay;
  reviewedAt: Date;
  /** The schedule FSRS gave (fuzzed due), its memory state after the rating. */
  schedule: Schedule;
  /** Whole days since the previous review. */
  elapsedDays: number;
  model: LearnerModel;
  /** The deck's preset's week (`easyWeekOf`); every day normal without it. */
  easyDays?: EasyDays;
}

/** The schedule with its due moved to the balanced (and exam-capped) day, or as it was. */
export async function balanceDueDay(q: Query, request: DueDayRequest): Promise<Schedule> {
  const { schedule, today, reviewedAt } = request;
  if (schedule.state !== 2 || schedule.scheduledDays < 1) return schedule;
  const curve = curveOf(request.model.parameters ?? DEFAULT_WEIGHTS);
  const retention = request.model.desiredRetention;
  const maxInterval = FSRS_PARAMETERS.maximum_interval;
  const center = Math.min(
    Math.max(1, Math.round(intervalFor(curve, schedule.stability, retention))),
    maxInterval,
  );
  let [lo, hi] = fuzzRange(center, request.elapsedDays, maxInterval);
  // FSRS's own day (it may sit outside the range when ts-fsrs moved Easy past Good) is kept
  // unless balancing or an exam moves it.
  let interval = schedule.scheduledDays;
  const balancing = hi > lo && hi <= MAX_BALANCED_INTERVAL;
  const { dueByDay, examDate } = await balanceContext(
    q,
    request.userId,
    request.deckId,
    startOfLocalDay(addDays(today.day, Math.min(lo, interval)), request.timeZone),
    startOfLocalDay(addDays(today.day, Math.max(hi, interval) + 1), request.timeZone),
    request.timeZone,
    today.day,
  );
  if (examDate !== null && examDate >= today.day) {
    const daysToExam = Math.round((Date.parse(examDate) - Date.parse(today.day)) / DAY_MS);
    const cap = examCap({ curve, stability: schedule.stability, daysToExam, retention });
    if (cap !== null) {
      hi = Math.min(hi, cap);
      lo = Math.min(lo, hi);
      interval = Math.min(interval, cap);
    }
  }
  if (balancing && hi > lo) {
    interval = balancedInterval({
      minInterval: lo,
      maxInterval: hi,
      dueOn: (n) => dueByDay.get(addDays(today.day, n)) ?? 0,
      weekdayOf: (n) => weekdayIndex(addDays(today.day, n)),
      easyDays: request.easyDays,
      random: hashUnit(request.cardId, schedule.reps),
      preferred: interval,
    });
  }
  if (interval === schedule.scheduledDays) return schedule;
  return {
    ...schedule,
    due: new Date(reviewedAt.getTime() + interval * DAY_MS),
    scheduledDays: interval,
  };
}
