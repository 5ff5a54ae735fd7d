/**
 * Tags on notes: a note's tags changed, a tag renamed (with its `::` children) on every note the
 * learner may edit, and the learner's tags with their counts. Tags are the note's, so changing
 * them needs the deck's editing right, as editing the note does.
 */
import type { Handlers } from '../../contract/types.ts';
import { updateNote } from '../../db/queries/notes.ts';
import { notesTaggedForEdit, setNotesTags, tagCounts } from '../../db/queries/tags.ts';
import { inTransaction } from '../../db/transaction.ts';
import { changeTags, renameTag } from '../../domain/notes/tags.ts';
import { currentUser } from '../../http/current-user.ts';
import { validationError } from '../../http/errors.ts';
import { assertCanEdit } from '../../services/decks/access.ts';
import { noteFor } from './note-access.ts';

/** The contract's limits of a note's tags (NoteTags). */
const MAX_NOTE_TAGS = 30;
const MAX_TAG_LENGTH = 64;

export const handlers: Handlers = {
  async listTags(c) {
    const { sql } = c.get('deps');
    const tags = await tagCounts(sql, currentUser(c).id);
    return c.json(
      tags.map((t) => ({ name: t.name, notes_count: t.notesCount })),
      200,
    );
  },

  async renameTag(c, { body }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const changed = await inTransaction(sql, async (tx) => {
      const notes = await notesTaggedForEdit(tx, user.id, body.from);
      const renamed = notes.map((n) => ({ id: n.id, tags: renameTag(n.tags, body.from, body.to) }));
      // A child's name grows with a longer parent's; each tag keeps the contract's 64 at most.
      if (renamed.some((n) => n.tags.some((tag) => tag.length > MAX_TAG_LENGTH))) {
        throw validationError({ to: [`Must be at most ${MAX_TAG_LENGTH} characters long.`] });
      }
      await setNotesTags(tx, renamed);
      return renamed.length;
    });
    return c.json({ notes_count: changed }, 200);
  },

  async changeNoteTags(c, { params, body }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const tags = await inTransaction(sql, async (tx) => {
      const { note, deck } = await noteFor(tx, user.id, params.id, 'update');
      assertCanEdit(deck);
      const next = changeTags(note.tags, body);
      if (next.length > MAX_NOTE_TAGS) {
        throw validationError({ add: [`Must have at most ${MAX_NOTE_TAGS} items.`] });
      }
      await updateNote(tx, note.id, { fields: note.fields, tags: next });
      return next;
    });
    return c.json({ tags }, 200);
  },
};
