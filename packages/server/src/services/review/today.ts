/**
 * A learner's today on their decks: the due window, each deck's new-card allowance, and the counts
 * that the deck list and every rating answer show. The review queue applies the same window and
 * allowance inside its one statement (`dueQueue`, with the allowance's SQL form, which
 * `queue.test.ts` compares with the domain's).
 */
import type { DeckAccess } from '../../db/queries/desks.ts';
import type { Query } from '../../db/queries/pg.ts';
import { type DeckAllowance, introducedOn, queueCounts } from '../../db/queries/queue.ts';
import { type DueWindow, dueWindow, newCardsAllowance } from '../../domain/review/queue.ts';
import { type LearnerDay, learnerDay } from '../../domain/review/scheduling.ts';

export interface LearnerToday {
  userId: number;
  now: Date;
  day: LearnerDay;
  window: DueWindow;
  /** New cards introduced (first rated) today, per deck. */
  introduced: Map<number, number>;
  allowances: DeckAllowance[];
}

export interface DeckCounts {
  newToday: number;
  dueCount: number;
  /** New cards in the queue: the allowance, capped by the new cards left. */
  newCount: number;
}

type DeckLimit = Pick<DeckAccess, 'id' | 'newCardsPerDay'>;

export async function learnerToday(
  q: Query,
  user: { id: number; timezone: string },
  decks: DeckLimit[],
  now = new Date(),
): Promise<LearnerToday> {
  const day = learnerDay(now, user.timezone);
  const introduced = await introducedOn(q, user.id, day.day);
  return composeToday(user.id, decks, day, introduced, now);
}

function composeToday(
  userId: number,
  decks: DeckLimit[],
  day: LearnerDay,
  introduced: Map<number, number>,
  now: Date,
): LearnerToday {
  const allowances = decks.map((d) => ({
    deckId: d.id,
    allowance: newCardsAllowance(d.newCardsPerDay, introduced.get(d.id) ?? 0),
  }));
  return { userId, now, day, window: dueWindow(now, day), introduced, allowances };
}

/** Today's counts of each deck, and when the next learning step past the window falls due. */
export async function deckCounts(
  q: Query,
  today: LearnerToday,
): Promise<{ decks: Map<number, DeckCounts>; nextStepDue: Date | null }> {
  const counts = await queueCounts(
    q,
    today.userId,
    today.allowances,
    today.window,
    today.day.start,
  );
  const out = new Map<number, DeckCounts>();
  for (const { deckId } of today.allowances) {
    out.set(deckId, {
      newToday: today.introduced.get(deckId) ?? 0,
      dueCount: counts.decks.get(deckId)?.dueCount ?? 0,
      newCount: counts.decks.get(deckId)?.newCount ?? 0,
    });
  }
  return { decks: out, nextStepDue: counts.nextStepDue };
}

/** Cards left in today's queue of one deck (what a rating answer reports). */
export async function remainingToday(
  q: Query,
  user: { id: number; timezone: string },
  deck: DeckLimit,
): Promise<number> {
  const counts = await deckCounts(q, await learnerToday(q, user, [deck]));
  const n = counts.decks.get(deck.id);
  return n ? n.dueCount + n.newCount : 0;
}
