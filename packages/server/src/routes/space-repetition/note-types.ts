/** Note types: the stock ones and the learner's own (create, replace, delete). */
import type { Handlers, Schemas } from '../../contract/types.ts';
import {
  countOwnNoteTypes,
  deleteNoteType,
  findNoteType,
  insertNoteType,
  listOwnNoteTypes,
  type NoteTypeRecord,
  type NoteTypeWrite,
  notesOfType,
  syncNoteCards,
  updateNote,
  updateNoteType,
} from '../../db/queries/notes.ts';
import { inTransaction } from '../../db/transaction.ts';
import { NOTE_MESSAGES } from '../../domain/notes/messages.ts';
import { checkTemplates } from '../../domain/notes/render.ts';
import { STOCK_DEFINITIONS, STOCK_NOTE_TYPES } from '../../domain/notes/stock-types.ts';
import { currentUser } from '../../http/current-user.ts';
import { ApiError, notFound, validationError } from '../../http/errors.ts';
import { customSpec } from './note-access.ts';
import { prepareNote } from './notes.ts';

/** Own note types per learner (the list answers at most 1,000 with the stock ones). */
export const MAX_OWN_NOTE_TYPES = 200;

const STOCK: Schemas['NoteType'][] = STOCK_NOTE_TYPES.map((key) => ({
  id: key,
  name: STOCK_DEFINITIONS[key].name,
  stock: true,
  fields: [...STOCK_DEFINITIONS[key].fields],
  required_fields: [...STOCK_DEFINITIONS[key].requiredFields],
  front_template: null,
  back_template: null,
}));

const toNoteType = (type: NoteTypeRecord): Schemas['NoteType'] => ({
  id: type.id,
  name: type.name,
  stock: false,
  fields: type.fields,
  required_fields: type.fields.slice(0, 1),
  front_template: type.frontTemplate,
  back_template: type.backTemplate,
});

/** The body as a note type, or 400 on the template that does not render. */
function readNoteType(body: Schemas['NoteTypeWrite']): NoteTypeWrite {
  const type = {
    name: body.name.trim(),
    fields: body.fields,
    frontTemplate: body.front_template,
    backTemplate: body.back_template,
  };
  const errors = checkTemplates(type.fields, type.frontTemplate, type.backTemplate);
  if (!type.name) errors.name = ['This field may not be blank.'];
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return type;
}

export const handlers: Handlers = {
  async listNoteTypes(c) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const own = await listOwnNoteTypes(sql, user.id);
    return c.json([...STOCK, ...own.map(toNoteType)], 200);
  },

  async createNoteType(c, { body }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const type = readNoteType(body);
    const id = await inTransaction(sql, async (tx) => {
      if ((await countOwnNoteTypes(tx, user.id)) >= MAX_OWN_NOTE_TYPES) {
        throw validationError({ name: [`Must have at most ${MAX_OWN_NOTE_TYPES} items.`] });
      }
      return insertNoteType(tx, user.id, type);
    });
    return c.json(toNoteType({ id, ownerId: user.id, ...type }), 201);
  },

  async updateNoteType(c, { params, body }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const type = readNoteType(body);
    await inTransaction(sql, async (tx) => {
      const stored = await findNoteType(tx, params.id, user.id, true);
      if (!stored) throw notFound(NOTE_MESSAGES.noteTypeNotFound);
      await updateNoteType(tx, stored.id, type);
      // Every note of the type is rendered again; a field the type no longer has is dropped.
      const spec = customSpec({ ...stored, ...type });
      for (const note of await notesOfType(tx, stored.id)) {
        const kept = Object.fromEntries(
          Object.entries(note.fields).filter(([key]) => type.fields.includes(key)),
        );
        const { fields, cards } = prepareNote(spec, kept, note.tags);
        await updateNote(tx, note.id, { fields, tags: note.tags });
        await syncNoteCards(
          tx,
          { id: note.id, deckId: note.deckId },
          cards,
          note.ownerId ?? user.id,
        );
      }
    });
    return c.json(toNoteType({ id: params.id, ownerId: user.id, ...type }), 200);
  },

  async deleteNoteType(c, { params }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    await inTransaction(sql, async (tx) => {
      const stored = await findNoteType(tx, params.id, user.id, true);
      if (!stored) throw notFound(NOTE_MESSAGES.noteTypeNotFound);
      if (!(await deleteNoteType(tx, stored.id))) {
        throw new ApiError(409, 'conflict', NOTE_MESSAGES.noteTypeInUse);
      }
    });
    return c.body(null, 204);
  },
};
