/** Custom-study answers for the dialog's tests and stories (only how many cards matters). */
import type { CustomStudySession, DueCard } from '@memoria/api';

const card: DueCard = {
  id: 103,
  desk_id: 7,
  note_id: 103,
  ordinal: 1,
  front: 'Rome',
  back: 'capital of Italy',
  front_html: 'Rome',
  back_html: 'capital of Italy',
  front_image: null,
  back_image: null,
  state: 'review',
  due: '2025-01-15T10:29:00.000Z',
  stability: 12.3,
  difficulty: 5.2,
  reps: 6,
  lapses: 0,
  last_review: '2025-01-03T10:30:00.000Z',
  created_at: '2024-12-26T10:30:00.000Z',
  updated_at: '2025-01-14T10:30:00.000Z',
  intervals: null,
};

/** The session `POST custom-study/` answers: one card, or none (`empty`). */
export function customSession(
  kind: CustomStudySession['kind'],
  { empty = false } = {},
): CustomStudySession {
  return { kind, desk_id: 7, cram: kind === 'cram', cards: empty ? [] : [card] };
}
