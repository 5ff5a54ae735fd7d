/** Contract-typed answers for the deck stories (dates relative to FIXED_NOW). */
import type {
  Card,
  CardPage,
  Deck,
  Note,
  NotePreview,
  NoteType,
  StockNoteType,
} from '@memoria/api';
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

// ── notes ────────────────────────────────────────────────────────────────────────────────────

const stockType = (id: StockNoteType, name: string, fields: string[], required: string[]) => ({
  id,
  name,
  stock: true,
  fields,
  required_fields: required,
  front_template: null,
  back_template: null,
});

/** `GET note-types/`: the stock types, then one own type. */
export const noteTypes: NoteType[] = [
  stockType('basic', 'Basic', ['front', 'back'], ['front']),
  stockType('basic_reversed', 'Basic (and reversed card)', ['front', 'back'], ['front', 'back']),
  stockType(
    'basic_optional_reversed',
    'Basic (optional reversed card)',
    ['front', 'back', 'add_reverse'],
    ['front'],
  ),
  stockType('basic_type_in', 'Basic (type in the answer)', ['front', 'back'], ['front', 'back']),
  stockType('cloze', 'Cloze', ['text', 'extra'], ['text']),
  stockType(
    'image_occlusion',
    'Image Occlusion',
    ['image', 'masks', 'header', 'back_extra'],
    ['image', 'masks'],
  ),
  {
    id: 31,
    name: 'Vocabulary',
    stock: false,
    fields: ['word', 'meaning'],
    required_fields: ['word'],
    front_template: '{{word}}',
    back_template: '{{FrontSide}}<hr id=answer>{{meaning}}',
  },
];

export const CLOZE_TEXT = '{{c1::Canberra::city}} is the capital of {{c2::Australia}}.';

/** `POST notes/preview/` of the cloze note above: its two cards, as the server renders them. */
export const clozePreview: NotePreview = {
  cards: [
    {
      ordinal: 1,
      front_html:
        '<span class="cloze" data-cloze="1">[city]</span> is the capital of <span class="cloze-inactive" data-cloze="2">Australia</span>.',
      back_html:
        '<span class="cloze" data-cloze="1">Canberra</span> is the capital of <span class="cloze-inactive" data-cloze="2">Australia</span>.',
    },
    {
      ordinal: 2,
      front_html:
        '<span class="cloze-inactive" data-cloze="1">Canberra</span> is the capital of <span class="cloze" data-cloze="2">[…]</span>.',
      back_html:
        '<span class="cloze-inactive" data-cloze="1">Canberra</span> is the capital of <span class="cloze" data-cloze="2">Australia</span>.',
    },
  ],
};

/** Two masks of an image occlusion note, as its `masks` field stores them. */
export const OCCLUSION_MASKS = JSON.stringify({
  mode: 'hide_all_guess_one',
  shapes: [
    { kind: 'rect', ordinal: 1, left: 0.09, top: 0.09, width: 0.31, height: 0.105 },
    { kind: 'ellipse', ordinal: 2, left: 0.55, top: 0.47, width: 0.32, height: 0.15 },
  ],
});

export function note(overrides: Partial<Note> = {}): Note {
  return {
    id: 55,
    desk_id: 7,
    note_type: 'cloze',
    fields: { text: CLOZE_TEXT, extra: 'Not Sydney.' },
    tags: ['geography', 'capitals'],
    cards: [
      { ...card(201, '[city] is the capital of Australia.', 'Canberra'), note_id: 55, ordinal: 1 },
      { ...card(202, 'Canberra is the capital of […].', 'Australia'), note_id: 55, ordinal: 2 },
    ],
    created_at: ago({ days: 3 }),
    updated_at: ago({ days: 1 }),
    ...overrides,
  };
}
