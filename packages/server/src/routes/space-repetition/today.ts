/**
 * A learner's today on their desks: the due window, each desk's new-card allowance, and the counts
 * that the desk list and every rating answer show. The review queue applies the same window and
 * allowance inside its one statement (`dueQueue`, with the allowance's SQL form, which
 * `queue.test.ts` compares with the domain's).
 */
import type { DeskAccess } from '../../db/queries/desks.ts';
import type { Query } from '../../db/queries/pg.ts';
import { type DeskAllowance, introducedOn, queueCounts } from '../../db/queries/queue.ts';
import { type DueWindow, dueWindow, newCardsAllowance } from '../../domain/review/queue.ts';
import { type LearnerDay, learnerDay } from '../../domain/review/scheduling.ts';

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

export async function learnerToday(
  q: Query,
  user: { id: number; timezone: string },
  desks: DeskLimit[],
  now = new Date(),
): Promise<LearnerToday> {
  const day = learnerDay(now, user.timezone);
  const introduced = await introducedOn(q, user.id, day.day);
  return composeToday(user.id, desks, day, introduced, now);
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
