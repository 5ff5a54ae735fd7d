/**
 * The card browser's bulk actions and their undo. Schedule actions (suspend, bury, flag, reset,
 * reschedule) change the caller's own schedules of any card they see; tag actions change the
 * cards' notes, only in decks the caller may edit. What a change overwrites is kept with it
 * (`card_bulk_operations.undo`), and its undo writes that back.
 */
import { clockOf } from '../../clock.ts';
import type { Handlers, Schemas } from '../../contract/types.ts';
import {
  bulkCardAccess,
  insertBulkOperation,
  lockBulkOperation,
  lockNotesTags,
  lockSchedules,
  markBulkOperationUndone,
  rescheduleSchedules,
  resetSchedules,
  restoreSchedules,
  type ScheduleSnapshot,
} from '../../db/queries/card-bulk.ts';
import { type CardStatesChange, changeCardStates } from '../../db/queries/card-states.ts';
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

/** What an undo writes back: the caller's schedule rows, or the notes' tags. */
type Undo = { schedules: ScheduleSnapshot[] } | { notes: { id: number; tags: string[] }[] };

const REQUIRED = 'This field is required.';
/** The contract's limit of a note's tags (NoteTags). */
const MAX_NOTE_TAGS = 30;

const MESSAGES = {
  operationNotFound: 'No bulk change with this id.',
  alreadyUndone: 'This change was undone already.',
} as const;

/** The field an action needs, else 400 naming it. */
function required(body: BulkRequest) {
  const needs = body.action === 'flag' ? 'flag' : body.action === 'reschedule' ? 'days' : null;
  const field = needs ?? (body.action === 'tag' || body.action === 'untag' ? 'tags' : null);
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

export const handlers: Handlers = {
  async changeCardsInBulk(c, { body }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const now = clockOf(c.get('deps')).now();
    required(body);
    const ids = [...new Set(body.card_ids)];
    const onNotes = body.action === 'tag' || body.action === 'untag';
    return inTransaction(sql, async (tx) => {
      const access = await bulkCardAccess(tx, user.id, ids);
      const outcomes = new Map<number, Outcome>();
      for (const id of ids) {
        const card = access.get(id);
        outcomes.set(id, !card ? 'not_found' : onNotes && !card.canEdit ? 'forbidden' : 'done');
      }
      const done = ids.filter((id) => outcomes.get(id) === 'done');
      let operationId: number | null = null;
      if (done.length > 0) {
        let undo: Undo;
        if (onNotes) {
          const noteIds = [...new Set(done.map((id) => access.get(id)?.noteId ?? 0))];
          const before = await lockNotesTags(tx, noteIds);
          const change = body.action === 'tag' ? { add: body.tags } : { remove: body.tags };
          const after = before.map((n) => ({ id: n.id, tags: changeTags(n.tags, change) }));
          if (after.some((n) => n.tags.length > MAX_NOTE_TAGS)) {
            throw validationError({ tags: [`Must have at most ${MAX_NOTE_TAGS} items.`] });
          }
          await setNotesTags(tx, after);
          undo = { notes: before };
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
      await restoreSchedules(tx, user.id, undo.schedules);
      return undo.schedules.length;
    });
    return c.json({ restored }, 200);
  },
};
