/** What a deck's Anki export reads: its notes, own note types, cards with states, media. */
import type { Query } from './pg.ts';

export interface ExportNoteRow {
  id: number;
  stockType: string | null;
  noteTypeId: number | null;
  fields: Record<string, string>;
  tags: string[];
}

export async function deckNotes(q: Query, deckId: number): Promise<ExportNoteRow[]> {
  const rows = await q<
    {
      id: number;
      stock_type: string | null;
      note_type_id: number | null;
      fields: Record<string, string>;
      tags: string[];
    }[]
  >`select id, stock_type, note_type_id, fields, tags from notes where desk_id = ${deckId}
    order by id`;
  return rows.map((r) => ({
    id: r.id,
    stockType: r.stock_type,
    noteTypeId: r.note_type_id,
    fields: r.fields,
    tags: r.tags,
  }));
}

export interface ExportOwnType {
  id: number;
  name: string;
  fields: string[];
  frontTemplate: string;
  backTemplate: string;
}

/** The own note types the deck's notes use. */
export async function deckOwnNoteTypes(q: Query, deckId: number): Promise<ExportOwnType[]> {
  const rows = await q<
    { id: number; name: string; fields: string[]; front_template: string; back_template: string }[]
  >`select t.id, t.name, t.fields, t.front_template, t.back_template from note_types t
    where t.id in (select note_type_id from notes where desk_id = ${deckId}) order by t.id`;
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    fields: r.fields,
    frontTemplate: r.front_template,
    backTemplate: r.back_template,
  }));
}

export interface ExportCardRow {
  id: number;
  noteId: number;
  ordinal: number;
  suspended: boolean;
  buried: boolean;
}

/** The deck's cards with the learner's suspended and buried states (buried: until a time ahead). */
export async function deckCardStates(
  q: Query,
  userId: number,
  deckId: number,
): Promise<ExportCardRow[]> {
  const rows = await q<
    { id: number; note_id: number; ordinal: number; suspended: boolean; buried: boolean }[]
  >`select c.id, c.note_id, c.ordinal, coalesce(s.suspended, false) as suspended,
      coalesce(s.buried_until > now(), false) as buried
    from cards c left join card_schedules s on s.card_id = c.id and s.user_id = ${userId}
    where c.desk_id = ${deckId} order by c.id`;
  return rows.map((r) => ({
    id: r.id,
    noteId: r.note_id,
    ordinal: r.ordinal,
    suspended: r.suspended,
    buried: r.buried,
  }));
}

/** The deck's media with their bytes. */
export async function deckMediaFiles(
  q: Query,
  deckId: number,
): Promise<{ hash: string; mime: string; bytes: Buffer }[]> {
  return q<{ hash: string; mime: string; bytes: Buffer }[]>`
    select m.hash, m.mime, m.bytes from desk_media dm join media m on m.hash = dm.media_hash
    where dm.desk_id = ${deckId} order by m.hash`;
}
