/** Notes and own note types: every SQL statement on `notes` and `note_types`. */
import type { StoredImage } from '../../domain/decks/images.ts';
import { basicCardOfText, type RenderedCard } from '../../domain/notes/render.ts';
import {
  type CardRecord,
  type CardRow,
  cardColumns,
  deleteCard,
  insertCard,
  selectCards,
  updateCard,
} from './cards.ts';
import { pgDate, type Query } from './pg.ts';

export interface NoteRecord {
  id: number;
  deckId: number;
  ownerId: number | null;
  /** A stock type's key, or null when `noteTypeId` names an own type. */
  stockType: string | null;
  noteTypeId: number | null;
  fields: Record<string, string>;
  tags: string[];
  createdAt: Date;
  updatedAt: Date;
}

interface NoteRow {
  id: number;
  desk_id: number;
  owner_id: number | null;
  stock_type: string | null;
  note_type_id: number | null;
  fields: Record<string, string>;
  tags: string[];
  created_at: string;
  updated_at: string;
}

const toNoteRecord = (row: NoteRow): NoteRecord => ({
  id: row.id,
  deckId: row.desk_id,
  ownerId: row.owner_id,
  stockType: row.stock_type,
  noteTypeId: row.note_type_id,
  fields: row.fields,
  tags: row.tags,
  createdAt: pgDate(row.created_at),
  updatedAt: pgDate(row.updated_at),
});

const noteColumns = (q: Query) =>
  q`id, desk_id, owner_id, stock_type, note_type_id, fields, tags, created_at, updated_at`;

export async function findNote(q: Query, id: number): Promise<NoteRecord | undefined> {
  const [row] = await q<NoteRow[]>`select ${noteColumns(q)} from notes where id = ${id}`;
  return row && toNoteRecord(row);
}

export async function insertNote(
  q: Query,
  note: {
    deckId: number;
    ownerId: number;
    stockType: string | null;
    noteTypeId: number | null;
    fields: Record<string, string>;
    tags: string[];
  },
): Promise<number> {
  const [row] = await q<{ id: number }[]>`
    insert into notes (desk_id, owner_id, stock_type, note_type_id, fields, tags)
    values (${note.deckId}, ${note.ownerId}, ${note.stockType}, ${note.noteTypeId},
      ${JSON.stringify(note.fields)}::jsonb, ${note.tags}::text[])
    returning id`;
  if (!row) throw new Error('insert into notes returned no row');
  return row.id;
}

export async function updateNote(
  q: Query,
  id: number,
  changes: { fields: Record<string, string>; tags: string[] },
): Promise<void> {
  await q`
    update notes set fields = ${JSON.stringify(changes.fields)}::jsonb,
      tags = ${changes.tags}::text[], updated_at = now()
    where id = ${id}`;
}

/**
 * A `basic` note of plain text and its one card (the card operations' create, tests): the note's
 * fields are the text as HTML.
 */
export async function insertBasicCard(
  q: Query,
  card: {
    deckId: number;
    front: string;
    back: string;
    frontImage?: StoredImage;
    backImage?: StoredImage;
    createdBy: number;
  },
): Promise<number> {
  const basic = basicCardOfText(card.front, card.back);
  const noteId = await insertNote(q, {
    deckId: card.deckId,
    ownerId: card.createdBy,
    stockType: 'basic',
    noteTypeId: null,
    fields: basic.fields,
    tags: [],
  });
  return insertCard(q, { ...card, ...basic.card, noteId });
}

/** The note's cards by ordinal, each with the learner's schedule. */
export async function noteCards(q: Query, userId: number, noteId: number): Promise<CardRecord[]> {
  return selectCards(q<CardRow[]>`
    select ${cardColumns(q)} from cards c
    left join card_schedules s on s.card_id = c.id and s.user_id = ${userId}
    where c.note_id = ${noteId}
    order by c.ordinal`);
}

/**
 * Makes the note's stored cards those rendered: a card whose ordinal is still rendered gets its
 * new sides and keeps its id, so every learner's schedule and history; a card whose ordinal is
 * gone is deleted; a new ordinal is a new card, scheduled as `insertCard` does. The caller holds
 * the deck row locked (FOR UPDATE), as deleting a card does.
 */
export async function syncNoteCards(
  q: Query,
  note: { id: number; deckId: number },
  rendered: readonly RenderedCard[],
  createdBy: number,
): Promise<void> {
  const stored = await q<{ id: number; ordinal: number }[]>`
    select id, ordinal from cards where note_id = ${note.id} order by ordinal for update`;
  const byOrdinal = new Map(stored.map((c) => [c.ordinal, c.id]));
  const kept = new Set(rendered.map((c) => c.ordinal));
  for (const card of stored) {
    if (!kept.has(card.ordinal)) await deleteCard(q, card.id, note.deckId);
  }
  for (const card of rendered) {
    const id = byOrdinal.get(card.ordinal);
    const sides = {
      front: card.front,
      back: card.back,
      frontHtml: card.frontHtml,
      backHtml: card.backHtml,
    };
    if (id !== undefined) await updateCard(q, id, sides);
    else
      await insertCard(q, {
        ...sides,
        deckId: note.deckId,
        noteId: note.id,
        ordinal: card.ordinal,
        createdBy,
      });
  }
}

/** Deletes a note and its cards (schedules and logs cascade) and uncounts them from the deck. */
export async function deleteNote(q: Query, note: { id: number; deckId: number }): Promise<void> {
  const gone = await q`delete from cards where note_id = ${note.id} returning id`;
  await q`update desks set cards_count = cards_count - ${gone.length} where id = ${note.deckId}`;
  await q`delete from notes where id = ${note.id}`;
}

export interface NoteTypeRecord {
  id: number;
  ownerId: number;
  name: string;
  fields: string[];
  frontTemplate: string;
  backTemplate: string;
}

interface NoteTypeRow {
  id: number;
  owner_id: number;
  name: string;
  fields: string[];
  front_template: string;
  back_template: string;
}

const toNoteTypeRecord = (row: NoteTypeRow): NoteTypeRecord => ({
  id: row.id,
  ownerId: row.owner_id,
  name: row.name,
  fields: row.fields,
  frontTemplate: row.front_template,
  backTemplate: row.back_template,
});

/** A learner's own note types, by name. */
export async function listOwnNoteTypes(q: Query, ownerId: number): Promise<NoteTypeRecord[]> {
  const rows = await q<NoteTypeRow[]>`
    select id, owner_id, name, fields, front_template, back_template from note_types
    where owner_id = ${ownerId} order by name, id`;
  return rows.map(toNoteTypeRecord);
}

export async function countOwnNoteTypes(q: Query, ownerId: number): Promise<number> {
  const [row] = await q<{ n: number }[]>`
    select count(*)::int as n from note_types where owner_id = ${ownerId}`;
  return row?.n ?? 0;
}

/** A note type by id; with `ownerId`, only if that learner owns it. */
export async function findNoteType(
  q: Query,
  id: number,
  ownerId?: number,
  lock = false,
): Promise<NoteTypeRecord | undefined> {
  const [row] = await q<NoteTypeRow[]>`
    select id, owner_id, name, fields, front_template, back_template from note_types
    where id = ${id} ${ownerId === undefined ? q`` : q`and owner_id = ${ownerId}`}
    ${lock ? q`for update` : q``}`;
  return row && toNoteTypeRecord(row);
}

export type NoteTypeWrite = Omit<NoteTypeRecord, 'id' | 'ownerId'>;

export async function insertNoteType(
  q: Query,
  ownerId: number,
  type: NoteTypeWrite,
): Promise<number> {
  const [row] = await q<{ id: number }[]>`
    insert into note_types (owner_id, name, fields, front_template, back_template)
    values (${ownerId}, ${type.name}, ${type.fields}::text[], ${type.frontTemplate}, ${type.backTemplate})
    returning id`;
  if (!row) throw new Error('insert into note_types returned no row');
  return row.id;
}

export async function updateNoteType(q: Query, id: number, type: NoteTypeWrite): Promise<void> {
  await q`
    update note_types set name = ${type.name}, fields = ${type.fields}::text[],
      front_template = ${type.frontTemplate}, back_template = ${type.backTemplate},
      updated_at = now()
    where id = ${id}`;
}

/** The notes of an own note type (to render again when the type changes). */
export async function notesOfType(q: Query, noteTypeId: number): Promise<NoteRecord[]> {
  const rows = await q<NoteRow[]>`
    select ${noteColumns(q)} from notes where note_type_id = ${noteTypeId} order by desk_id, id`;
  return rows.map(toNoteRecord);
}

/** Deletes an own note type no note uses; false when some note still does. */
export async function deleteNoteType(q: Query, id: number): Promise<boolean> {
  const [used] = await q`select 1 from notes where note_type_id = ${id} limit 1`;
  if (used) return false;
  await q`delete from note_types where id = ${id}`;
  return true;
}
