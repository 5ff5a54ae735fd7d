/** Notes and note types as the learner may see them: the note's deck decides, as for cards. */
import { visibleDecks } from '../../db/queries/desks.ts';
import {
  findNote,
  findNoteType,
  type NoteRecord,
  type NoteTypeRecord,
} from '../../db/queries/notes.ts';
import type { Query } from '../../db/queries/pg.ts';
import { NOTE_MESSAGES } from '../../domain/notes/messages.ts';
import type { NoteTypeSpec } from '../../domain/notes/render.ts';
import { isStockNoteType } from '../../domain/notes/stock-types.ts';
import { notFound, validationError } from '../../http/errors.ts';

/** The note and its deck if the learner sees the deck, else 404; `lock` locks the deck row. */
export async function noteFor(q: Query, userId: number, id: number, lock?: 'update') {
  const note = await findNote(q, id);
  if (!note) throw notFound(NOTE_MESSAGES.noteNotFound);
  const [deck] = await visibleDecks(q, userId, { id: note.deckId, lock });
  if (!deck) throw notFound(NOTE_MESSAGES.noteNotFound);
  return { note, deck };
}

export const customSpec = (type: NoteTypeRecord): NoteTypeSpec => ({
  kind: 'custom',
  id: type.id,
  name: type.name,
  fields: type.fields,
  frontTemplate: type.frontTemplate,
  backTemplate: type.backTemplate,
});

/** The type of a new note: a stock key, or one of the learner's own types (else 400). */
export async function requestedType(
  q: Query,
  userId: number,
  ref: string | number,
): Promise<NoteTypeSpec> {
  if (isStockNoteType(ref)) return { kind: 'stock', key: ref };
  const own = typeof ref === 'number' ? await findNoteType(q, ref, userId) : undefined;
  if (!own) throw validationError({ note_type: [NOTE_MESSAGES.unknownType] });
  return customSpec(own);
}

/** The type a stored note was made with. */
export async function typeOfNote(q: Query, note: NoteRecord): Promise<NoteTypeSpec> {
  if (isStockNoteType(note.stockType)) return { kind: 'stock', key: note.stockType };
  const type = note.noteTypeId === null ? undefined : await findNoteType(q, note.noteTypeId);
  if (!type) throw new Error(`note ${note.id} has no note type`);
  return customSpec(type);
}
