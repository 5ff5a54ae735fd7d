/** Contract-typed review data shared by the stories and tests of the review island. */
import { type DueCard, type DueCards, LEARN_AHEAD_SECONDS, type ReviewResult } from '@memoria/api';
import { deck } from '../../shared/test/fixtures.ts';

export { deck };

const MIN = 60;
const DAY = 86_400;
const NOW = Date.parse('2025-01-15T10:30:00.000Z');

const at = (seconds: number) => new Date(NOW + seconds * 1000).toISOString();
const interval = (seconds: number) => ({ due: at(seconds), interval_seconds: seconds });

/** A card of the queue with its previews (the server's `previews` covered it). */
export type PreviewedCard = DueCard & { intervals: NonNullable<DueCard['intervals']> };

export function dueCard(
  id: number,
  front: string,
  back: string,
  state: DueCard['state'],
): PreviewedCard {
  const learning = state === 'learning' || state === 'relearning';
  const isNew = state === 'new';
  return {
    id,
    desk_id: 7,
    note_id: id,
    ordinal: 1,
    front,
    back,
    front_html: front,
    back_html: back,
    front_image: null,
    back_image: null,
    state,
    due: at(-MIN),
    stability: isNew ? 0 : learning ? 0.4 : 12.3,
    difficulty: isNew ? 0 : 5.2,
    reps: isNew ? 0 : learning ? 1 : 6,
    lapses: state === 'relearning' ? 1 : 0,
    last_review: isNew ? null : at(learning ? -10 * MIN : -12 * DAY),
    created_at: at(-20 * DAY),
    updated_at: at(-DAY),
    intervals: isNew
      ? {
          again: interval(MIN),
          hard: interval(6 * MIN),
          good: interval(10 * MIN),
          easy: interval(8 * DAY),
        }
      : learning
        ? {
            again: interval(5 * MIN),
            hard: interval(10 * MIN),
            good: interval(DAY),
            easy: interval(4 * DAY),
          }
        : {
            again: interval(10 * MIN),
            hard: interval(9 * DAY),
            good: interval(36 * DAY),
            easy: interval(95 * DAY),
          },
  };
}

export const CARDS = {
  fresh: dueCard(101, 'Paris', 'capital of France', 'new'),
  learning: dueCard(102, 'Madrid', 'capital of Spain', 'learning'),
  review: dueCard(103, 'Rome', 'capital of Italy', 'review'),
};

export function queue(cards: DueCard[], extra: Partial<DueCards> = {}): DueCards {
  const fresh = cards.filter((c) => c.state === 'new').length;
  return {
    day: '2025-01-15',
    desk_id: 7,
    due_count: cards.length - fresh,
    new_count: fresh,
    remaining_today: cards.length,
    cards,
    ...extra,
  };
}

export function reviewResult(card: PreviewedCard, rating: ReviewResult['rating']): ReviewResult {
  const { intervals, ...plain } = card;
  const next = intervals[rating];
  return {
    card: { ...plain, state: 'learning', due: next.due, last_review: at(0) },
    rating,
    next_due: next.due,
    interval_seconds: next.interval_seconds,
    // As the server answers: previews only for a card that comes back in today's session.
    intervals: next.interval_seconds <= LEARN_AHEAD_SECONDS ? intervals : null,
    review_id: 1,
    remaining_today: 0,
  };
}
