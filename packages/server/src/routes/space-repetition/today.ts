/**
 * A learner's today on their desks: the due window, each desk's new-card allowance, and the counts
 * that the desk list, the queue and every rating answer show. One composition, so they agree.
 */
import type { DeskAccess } from '../../db/queries/desks.ts';
import type { Query } from '../../db/queries/pg.ts';
import { type DeskAllowance, introducedOn, queueCounts } from '../../db/queries/queue.ts';
import { type DueWindow, dueWindow, newCardsAllowance } from '../../domain/queue.ts';
import { type LearnerDay, learnerDay } from '../../domain/scheduling.ts';

export interface LearnerToday {
  userId: number;
  now: Date;
  day: LearnerDay;
  window: DueWindow;
  /** New cards introduced (first rated) today, per desk. */
  introduced: Map<number, number>;
  allowances: DeskAllowance[];
}

export interface DeskCounts {
  newToday: number;
  dueCount: number;
  /** New cards in the queue: the allowance, capped by the new cards left. */
  newCount: number;
}

type DeskLimit = Pick<DeskAccess, 'id' | 'newCardsPerDay'>;

/**
 * Reads the desks and today's introduction counters at once (neither waits for the other), then
 * composes the learner's today.
 */
export async function learnerTodayOf<D extends DeskLimit>(
  q: Query,
  user: { id: number; timezone: string },
  desks: Promise<D[]>,
  now = new Date(),
): Promise<{ desks: D[]; today: LearnerToday }> {
  const day = learnerDay(now, user.timezone);
  const [list, introduced] = await Promise.all([desks, introducedOn(q, user.id, day.day)]);
  return { desks: list, today: composeToday(user.id, list, day, introduced, now) };
}

export async function learnerToday(
  q: Query,
  user: { id: number; timezone: string },
  desks: DeskLimit[],
  now = new Date(),
): Promise<LearnerToday> {
  return (await learnerTodayOf(q, user, Promise.resolve(desks), now)).today;
}

function composeToday(
  userId: number,
  desks: DeskLimit[],
  day: LearnerDay,
  introduced: Map<number, number>,
  now: Date,
): LearnerToday {
  const allowances = desks.map((d) => ({
    deskId: d.id,
    allowance: newCardsAllowance(d.newCardsPerDay, introduced.get(d.id) ?? 0),
  }));
  return { userId, now, day, window: dueWindow(now, day), introduced, allowances };
}

/** Today's counts of each desk, and when the next learning step past the window falls due. */
export async function deskCounts(
  q: Query,
  today: LearnerToday,
): Promise<{ desks: Map<number, DeskCounts>; nextStepDue: Date | null }> {
  const counts = await queueCounts(q, today.userId, today.allowances, today.window);
  const out = new Map<number, DeskCounts>();
  for (const { deskId } of today.allowances) {
    out.set(deskId, {
      newToday: today.introduced.get(deskId) ?? 0,
      dueCount: counts.desks.get(deskId)?.dueCount ?? 0,
      newCount: counts.desks.get(deskId)?.newCount ?? 0,
    });
  }
  return { desks: out, nextStepDue: counts.nextStepDue };
}

/** Cards left in today's queue of one desk (what a rating answer reports). */
export async function remainingToday(
  q: Query,
  user: { id: number; timezone: string },
  desk: DeskLimit,
): Promise<number> {
  const counts = await deskCounts(q, await learnerToday(q, user, [desk]));
  const n = counts.desks.get(desk.id);
  return n ? n.dueCount + n.newCount : 0;
}
