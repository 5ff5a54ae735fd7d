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
