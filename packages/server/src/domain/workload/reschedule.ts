/**
 * Postpone and advance, as FSRS Helper does them: after a break (postpone) or before a trip or a
 * test (advance), move whole reviews in the order that costs memory least. A card's "ratio" is
 * its elapsed time over the interval its stability gives at the desired retention (the Helper's
 * `(1/R - 1) / (1/DR - 1)`, the same on FSRS-6's curve): postpone first moves the cards least
 * overdue after the move, advance first those most nearly due, then the most stable; a move is
 * safe while the postponed review is at most 15 % past its interval, the advanced one at most
 * 13 % short of it (the Helper's limits). Pure.
 */
import { type Curve, intervalFor, retrievability } from './memory.ts';

const DAY_MS = 86_400_000;
export const POSTPONE_SAFE_RATIO = 0.15;
export const ADVANCE_SAFE_RATIO = 0.13;

export type RescheduleKind = 'postpone' | 'advance';

export interface RescheduleCandidate {
  cardId: number;
  stability: number;
  lastReview: Date;
  due: Date;
}

export interface RescheduleMove {
  cardId: number;
  dueBefore: Date;
  dueAfter: Date;
}

export interface ReschedulePlan {
  moves: RescheduleMove[];
  safeCount: number;
  retentionBefore: number | null;
  retentionAfter: number | null;
}

export interface RescheduleRequest {
  kind: RescheduleKind;
  days: number;
  /** Postpone: reviews due until the end of today; advance: due after now and within `days`. */
  candidates: readonly RescheduleCandidate[];
  now: Date;
  curve: Curve;
  desiredRetention: number;
  /** Move this many in order, safe or not; only the safe ones without it. */
  limit?: number;
}

/** Where a candidate's review goes: `days` later than it was due (or now), or now. */
function newDue(kind: RescheduleKind, card: RescheduleCandidate, now: Date, days: number): Date {
  if (kind === 'advance') return now;
  return new Date(Math.max(card.due.getTime(), now.getTime()) + days * DAY_MS);
}

function ratio(request: RescheduleRequest, card: RescheduleCandidate): number {
  const interval = intervalFor(request.curve, card.stability, request.desiredRetention);
  const at =
    request.kind === 'advance' ? request.now : newDue('postpone', card, request.now, request.days);
  const elapsed = (at.getTime() - card.lastReview.getTime()) / DAY_MS;
  return request.kind === 'postpone' ? elapsed / interval - 1 : 1 - elapsed / interval;
}

export function planReschedule(request: RescheduleRequest): ReschedulePlan {
  const ranked = request.candidates
    .map((card) => ({ card, ratio: ratio(request, card) }))
    .sort((a, b) => a.ratio - b.ratio || b.card.stability - a.card.stability);
  const safeLimit = request.kind === 'postpone' ? POSTPONE_SAFE_RATIO : ADVANCE_SAFE_RATIO;
  const safeCount = ranked.filter((r) => r.ratio <= safeLimit).length;
  const chosen = ranked.slice(0, request.limit ?? safeCount);
  const rAt = (card: RescheduleCandidate, at: Date) =>
    retrievability(
      request.curve,
      (at.getTime() - card.lastReview.getTime()) / DAY_MS,
      card.stability,
    );
  const mean = (values: number[]) =>
    values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
  const moves = chosen.map(({ card }) => ({
    cardId: card.cardId,
    dueBefore: card.due,
    dueAfter: newDue(request.kind, card, request.now, request.days),
  }));
  return {
    moves,
    safeCount,
    retentionBefore: mean(chosen.map(({ card }) => rAt(card, card.due))),
    retentionAfter: mean(chosen.map(({ card }, i) => rAt(card, moves[i]?.dueAfter ?? card.due))),
  };
}
