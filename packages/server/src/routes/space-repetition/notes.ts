/**
 * Notes: create (with their cards), preview (the cards without saving), read, edit (cards rendered
 * again, schedules kept), delete.
 */
import type { Handlers, Schemas } from '../../contract/types.ts';
import {
  deleteNote,
  insertNote,
  type NoteRecord,
  noteCards,
  syncNoteCards,
  updateNote,
} from '../../db/queries/notes.ts';
import type { Query } from '../../db/queries/pg.ts';
import { inTransaction } from '../../db/transaction.ts';
import {
  cleanFields,
  NoteFieldsError,
  type NoteTypeSpec,
  renderNote,
} from '../../domain/notes/render.ts';
import { currentUser } from '../../http/current-user.ts';
import { validationError } from '../../http/errors.ts';
import { assertCanEdit, deckFor } from '../../services/decks/access.ts';
import { toCard } from '../../services/review/responses.ts';
import { noteFor, requestedType, typeOfNote } from './note-access.ts';

/** The note's clean fields and its cards, or 400 naming each field at fault. */
export function prepareNote(
  type: NoteTypeSpec,
  raw: Record<string, string>,
  tags: readonly string[],
) {
  try {
    const fields = cleanFields(type, raw);
    return { fields, cards: renderNote(type, fields, tags) };
  } catch (error) {
    if (error instanceof NoteFieldsError) throw validationError(error.fields);
    throw error;
  }
}

/** Tags in their order, each once. */
const cleanTags = (tags: readonly string[]) => [...new Set(tags)];

/** The contract's Note, with the learner's schedule of each card. */
export async function noteBody(
  q: Query,
  userId: number,
  note: NoteRecord,
): Promise<Schemas['Note']> {
  const cards = await noteCards(q, userId, note.id);
  return {
    id: note.id,
    desk_id: note.deckId,
    note_type: (note.stockType ?? note.noteTypeId) as Schemas['NoteTypeRef'],
    fields: note.fields,
    tags: note.tags,
    cards: cards.map((card) => toCard(card)),
    created_at: note.createdAt.toISOString(),
    updated_at: note.updatedAt.toISOString(),
  };
}

export const handlers: Handlers = {
  async createNote(c, { body }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const noteId = await inTransaction(sql, async (tx) => {
      const deck = await deckFor(tx, user.id, body.desk_id);
      assertCanEdit(deck);
      const type = await requestedType(tx, user.id, body.note_type);
      const tags = cleanTags(body.tags ?? []);
      const { fields, cards } = prepareNote(type, body.fields, tags);
      const id = await insertNote(tx, {
        deckId: deck.id,
        ownerId: user.id,
        stockType: type.kind === 'stock' ? type.key : null,
        noteTypeId: type.kind === 'custom' ? type.id : null,
        fields,
        tags,
      });
      await syncNoteCards(tx, { id, deckId: deck.id }, cards, user.id);
      return id;
    });
    const { note } = await noteFor(sql, user.id, noteId);
    return c.json(await noteBody(sql, user.id, note), 201);
  },

  async previewNote(c, { body }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    // Only a deck the learner sees may be named; viewing one shared read-only is enough to look.
    if (body.desk_id !== undefined) await deckFor(sql, user.id, body.desk_id);
    const type = await requestedType(sql, user.id, body.note_type);
    const { cards } = prepareNote(type, body.fields, []);
    return c.json(
      {
        cards: cards.map((card) => ({
          ordinal: card.ordinal,
          front_html: card.frontHtml,
          back_html: card.backHtml,
        })),
      },
      200,
    );
  },

  async getNote(c, { params }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const { note } = await noteFor(sql, user.id, params.id);
    return c.json(await noteBody(sql, user.id, note), 200);
  },

  async updateNote(c, { params, body }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    await inTransaction(sql, async (tx) => {
      // The deck row first, the order deleting a card and sharing take their locks in.
      const { note, deck } = await noteFor(tx, user.id, params.id, 'update');
      assertCanEdit(deck);
      const tags = body.tags ? cleanTags(body.tags) : note.tags;
      const { fields, cards } = prepareNote(await typeOfNote(tx, note), body.fields, tags);
      await updateNote(tx, note.id, { fields, tags });
      await syncNoteCards(tx, { id: note.id, deckId: deck.id }, cards, user.id);
    });
    const { note } = await noteFor(sql, user.id, params.id);
    return c.json(await noteBody(sql, user.id, note), 200);
  },

  async deleteNote(c, { params }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    await inTransaction(sql, async (tx) => {
      const { note, deck } = await noteFor(tx, user.id, params.id, 'update');
      assertCanEdit(deck);
      await deleteNote(tx, { id: note.id, deckId: deck.id });
    });
    return c.body(null, 204);
  },
};
