/**
 * An exam date caps a deck's intervals: until the exam, a review is scheduled no later than the
 * day the card's predicted retrievability falls to the desired retention, whenever the due day
 * FSRS (with fuzz and load balancing) picked would leave it under that on the exam day. By
 * induction every card of the deck is then at or above the desired retention on the exam day, or
 * due (so reviewed) by then.
 */
import { type Curve, intervalFor, retrievability } from './memory.ts';

export interface ExamCapRequest {
  curve: Curve;
  /** The card's stability after today's review. */
  stability: number;
  /** Whole days from today to the exam day (0: the exam is today). */
  daysToExam: number;
  retention: number;
}

/** The longest interval allowed in days, or null when the exam puts no limit on this card. */
export function examCap(request: ExamCapRequest): number | null {
  const { curve, stability, daysToExam, retention } = request;
  if (daysToExam < 0) return null;
  if (retrievability(curve, daysToExam, stability) >= retention) return null;
  return Math.max(1, Math.floor(intervalFor(curve, stability, retention)));
}
