/**
 * The card browser's bulk changes: which of a list of cards the learner sees and may edit, the
 * rows a change overwrites (kept to undo it), and the kept operations themselves.
 */
import { iso, type Query } from './pg.ts';

/** One card of a bulk change as the learner may touch it. */
export interface BulkCardAccess {
  cardId: number;
  noteId: number;
  deckId: number;
  /** The learner may edit the card's note: the deck is theirs, or shared with editing allowed. */
  canEdit: boolean;
  isOwner: boolean;
}

/** The cards of `cardIds` the learner sees, with their rights over each card's deck. */
export async function bulkCardAccess(
  q: Query,
  userId: number,
  cardIds: readonly number[],
): Promise<Map<number, BulkCardAccess>> {
  const rows = await q<
    {
      id: number;
      note_id: number;
      desk_id: number;
      owner_id: number;
      allow_editing: boolean;
      assigned: boolean | null;
    }[]
  >`
    select c.id, c.note_id, c.desk_id, d.owner_id, d.allow_editing,
      (select s.assigned from desk_shares s where s.desk_id = d.id and s.user_id = ${userId}) as assigned
    from cards c join desks d on d.id = c.desk_id
    where c.id = any(${[...cardIds]}::int[])
      and (d.owner_id = ${userId}
           or d.id = any(array(select desk_id from desk_shares where user_id = ${userId})))`;
  return new Map(
    rows.map((r) => [
      r.id,
      {
        cardId: r.id,
        noteId: r.note_id,
        deckId: r.desk_id,
        isOwner: r.owner_id === userId,
        canEdit: r.owner_id === userId || (r.allow_editing && !r.assigned),
      },
    ]),
  );
}

/** The columns of a learner's schedule row that bulk changes write and undo puts back. */
const SCHEDULE_COLUMNS = [
  'state',
  'due',
  'stability',
  'difficulty',
  'elapsed_days',
  'scheduled_days',
  'learning_steps',
  'reps',
  'lapses',
  'last_review',
  'introduced_at',
  'suspended',
  'buried_until',
  'flag',
] as const;

/** A learner's schedule row as JSON (what undo writes back). */
export type ScheduleSnapshot = Record<(typeof SCHEDULE_COLUMNS)[number], unknown> & {
  card_id: number;
};

/**
 * The learner's schedule rows of `cardIds`, locked in card order (writing schedules the learner
 * lacks first, as a rating does), to keep before a bulk change.
 */
export async function lockSchedules(
  q: Query,
  userId: number,
  cardIds: readonly number[],
): Promise<ScheduleSnapshot[]> {
  if (cardIds.length === 0) return [];
  await q`
    insert into card_schedules (user_id, card_id, desk_id, due)
    select ${userId}, c.id, c.desk_id, c.created_at from cards c
    where c.id = any(${[...cardIds]}::int[])
    order by c.id
    on conflict do nothing`;
  return q<ScheduleSnapshot[]>`
    select card_id, ${q.unsafe(SCHEDULE_COLUMNS.join(', '))} from card_schedules
    where user_id = ${userId} and card_id = any(${[...cardIds]}::int[])
    order by card_id
    for update`;
}

/** Writes schedule rows back as `lockSchedules` read them (an undo). */
export async function restoreSchedules(
  q: Query,
  userId: number,
  rows: readonly ScheduleSnapshot[],
): Promise<void> {
  if (rows.length === 0) return;
  const sets = SCHEDULE_COLUMNS.map((c) => `${c} = x.${c}`).join(', ');
  await q`
    update card_schedules s set ${q.unsafe(sets)}, updated_at = now()
    from json_populate_recordset(null::card_schedules, ${JSON.stringify(rows)}::json) x
    where s.user_id = ${userId} and s.card_id = x.card_id`;
}

/** Makes the learner's schedules of `cardIds` new again (Anki's "Reset"/"Forget"). */
export async function resetSchedules(
  q: Query,
  userId: number,
  cardIds: readonly number[],
  now: Date,
): Promise<void> {
  await q`
    update card_schedules set state = 0, due = ${iso(now)}, stability = 0, difficulty = 0,
      elapsed_days = 0, scheduled_days = 0, learning_steps = 0, reps = 0, lapses = 0,
      last_review = null, introduced_at = null, updated_at = now()
    where user_id = ${userId} and card_id = any(${[...cardIds]}::int[])`;
}

/** Sets the due time of the learner's rated cards of `cardIds` (Anki's "Set due date"). */
export async function rescheduleSchedules(
  q: Query,
  userId: number,
  cardIds: readonly number[],
  due: Date,
  days: number,
): Promise<void> {
  await q`
    update card_schedules set due = ${iso(due)}, scheduled_days = ${days}, updated_at = now()
    where user_id = ${userId} and card_id = any(${[...cardIds]}::int[]) and state <> 0`;
}

/** The notes' tags, locked, to keep before changing them. */
export async function lockNotesTags(
  q: Query,
  noteIds: readonly number[],
): Promise<{ id: number; tags: string[] }[]> {
  if (noteIds.length === 0) return [];
  return q<{ id: number; tags: string[] }[]>`
    select id, tags from notes where id = any(${[...noteIds]}::int[]) order by id for update`;
}

/** How long a bulk change stays undoable. */
export const BULK_UNDO_DAYS = 30;

/** Keeps a bulk change to undo (and forgets the learner's older than `BULK_UNDO_DAYS`). */
export async function insertBulkOperation(
  q: Query,
  userId: number,
  action: string,
  undo: unknown,
): Promise<number> {
  await q`
    delete from card_bulk_operations
    where user_id = ${userId} and created_at < now() - make_interval(days => ${BULK_UNDO_DAYS})`;
  const [row] = await q<{ id: number }[]>`
    insert into card_bulk_operations (user_id, action, undo)
    values (${userId}, ${action}, ${JSON.stringify(undo)}::jsonb)
    returning id`;
  return row?.id ?? 0;
}

export interface BulkOperation {
  id: number;
  action: string;
  undo: unknown;
  undone: boolean;
}

/** The learner's kept bulk change, locked (an undo marks it undone). */
export async function lockBulkOperation(
  q: Query,
  userId: number,
  id: number,
): Promise<BulkOperation | undefined> {
  const [row] = await q<{ id: number; action: string; undo: unknown; undone_at: string | null }[]>`
    select id, action, undo, undone_at from card_bulk_operations
    where id = ${id} and user_id = ${userId}
      and created_at >= now() - make_interval(days => ${BULK_UNDO_DAYS})
    for update`;
  return row && { id: row.id, action: row.action, undo: row.undo, undone: row.undone_at !== null };
}

export async function markBulkOperationUndone(q: Query, id: number): Promise<void> {
  await q`update card_bulk_operations set undone_at = now() where id = ${id}`;
}

/** The notes' decks, locked, to keep before moving them. */
export async function lockNotesDecks(
  q: Query,
  noteIds: readonly number[],
): Promise<{ id: number; desk_id: number }[]> {
  if (noteIds.length === 0) return [];
  return q<{ id: number; desk_id: number }[]>`
    select id, desk_id from notes where id = any(${[...noteIds]}::int[]) order by id for update`;
}

/** Recounts `desks.cards_count` of the decks a move or delete touched. */
async function recountDecks(q: Query, deckIds: readonly number[]): Promise<void> {
  await q`
    update desks d set cards_count = (select count(*) from cards c where c.desk_id = d.id)
    where d.id = any(${[...new Set(deckIds)]}::int[])`;
}

/**
 * Puts each note, with all its cards, everyone's schedules and history of them, into its deck
 * (a move, or its undo). A note's cards always share its deck.
 */
export async function moveNotes(
  q: Query,
  moves: readonly { id: number; desk_id: number }[],
): Promise<void> {
  if (moves.length === 0) return;
  const json = JSON.stringify(moves);
  const [from] = await q<{ ids: number[] }[]>`
    select coalesce(array_agg(distinct desk_id), '{}') as ids from notes
    where id in (select id from json_to_recordset(${json}::json) as m(id int, desk_id int))`;
  await q`
    update notes n set desk_id = m.desk_id, updated_at = now()
    from json_to_recordset(${json}::json) as m(id int, desk_id int) where n.id = m.id`;
  await q`
    update cards c set desk_id = m.desk_id, updated_at = now()
    from json_to_recordset(${json}::json) as m(id int, desk_id int) where c.note_id = m.id`;
  await q`
    update card_schedules s set desk_id = c.desk_id, updated_at = now()
    from cards c join json_to_recordset(${json}::json) as m(id int, desk_id int) on c.note_id = m.id
    where s.card_id = c.id`;
  await q`
    update review_logs l set desk_id = c.desk_id
    from cards c join json_to_recordset(${json}::json) as m(id int, desk_id int) on c.note_id = m.id
    where l.card_id = c.id`;
  await recountDecks(q, [...(from?.ids ?? []), ...moves.map((m) => m.desk_id)]);
}

/** The rows a delete of cards removes (all columns, as JSON), which its undo inserts again. */
export interface DeletedCards {
  notes: Record<string, unknown>[];
  cards: Record<string, unknown>[];
  schedules: Record<string, unknown>[];
  logs: Record<string, unknown>[];
}

/**
 * Deletes the cards with everyone's schedules and history of them, and each note left without
 * cards; answers what it removed, for the undo.
 */
export async function deleteCardsKept(q: Query, cardIds: readonly number[]): Promise<DeletedCards> {
  const ids = [...cardIds];
  type Rows = { row: Record<string, unknown> }[];
  const cards = await q<Rows>`
    select to_jsonb(c) as row from cards c where c.id = any(${ids}::int[]) order by c.id for update`;
  const notes = await q<Rows>`
    select to_jsonb(n) as row from notes n
    where n.id in (select note_id from cards where id = any(${ids}::int[]))
      and not exists (select 1 from cards c where c.note_id = n.id and c.id <> all(${ids}::int[]))
    order by n.id for update`;
  const schedules = await q<Rows>`
    select to_jsonb(s) as row from card_schedules s where s.card_id = any(${ids}::int[])`;
  const logs = await q<Rows>`
    select to_jsonb(l) as row from review_logs l where l.card_id = any(${ids}::int[]) order by l.id`;
  await q`delete from cards where id = any(${ids}::int[])`;
  const noteIds = notes.map((n) => Number(n.row.id));
  await q`delete from notes where id = any(${noteIds}::int[])`;
  await recountDecks(
    q,
    cards.map((c) => Number(c.row.desk_id)),
  );
  const rowsOf = (rows: Rows) => rows.map((r) => r.row);
  return {
    notes: rowsOf(notes),
    cards: rowsOf(cards),
    schedules: rowsOf(schedules),
    logs: rowsOf(logs),
  };
}

/** The tables a delete's undo writes, in the order their keys need. */
const DELETED_TABLES = [
  ['notes', 'notes'],
  ['cards', 'cards'],
  ['schedules', 'card_schedules'],
  ['logs', 'review_logs'],
] as const;

/** Inserts again what `deleteCardsKept` removed (its undo). */
export async function restoreDeletedCards(q: Query, kept: DeletedCards): Promise<void> {
  for (const [key, table] of DELETED_TABLES) {
    if (kept[key].length === 0) continue;
    await q`
      insert into ${q.unsafe(table)}
      select * from jsonb_populate_recordset(null::${q.unsafe(table)}, ${JSON.stringify(kept[key])}::jsonb)`;
  }
  await recountDecks(
    q,
    kept.cards.map((c) => Number(c.desk_id)),
  );
}

/** Which of `deckIds` still exist (locked, so an undo's deck stays while it writes). */
export async function existingDecks(q: Query, deckIds: readonly number[]): Promise<Set<number>> {
  const rows = await q<{ id: number }[]>`
    select id from desks where id = any(${[...new Set(deckIds)]}::int[]) for share`;
  return new Set(rows.map((r) => r.id));
}
