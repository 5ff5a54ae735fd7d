/**
 * A learner's today on their desks: the due window, each desk's new-card allowance, and the counts
 * that the desk list, the queue and every rating answer show. One composition, so they agree.
 */
import type { DeskAccess } from '../../db/queries/desks.ts';
import type { Query } from '../../db/queries/pg.ts';
import { type DeskAllowance, introducedToday, queueCounts } from '../../db/queries/queue.ts';
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

export async function learnerToday(
  q: Query,
  user: { id: number; timezone: string },
  desks: Pick<DeskAccess, 'id' | 'newCardsPerDay'>[],
  now = new Date(),
): Promise<LearnerToday> {
  const day = learnerDay(now, user.timezone);
  const introduced = await introducedToday(
    q,
    user.id,
    desks.map((d) => d.id),
    day,
  );
  const allowances = desks.map((d) => ({
    deskId: d.id,
    allowance: newCardsAllowance(d.newCardsPerDay, introduced.get(d.id) ?? 0),
  }));
  return { userId: user.id, now, day, window: dueWindow(now, day), introduced, allowances };
}

/** Today's counts of each desk. */
export async function deskCounts(q: Query, today: LearnerToday): Promise<Map<number, DeskCounts>> {
  const counts = await queueCounts(q, today.userId, today.allowances, today.window);
  const out = new Map<number, DeskCounts>();
  for (const { deskId } of today.allowances) {
    out.set(deskId, {
      newToday: today.introduced.get(deskId) ?? 0,
      dueCount: counts.get(deskId)?.dueCount ?? 0,
      newCount: counts.get(deskId)?.newCount ?? 0,
    });
  }
  return out;
}

/** Cards left in today's queue of one desk (what a rating answer reports). */
export async function remainingToday(
  q: Query,
  user: { id: number; timezone: string },
  desk: Pick<DeskAccess, 'id' | 'newCardsPerDay'>,
): Promise<number> {
  const counts = await deskCounts(q, await learnerToday(q, user, [desk]));
  const n = counts.get(desk.id);
  return n ? n.dueCount + n.newCount : 0;
}
