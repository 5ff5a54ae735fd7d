/** Contract-typed answers for the deck stories (dates relative to FIXED_NOW). */
import type { Card, CardPage, Deck } from '@memoria/api';
import { ago } from '../../../../.storybook/fixtures.ts';
import { deck } from '../../shared/test/fixtures.ts';

export { deck };

export const decks: Deck[] = [
  deck(),
  deck({
    id: 8,
    name: 'Spanish verbs',
    cards_count: 40,
    due_count: 12,
    new_count: 10,
    remaining_today: 22,
    shared_with: ['luis@example.com', 'marta@example.com'],
  }),
  deck({
    id: 9,
    name: 'Anatomy (shared by Prof. Ruiz)',
    cards_count: 120,
    due_count: 5,
    new_count: 0,
    remaining_today: 5,
    is_owner: false,
    can_edit: false,
    owner_username: 'prof_ruiz',
  }),
];

export function card(id: number, front: string, back: string, state: Card['state'] = 'new'): Card {
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
    due:
      state === 'new'
        ? ago({ days: 1 })
        : new Date(Date.parse(ago({})) + 4 * 86_400_000).toISOString(),
    stability: 0,
    difficulty: 0,
    reps: state === 'new' ? 0 : 3,
    lapses: 0,
    last_review: state === 'new' ? null : ago({ days: 2 }),
    created_at: ago({ days: 10 }),
    updated_at: ago({ days: 1 }),
  };
}

export const cardPage: CardPage = {
  count: 4,
  next: null,
  previous: null,
  results: [
    card(101, 'Paris', 'capital of France', 'review'),
    card(102, 'Madrid', 'capital of Spain', 'learning'),
    card(103, 'Rome', 'capital of Italy'),
    card(104, 'Berlin', 'capital of Germany'),
  ],
};

export const emptyPage: CardPage = { count: 0, next: null, previous: null, results: [] };

/** A 1×1 PNG as a data URL, for attached-file thumbnails. */
export const PIXEL_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkaPhfDwAEhQH/b7s0WQAAAABJRU5ErkJggg==';
