/** Rows the browser's tests and stories show. */
import type { ApiErrorBody, CardSearchPage, CardSearchResult, Note, NoteType } from '@memoria/api';

export function card(id: number, over: Partial<CardSearchResult> = {}): CardSearchResult {
  return {
    id,
    desk_id: 7,
    desk_name: 'Capitals',
    note_id: 100 + id,
    ordinal: 1,
    note_type: 'Basic',
    front: `Capital of country ${id}?`,
    back: `City ${id}`,
    tags: ['geo'],
    state: 'review',
    due: '2026-12-01T08:00:00Z',
    interval: 3 * id,
    stability: 3 * id,
    difficulty: 5,
    reps: 4,
    lapses: id % 3,
    retrievability: 0.9,
    suspended: false,
    buried: false,
    flag: 0,
    created_at: '2026-10-01T08:00:00Z',
    ...over,
  };
}

export const CARDS: CardSearchResult[] = [
  card(1, { front: 'Capital of France?', back: 'Paris', desk_name: 'Capitals' }),
  card(2, { front: 'Capital of Spain?', back: 'Madrid', flag: 1 }),
  card(3, {
    front: 'to go',
    back: 'ir',
    desk_name: 'Verbs',
    state: 'new',
    retrievability: null,
    interval: 0,
  }),
];

export const page = (results: CardSearchResult[]): CardSearchPage => ({
  count: results.length,
  next: null,
  previous: null,
  results,
});

export const BAD_QUERY: ApiErrorBody = {
  detail: 'The search could not be read.',
  code: 'validation_error',
  fields: { q: ['Character 4: "(" is never closed.'] },
  field_codes: { q: ['search_invalid'] },
};

/** `GET note-types/`: the one stock type the browser's rows use. */
export const BASIC_TYPE: NoteType = {
  id: 'basic',
  name: 'Basic',
  stock: true,
  fields: ['front', 'back'],
  required_fields: ['front'],
  front_template: null,
  back_template: null,
};

/** The note behind a browser row (a Basic note of one card). */
export function noteOf(row: CardSearchResult): Note {
  return {
    id: row.note_id,
    desk_id: row.desk_id,
    note_type: 'basic',
    fields: { front: row.front, back: row.back },
    tags: row.tags,
    cards: [],
    created_at: row.created_at,
    updated_at: row.created_at,
  };
}
