/**
 * The writes of an Anki import (routes/space-repetition/anki.ts), in the caller's transaction:
 * its cards, its replayed review history and each card's schedule as that history left it. Each
 * statement takes thousands of rows as one array parameter per column (`unnest`), so that
 * PostgreSQL parses and plans one short statement per batch instead of a multi-row VALUES list or
 * a JSON document per row. Arrays of types other than int and text are sent as text and cast
 * (the driver serialises only those it knows). The schedules are inserted once, in their final state, after the
 * history: an insert of new schedules followed by an update of every reviewed one would write
 * (and index, and count in the queue's triggers) each row twice.
 */
import type { ScheduleJson } from '../../domain/review/scheduling.ts';
import type { Query } from './pg.ts';

/** Rows per statement: one parameter per column, so the count is bounded by memory only. */
export const IMPORT_ROWS_PER_STATEMENT = 5000;

/** A note of an import: a stock type's key or an own type's id, its clean fields and tags. */
export interface ImportedNote {
  deckId: number;
  stockType: string | null;
  noteTypeId: number | null;
  fields: Record<string, string>;
  tags: string[];
  createdAt: Date;
}

/**
 * Inserts notes of decks the import made; returns their ids in the order of `notes` (taken from
 * the sequence first). Fields and tags go as two JSON arrays parsed once, as the log's states do.
 */
export async function insertImportedNotes(
  q: Query,
  userId: number,
  notes: readonly ImportedNote[],
): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < notes.length; start += IMPORT_ROWS_PER_STATEMENT) {
    const batch = notes.slice(start, start + IMPORT_ROWS_PER_STATEMENT);
    const taken = await q<{ id: number }[]>`
      select nextval(pg_get_serial_sequence('notes', 'id'))::int as id
      from generate_series(1, ${batch.length}::int)`;
    const batchIds = taken.map((row) => row.id);
    await q`
      with docs as materialized (
        select ${JSON.stringify(batch.map((n) => n.fields))}::jsonb as fields,
          ${JSON.stringify(batch.map((n) => n.tags))}::jsonb as tags)
      insert into notes (id, desk_id, owner_id, stock_type, note_type_id, fields, tags,
        created_at, updated_at)
      select x.id, x.desk_id, ${userId}, x.stock_type, x.note_type_id,
        d.fields -> (x.n::int - 1),
        array(select jsonb_array_elements_text(d.tags -> (x.n::int - 1))),
        x.created_at, x.created_at
      from docs d, unnest(${batchIds}::int[], ${batch.map((n) => n.deckId)}::int[],
        ${batch.map((n) => n.stockType)}::text[], ${batch.map((n) => n.noteTypeId)}::int[],
        ${batch.map((n) => n.createdAt.toISOString())}::text[]::timestamptz[])
        with ordinality as x(id, desk_id, stock_type, note_type_id, created_at, n)`;
    ids.push(...batchIds);
  }
  return ids;
}

/** A card of an import: its note, ordinal and rendered sides (media are in the HTML). */
export interface ImportedCard {
  deckId: number;
  noteId: number;
  ordinal: number;
  front: string;
  back: string;
  frontHtml: string;
  backHtml: string;
  createdAt: Date;
}

/**
 * Inserts cards of decks the import made, and counts them into their decks. Returns the new ids
 * in the order of `cards`: they are taken from the sequence first, because the order of an
 * insert's RETURNING is not promised.
 */
export async function insertImportedCards(
  q: Query,
  userId: number,
  cards: readonly ImportedCard[],
): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < cards.length; start += IMPORT_ROWS_PER_STATEMENT) {
    const batch = cards.slice(start, start + IMPORT_ROWS_PER_STATEMENT);
    const taken = await q<{ id: number }[]>`
      select nextval(pg_get_serial_sequence('cards', 'id'))::int as id
      from generate_series(1, ${batch.length}::int)`;
    const batchIds = taken.map((row) => row.id);
    await q`
      insert into cards (id, desk_id, note_id, ordinal, front, back, front_html, back_html,
        created_by, created_at)
      select id, desk_id, note_id, ordinal, front, back, front_html, back_html, ${userId},
        created_at
      from unnest(${batchIds}::int[], ${batch.map((c) => c.deckId)}::int[],
        ${batch.map((c) => c.noteId)}::int[], ${batch.map((c) => c.ordinal)}::int[],
        ${batch.map((c) => c.front)}::text[], ${batch.map((c) => c.back)}::text[],
        ${batch.map((c) => c.frontHtml)}::text[], ${batch.map((c) => c.backHtml)}::text[],
        ${batch.map((c) => c.createdAt.toISOString())}::text[]::timestamptz[])
        as x(id, desk_id, note_id, ordinal, front, back, front_html, back_html, created_at)`;
    ids.push(...batchIds);
  }
  const perDeck = new Map<number, number>();
  for (const card of cards) perDeck.set(card.deckId, (perDeck.get(card.deckId) ?? 0) + 1);
  for (const [deckId, n] of perDeck) {
    await q`update desks set cards_count = cards_count + ${n} where id = ${deckId}`;
  }
  return ids;
}

/** One replayed rating: the schedule before and after it as JSON text (`JSON.stringify`). */
export interface ImportedReview {
  cardId: number;
  deckId: number;
  grade: number;
  before: string;
  after: string;
  elapsedDays: number;
  answerTimeMs: number;
  reviewedAt: Date;
}

/**
 * Writes one batch of an imported history into the learner's log (at most
 * `IMPORT_ROWS_PER_STATEMENT` rows: the caller writes them as it replays them). Answers how many
 * rows it wrote: a review already in the learner's log at that very millisecond is the same
 * review coming back (a package of their own exported and imported again: Anki's revlog id is the
 * review's time), so the log does not count it twice (issue 40).
 */
export async function insertImportedReviews(
  q: Query,
  userId: number,
  reviews: readonly ImportedReview[],
): Promise<number> {
  if (reviews.length === 0) return 0;
  // The batch's span bounds the search for reviews already there to a range of the learner's
  // time index: without it each batch would read every log row the import wrote before it.
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const r of reviews) {
    first = Math.min(first, r.reviewedAt.getTime());
    last = Math.max(last, r.reviewedAt.getTime());
  }
  // The states go as two JSON arrays of the texts as they are (the driver would escape every
  // quote of each text in an array of text), parsed once each by the materialised CTE.
  const states = (texts: string[]) => `[${texts.join(',')}]`;
  const written = await q`
    with states as materialized (
      select ${states(reviews.map((r) => r.before))}::jsonb as before,
        ${states(reviews.map((r) => r.after))}::jsonb as after)
    insert into review_logs (user_id, card_id, desk_id, rating, state_before, state_after,
      elapsed_days, answer_time_ms, reviewed_at)
    select ${userId}, x.card_id, x.desk_id, x.rating, s.before -> (x.n::int - 1),
      s.after -> (x.n::int - 1), x.elapsed_days, x.answer_time_ms, x.reviewed_at
    from states s, unnest(${reviews.map((r) => r.cardId)}::int[],
      ${reviews.map((r) => r.deckId)}::int[], ${reviews.map((r) => r.grade)}::int[],
      ${reviews.map((r) => r.elapsedDays)}::int[], ${reviews.map((r) => r.answerTimeMs)}::int[],
      ${reviews.map((r) => r.reviewedAt.toISOString())}::text[]::timestamptz[])
      with ordinality as x(card_id, desk_id, rating, elapsed_days, answer_time_ms, reviewed_at, n)
    where not exists (
      select 1 from review_logs l where l.user_id = ${userId} and l.reviewed_at = x.reviewed_at
        and l.reviewed_at between ${new Date(first).toISOString()}::timestamptz
          and ${new Date(last).toISOString()}::timestamptz)`;
  return written.count;
}

/** A card's schedule: as its last imported rating left it, or `null` for a card never rated. */
export interface ImportedSchedule {
  cardId: number;
  deckId: number;
  createdAt: Date;
  state: ScheduleJson | null;
  suspended: boolean;
  /** Anki's buried card: out of the queue until the start of the learner's next day. */
  buried: boolean;
}

/**
 * Inserts the learner's schedule of each imported card (the import's decks are its own and
 * shared with nobody yet: the learner is the only one who sees them), then counts the cards the
 * history introduced per deck and learner's day, as a first rating does (`applyRating`).
 */
export async function insertImportedSchedules(
  q: Query,
  userId: number,
  schedules: readonly ImportedSchedule[],
): Promise<void> {
  for (let start = 0; start < schedules.length; start += IMPORT_ROWS_PER_STATEMENT) {
    const batch = schedules.slice(start, start + IMPORT_ROWS_PER_STATEMENT);
    // A card never rated is new and due when it was created, as `insertCards` makes it.
    const column = <T>(rated: (s: ScheduleJson) => T, fresh: T) =>
      batch.map((s) => (s.state ? rated(s.state) : fresh));
    await q`
      insert into card_schedules (user_id, card_id, desk_id, state, due, stability, difficulty,
        elapsed_days, scheduled_days, learning_steps, reps, lapses, last_review, introduced_at,
        suspended, buried_until)
      select ${userId}, x.card_id, x.desk_id, x.state, x.due, x.stability, x.difficulty,
        x.elapsed_days, x.scheduled_days, x.learning_steps, x.reps, x.lapses, x.last_review,
        x.introduced_at, x.suspended,
        case when x.buried then (date_trunc('day', now() at time zone u.timezone)
          + interval '1 day') at time zone u.timezone end
      from users u, unnest(
        ${batch.map((s) => s.cardId)}::int[], ${batch.map((s) => s.deckId)}::int[],
        ${column((s) => s.state, 0)}::int[],
        ${batch.map((s) => s.state?.due ?? s.createdAt.toISOString())}::text[]::timestamptz[],
        ${column((s) => String(s.stability), '0')}::text[]::float8[],
        ${column((s) => String(s.difficulty), '0')}::text[]::float8[],
        ${column((s) => s.elapsed_days, 0)}::int[], ${column((s) => s.scheduled_days, 0)}::int[],
        ${column((s) => s.learning_steps, 0)}::int[], ${column((s) => s.reps, 0)}::int[],
        ${column((s) => s.lapses, 0)}::int[],
        ${column<string | null>((s) => s.last_review, null)}::text[]::timestamptz[],
        ${column<string | null>((s) => s.introduced_at, null)}::text[]::timestamptz[],
        ${batch.map((s) => String(s.suspended))}::text[]::bool[],
        ${batch.map((s) => String(s.buried))}::text[]::bool[])
        as x(card_id, desk_id, state, due, stability, difficulty, elapsed_days, scheduled_days,
          learning_steps, reps, lapses, last_review, introduced_at, suspended, buried)
      where u.id = ${userId}`;
  }
  const deckIds = [...new Set(schedules.map((s) => s.deckId))];
  await q`
    insert into new_cards_introduced (user_id, day, desk_id, count)
    select s.user_id, (s.introduced_at at time zone u.timezone)::date, s.desk_id, count(*)::int
    from card_schedules s join users u on u.id = s.user_id
    where s.user_id = ${userId} and s.desk_id = any(${deckIds}::int[])
      and s.introduced_at is not null
    group by 1, 2, 3
    on conflict (user_id, day, desk_id)
    do update set count = new_cards_introduced.count + excluded.count`;
}
