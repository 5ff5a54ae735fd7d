/**
 * The card browser's bulk actions and their undo. Schedule actions (suspend, bury, flag, reset,
 * reschedule) change the caller's own schedules of any card they see; tag actions change the
 * cards' notes, only in decks the caller may edit. What a change overwrites is kept with it
 * (`card_bulk_operations.undo`), and its undo writes that back.
 */
import { clockOf } from '../../clock.ts';
import type { Handlers, Schemas } from '../../contract/types.ts';
import {
  type BulkCardAccess,
  bulkCardAccess,
  type DeletedCards,
  deleteCardsKept,
  existingDecks,
  insertBulkOperation,
  lockBulkOperation,
  lockNotesDecks,
  lockNotesTags,
  lockSchedules,
  markBulkOperationUndone,
  moveNotes,
  rescheduleSchedules,
  resetSchedules,
  restoreDeletedCards,
  restoreSchedules,
  type ScheduleSnapshot,
} from '../../db/queries/card-bulk.ts';
import { type CardStatesChange, changeCardStates } from '../../db/queries/card-states.ts';
import { visibleDecks } from '../../db/queries/desks.ts';
import type { Query } from '../../db/queries/pg.ts';
import { setNotesTags } from '../../db/queries/tags.ts';
import { inTransaction } from '../../db/transaction.ts';
import { changeTags } from '../../domain/notes/tags.ts';
import { buriedUntil } from '../../domain/review/card-states.ts';
import { addDays, learnerDay, startOfLocalDay } from '../../domain/review/scheduling.ts';
import { currentUser } from '../../http/current-user.ts';
import { ApiError, notFound, validationError } from '../../http/errors.ts';

type BulkRequest = Schemas['CardBulkRequest'];
type Outcome = Schemas['CardBulkResult']['results'][number]['outcome'];

/**
 * What an undo writes back: the caller's schedule rows, the notes' tags, the notes' decks before
 * a move, or the rows a delete removed.
 */
type Undo =
  | { schedules: ScheduleSnapshot[] }
  | { notes: { id: number; tags: string[] }[] }
  | { moves: { id: number; desk_id: number }[] }
  | { deleted: DeletedCards };

const REQUIRED = 'This field is required.';
/** The contract's limit of a note's tags (NoteTags). */
const MAX_NOTE_TAGS = 30;

const MESSAGES = {
  operationNotFound: 'No bulk change with this id.',
  alreadyUndone: 'This change was undone already.',
  deckGone: 'A deck this change would put cards back into is gone.',
  notYourDeck: 'Must be a deck of yours.',
} as const;

/** Who may apply an action to a card they see: the owner, an editor, or anyone who sees it. */
function allowed(action: BulkRequest['action'], card: BulkCardAccess): boolean {
  if (action === 'move') return card.isOwner;
  if (action === 'tag' || action === 'untag' || action === 'delete') return card.canEdit;
  return true;
}

/** The field an action needs, else 400 naming it. */
function required(body: BulkRequest) {
  const needs: Partial<Record<BulkRequest['action'], keyof BulkRequest>> = {
    flag: 'flag',
    reschedule: 'days',
    tag: 'tags',
    untag: 'tags',
    move: 'desk_id',
  };
  const field = needs[body.action];
  if (field && body[field] === undefined) throw validationError({ [field]: [REQUIRED] });
}

/** Applies a schedule action to the caller's schedules of `cardIds`. */
async function applyScheduleAction(
  q: Query,
  user: { id: number; timezone: string },
  cardIds: number[],
  body: BulkRequest,
  now: Date,
): Promise<void> {
  const states: Partial<Record<BulkRequest['action'], CardStatesChange>> = {
    suspend: { suspended: true },
    unsuspend: { suspended: false },
    bury: { buriedUntil: buriedUntil(now, user.timezone) },
    unbury: { buriedUntil: null },
    flag: { flag: body.flag ?? 0 },
  };
  const change = states[body.action];
  if (change) {
    await changeCardStates(q, user.id, cardIds, change);
  } else if (body.action === 'reset') {
    await resetSchedules(q, user.id, cardIds, now);
  } else if (body.action === 'reschedule') {
    const days = body.days ?? 0;
    const due = startOfLocalDay(addDays(learnerDay(now, user.timezone).day, days), user.timezone);
    await rescheduleSchedules(q, user.id, cardIds, due, days);
  }
}

/** A move's target: a deck the caller owns, else 400 naming `desk_id`. */
async function assertOwnDeck(q: Query, userId: number, deckId: number): Promise<void> {
  const [deck] = await visibleDecks(q, userId, { id: deckId, lock: 'share' });
  if (!deck?.isOwner) throw validationError({ desk_id: [MESSAGES.notYourDeck] });
}

/** An undo that would put cards back into a deck deleted since: 409. */
async function assertDecksExist(q: Query, deckIds: number[]): Promise<void> {
  const present = await existingDecks(q, deckIds);
  if (deckIds.some((id) => !present.has(id)))
    throw new ApiError(409, 'conflict', MESSAGES.deckGone);
}

export const handlers: Handlers = {
  async changeCardsInBulk(c, { body }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const now = clockOf(c.get('deps')).now();
    required(body);
    const ids = [...new Set(body.card_ids)];
    return inTransaction(sql, async (tx) => {
      if (body.action === 'move') await assertOwnDeck(tx, user.id, body.desk_id ?? 0);
      const access = await bulkCardAccess(tx, user.id, ids);
      const outcomes = new Map<number, Outcome>();
      for (const id of ids) {
        const card = access.get(id);
        outcomes.set(id, !card ? 'not_found' : allowed(body.action, card) ? 'done' : 'forbidden');
      }
      const done = ids.filter((id) => outcomes.get(id) === 'done');
      const noteIds = [...new Set(done.map((id) => access.get(id)?.noteId ?? 0))];
      let operationId: number | null = null;
      if (done.length > 0) {
        let undo: Undo;
        if (body.action === 'tag' || body.action === 'untag') {
          const before = await lockNotesTags(tx, noteIds);
          const change = body.action === 'tag' ? { add: body.tags } : { remove: body.tags };
          const after = before.map((n) => ({ id: n.id, tags: changeTags(n.tags, change) }));
          if (after.some((n) => n.tags.length > MAX_NOTE_TAGS)) {
            throw validationError({ tags: [`Must have at most ${MAX_NOTE_TAGS} items.`] });
          }
          await setNotesTags(tx, after);
          undo = { notes: before };
        } else if (body.action === 'move') {
          const before = await lockNotesDecks(tx, noteIds);
          await moveNotes(
            tx,
            before.map((n) => ({ id: n.id, desk_id: body.desk_id ?? n.desk_id })),
          );
          undo = { moves: before };
        } else if (body.action === 'delete') {
          undo = { deleted: await deleteCardsKept(tx, done) };
        } else {
          const before = await lockSchedules(tx, user.id, done);
          await applyScheduleAction(tx, user, done, body, now);
          undo = { schedules: before };
        }
        operationId = await insertBulkOperation(tx, user.id, body.action, undo);
      }
      const result: Schemas['CardBulkResult'] = {
        operation_id: operationId,
        results: ids.map((id) => ({ card_id: id, outcome: outcomes.get(id) ?? 'not_found' })),
      };
      return c.json(result, 200);
    });
  },

  async undoCardsBulkChange(c, { params }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const restored = await inTransaction(sql, async (tx) => {
      const op = await lockBulkOperation(tx, user.id, params.id);
      if (!op) throw notFound(MESSAGES.operationNotFound);
      if (op.undone) throw new ApiError(409, 'conflict', MESSAGES.alreadyUndone);
      const undo = op.undo as Undo;
      await markBulkOperationUndone(tx, op.id);
      if ('notes' in undo) {
        await setNotesTags(tx, undo.notes);
        return undo.notes.length;
      }
      if ('moves' in undo) {
        await assertDecksExist(
          tx,
          undo.moves.map((m) => m.desk_id),
        );
        await moveNotes(tx, undo.moves);
        return undo.moves.length;
      }
      if ('deleted' in undo) {
        await assertDecksExist(
          tx,
          undo.deleted.cards.map((card) => Number(card.desk_id)),
        );
        await restoreDeletedCards(tx, undo.deleted);
        return undo.deleted.cards.length;
      }
      await restoreSchedules(tx, user.id, undo.schedules);
      return undo.schedules.length;
    });
    return c.json({ restored }, 200);
  },
};
