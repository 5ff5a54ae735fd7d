/** Cards with one learner's schedule of each: every SQL statement on `cards`. */
import type { StoredImage } from '../../domain/decks/images.ts';
import { textToHtml } from '../../domain/notes/html-text.ts';
import type { Schedule, ScheduleJson } from '../../domain/review/scheduling.ts';
import { containsPattern, pgDate, pgDateOrNull, type Query } from './pg.ts';

/** A card's content and the learner's FSRS state of it (a new card's when they have none). */
export interface CardRecord {
  id: number;
  deckId: number;
  /** The note that makes the card, and which of its cards it is. */
  noteId: number;
  ordinal: number;
  /** The rendered sides as plain text and as sanitised HTML. */
  front: string;
  back: string;
  frontHtml: string;
  backHtml: string;
  frontImage: StoredImageBytes | null;
  backImage: StoredImageBytes | null;
  createdAt: Date;
  updatedAt: Date;
  schedule: Schedule;
  /** When the learner first rated it (counts against that day's new-card limit). */
  introducedAt: Date | null;
  /** The learner's states of the card (domain/review/card-states.ts). */
  suspended: boolean;
  buriedUntil: Date | null;
  flag: number;
}

export interface StoredImageBytes {
  bytes: Buffer;
  type: string;
}

/** A card with the learner's schedule columns, which have the review log's `ScheduleJson` shape. */
export interface CardRow extends ScheduleJson {
  id: number;
  desk_id: number;
  note_id: number;
  ordinal: number;
  front: string;
  back: string;
  front_html: string;
  back_html: string;
  front_image: Buffer | null;
  front_image_type: string | null;
  back_image: Buffer | null;
  back_image_type: string | null;
  created_at: string;
  updated_at: string;
  suspended: boolean;
  buried_until: string | null;
  flag: number;
}

/** The columns of a CardRow (read it only through `selectCards`), from `cards c` left-joined to the learner's `card_schedules s`. */
export const cardColumns = (q: Query) => q`
  c.id, c.desk_id, c.note_id, c.ordinal, c.front, c.back, c.front_html, c.back_html, c.front_image, c.front_image_type, c.back_image,
  c.back_image_type, c.created_at, c.updated_at,
  coalesce(s.state, 0)::int as state, coalesce(s.due, c.created_at) as due,
  coalesce(s.stability, 0) as stability, coalesce(s.difficulty, 0) as difficulty,
  coalesce(s.elapsed_days, 0) as elapsed_days, coalesce(s.scheduled_days, 0) as scheduled_days,
  coalesce(s.learning_steps, 0) as learning_steps, coalesce(s.reps, 0) as reps,
  coalesce(s.lapses, 0) as lapses, s.last_review, s.introduced_at,
  coalesce(s.suspended, false) as suspended, s.buried_until, coalesce(s.flag, 0)::int as flag`;

const image = (bytes: Buffer | null, type: string | null): StoredImageBytes | null =>
  bytes && type ? { bytes, type } : null;

export function toCardRecord(row: CardRow): CardRecord {
  return {
    id: row.id,
    deckId: row.desk_id,
    noteId: row.note_id,
    ordinal: row.ordinal,
    front: row.front,
    back: row.back,
    frontHtml: row.front_html,
    backHtml: row.back_html,
    frontImage: image(row.front_image, row.front_image_type),
    backImage: image(row.back_image, row.back_image_type),
    createdAt: pgDate(row.created_at),
    updatedAt: pgDate(row.updated_at),
    schedule: {
      state: row.state,
      due: pgDate(row.due),
      stability: row.stability,
      difficulty: row.difficulty,
      elapsedDays: row.elapsed_days,
      scheduledDays: row.scheduled_days,
      learningSteps: row.learning_steps,
      reps: row.reps,
      lapses: row.lapses,
      lastReview: pgDateOrNull(row.last_review),
    },
    introducedAt: pgDateOrNull(row.introduced_at),
    suspended: row.suspended,
    buriedUntil: pgDateOrNull(row.buried_until),
    flag: row.flag,
  };
}

/** Reads CardRows with `cardColumns` and maps them: the one way card rows are read. */
export async function selectCards(pending: Promise<CardRow[]>): Promise<CardRecord[]> {
  return (await pending).map(toCardRecord);
}

/** One card with the learner's schedule of it. */
export async function findCard(
  q: Query,
  userId: number,
  cardId: number,
): Promise<CardRecord | undefined> {
  const [card] = await selectCards(q<CardRow[]>`
    select ${cardColumns(q)} from cards c
    left join card_schedules s on s.card_id = c.id and s.user_id = ${userId}
    where c.id = ${cardId}`);
  return card;
}

/**
 * One card with the learner's schedule row locked (FOR UPDATE), so that two ratings of it
 * serialise. Every learner of a deck has a schedule row for each card (written with the card or
 * the share); should one be missing, it is written first.
 */
export async function lockCard(
  q: Query,
  userId: number,
  cardId: number,
): Promise<CardRecord | undefined> {
  const select = () =>
    selectCards(q<CardRow[]>`
      select ${cardColumns(q)} from cards c
      join card_schedules s on s.card_id = c.id and s.user_id = ${userId}
      where c.id = ${cardId}
      for update of s`);
  const [card] = await select();
  if (card) return card;
  await q`
    insert into card_schedules (user_id, card_id, desk_id, due)
    select ${userId}, c.id, c.desk_id, c.created_at from cards c where c.id = ${cardId}
    on conflict do nothing`;
  return (await select())[0];
}

export interface CardFilter {
  /** Part of the front or back, case-insensitive. */
  search?: string;
  /** The learner's FSRS state. */
  state?: number;
}

/** One page of a deck's cards, oldest first, and how many match in all. */
export async function listCards(
  q: Query,
  userId: number,
  deckId: number,
  filter: CardFilter,
  page: { offset: number; limit: number },
): Promise<{ count: number; cards: CardRecord[] }> {
  const like = filter.search ? containsPattern(filter.search) : null;
  const where = q`
    c.desk_id = ${deckId}
    ${like ? q`and (c.front ilike ${like} or c.back ilike ${like})` : q``}
    ${filter.state !== undefined ? q`and coalesce(s.state, 0) = ${filter.state}` : q``}`;
  const [[total], cards] = await Promise.all([
    q<{ n: number }[]>`
      select count(*)::int as n from cards c
      left join card_schedules s on s.card_id = c.id and s.user_id = ${userId}
      where ${where}`,
    selectCards(q<CardRow[]>`
      select ${cardColumns(q)} from cards c
      left join card_schedules s on s.card_id = c.id and s.user_id = ${userId}
      where ${where}
      order by c.id
      limit ${page.limit} offset ${page.offset}`),
  ]);
  return { count: total?.n ?? 0, cards };
}

/**
 * Adds a card to a deck and a schedule row for each of its learners. Counting the card locks the
 * deck row first, so a concurrent share (which locks it FOR UPDATE) waits and then sees the card.
 */
export async function insertCard(
  q: Query,
  card: {
    deckId: number;
    /** The note that makes it (`insertNote`) and which of its cards it is. */
    noteId: number;
    ordinal: number;
    front: string;
    back: string;
    frontHtml: string;
    backHtml: string;
    frontImage?: StoredImage;
    backImage?: StoredImage;
    createdBy: number;
  },
): Promise<number> {
  await q`update desks set cards_count = cards_count + 1 where id = ${card.deckId}`;
  const [row] = await q<{ id: number; created_at: string }[]>`
    insert into cards (desk_id, note_id, ordinal, front, back, front_html, back_html, front_image,
      front_image_type, back_image, back_image_type, created_by)
    values (${card.deckId}, ${card.noteId}, ${card.ordinal}, ${card.front}, ${card.back},
      ${card.frontHtml}, ${card.backHtml}, ${card.frontImage?.bytes ?? null},
      ${card.frontImage?.type ?? null}, ${card.backImage?.bytes ?? null},
      ${card.backImage?.type ?? null}, ${card.createdBy})
    returning id, created_at`;
  if (!row) throw new Error('insert into cards returned no row');
  await q`
    insert into card_schedules (user_id, card_id, desk_id, due)
    select m.user_id, ${row.id}, ${card.deckId}, ${row.created_at}
    from (select owner_id as user_id from desks where id = ${card.deckId}
          union select user_id from desk_shares where desk_id = ${card.deckId}) m
    on conflict do nothing`;
  return row.id;
}

/** A card of a bulk insert (`insertCards`), with the time it counts as created. */
export interface NewCard {
  deckId: number;
  front: string;
  back: string;
  frontImage?: StoredImage;
  backImage?: StoredImage;
  createdBy: number;
  createdAt: Date;
}

/** Rows per statement of `insertCards`: 14 parameters each, far below PostgreSQL's 65,535. */
const CARD_BATCH = 1000;

/**
 * `insertCard` for many cards (an import), each a `basic` note of its own (its text as the
 * note's front and back fields): multi-row inserts of the notes, the cards and the schedule
 * rows of everyone who sees their decks, and each deck's count, in a few statements per thousand
 * cards instead of three per card. Returns the new ids in the order of `cards`: they are taken
 * from the sequence first, because the order of a multi-row insert's RETURNING is not promised.
 */
export async function insertCards(q: Query, cards: readonly NewCard[]): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < cards.length; start += CARD_BATCH) {
    const batch = cards.slice(start, start + CARD_BATCH);
    const taken = await q<{ id: number; note_id: number }[]>`
      select nextval(pg_get_serial_sequence('cards', 'id'))::int as id,
        nextval(pg_get_serial_sequence('notes', 'id'))::int as note_id
      from generate_series(1, ${batch.length}::int)`;
    const html = batch.map((card) => ({
      front: textToHtml(card.front),
      back: textToHtml(card.back),
    }));
    const notes = batch.map((card, i) => ({
      id: taken[i]?.note_id as number,
      desk_id: card.deckId,
      owner_id: card.createdBy,
      fields: html[i],
      created_at: card.createdAt.toISOString(),
    }));
    await q`
      insert into notes (id, desk_id, owner_id, stock_type, fields, created_at, updated_at)
      select id, desk_id, owner_id, 'basic', fields, created_at, created_at
      from jsonb_to_recordset(${JSON.stringify(notes)}::jsonb)
        as n(id int, desk_id int, owner_id int, fields jsonb, created_at timestamptz)`;
    const rows = batch.map((card, i) => ({
      id: taken[i]?.id as number,
      desk_id: card.deckId,
      note_id: taken[i]?.note_id as number,
      front: card.front,
      back: card.back,
      front_html: html[i]?.front ?? '',
      back_html: html[i]?.back ?? '',
      front_image: card.frontImage?.bytes ?? null,
      front_image_type: card.frontImage?.type ?? null,
      back_image: card.backImage?.bytes ?? null,
      back_image_type: card.backImage?.type ?? null,
      created_by: card.createdBy,
      created_at: card.createdAt.toISOString(),
    }));
    await q`insert into cards ${q(
      rows,
      'id',
      'desk_id',
      'note_id',
      'front',
      'back',
      'front_html',
      'back_html',
      'front_image',
      'front_image_type',
      'back_image',
      'back_image_type',
      'created_by',
      'created_at',
    )}`;
    const batchIds = rows.map((r) => r.id);
    const deckIds = [...new Set(rows.map((r) => r.desk_id))];
    await q`
      insert into card_schedules (user_id, card_id, desk_id, due)
      select m.user_id, c.id, c.desk_id, c.created_at
      from cards c
      join (select id as desk_id, owner_id as user_id from desks where id = any(${deckIds}::int[])
            union
            select desk_id, user_id from desk_shares where desk_id = any(${deckIds}::int[])) m
        on m.desk_id = c.desk_id
      where c.id = any(${batchIds}::int[])
      on conflict do nothing`;
    ids.push(...batchIds);
  }
  const perDeck = new Map<number, number>();
  for (const card of cards) perDeck.set(card.deckId, (perDeck.get(card.deckId) ?? 0) + 1);
  for (const [deckId, n] of perDeck) {
    await q`update desks set cards_count = cards_count + ${n} where id = ${deckId}`;
  }
  return ids;
}

/** New rendered sides; each image undefined: kept, null: removed, an image: replaced. */
export async function updateCard(
  q: Query,
  id: number,
  changes: {
    front: string;
    back: string;
    frontHtml: string;
    backHtml: string;
    frontImage?: StoredImage | null;
    backImage?: StoredImage | null;
  },
): Promise<void> {
  const { frontImage: fi, backImage: bi } = changes;
  await q`
    update cards set front = ${changes.front}, back = ${changes.back},
      front_html = ${changes.frontHtml}, back_html = ${changes.backHtml}, updated_at = now()
      ${fi === undefined ? q`` : q`, front_image = ${fi?.bytes ?? null}, front_image_type = ${fi?.type ?? null}`}
      ${bi === undefined ? q`` : q`, back_image = ${bi?.bytes ?? null}, back_image_type = ${bi?.type ?? null}`}
    where id = ${id}`;
}

/**
 * One side's image of a card (an import inserts its cards without images, then sends each image
 * in a statement of its own, so that no statement holds more than one image).
 */
export async function setCardImage(
  q: Query,
  id: number,
  side: 'front' | 'back',
  image: StoredImage,
): Promise<void> {
  // Base64 is a third shorter than the hex text the driver writes for a Buffer.
  const base64 = image.bytes.toString('base64');
  if (side === 'front') {
    await q`update cards set front_image = decode(${base64}, 'base64'),
      front_image_type = ${image.type} where id = ${id}`;
  } else {
    await q`update cards set back_image = decode(${base64}, 'base64'),
      back_image_type = ${image.type} where id = ${id}`;
  }
}

/**
 * Deletes a card (its schedules and logs cascade) and uncounts it from its deck; its note goes
 * with its last card.
 */
export async function deleteCard(q: Query, id: number, deckId: number): Promise<void> {
  const [gone] = await q<
    { note_id: number }[]
  >`delete from cards where id = ${id} returning note_id`;
  if (gone) {
    await q`update desks set cards_count = cards_count - 1 where id = ${deckId}`;
    await q`delete from notes n where n.id = ${gone.note_id}
      and not exists (select 1 from cards c where c.note_id = n.id)`;
  }
}
