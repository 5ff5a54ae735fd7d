/** Tags on notes (`notes.tags`), over the decks a learner sees or may edit. */
import { visibleDeckLimits } from './desks.ts';
import type { Query } from './pg.ts';

/** The decks `userId` may edit: their own, and those shared with them with editing allowed. */
const editableBy = (q: Query, userId: number) => q`(d.owner_id = ${userId}
  or d.allow_editing and d.id = any(array(select desk_id from desk_shares
    where user_id = ${userId} and not assigned)))`;

/**
 * Each tag of the notes in the decks the learner sees, with how many notes have it; tags that
 * differ only in case are one (the first spelling, in sort order, names it).
 */
export async function tagCounts(
  q: Query,
  userId: number,
): Promise<{ name: string; notesCount: number }[]> {
  const rows = await q<{ name: string; notes_count: number }[]>`
    select min(t.tag) as name, count(distinct n.id)::int as notes_count
    from notes n cross join lateral unnest(n.tags) as t(tag)
    where n.desk_id in (select v.id from (${visibleDeckLimits(q, userId)}) v)
    group by lower(t.tag)
    order by lower(t.tag)`;
  return rows.map((r) => ({ name: r.name, notesCount: r.notes_count }));
}

/**
 * The notes in the decks the learner may edit that have `tag` or one of its `::` children (any
 * case), locked for the rename, with their tags.
 */
export async function notesTaggedForEdit(
  q: Query,
  userId: number,
  tag: string,
): Promise<{ id: number; tags: string[] }[]> {
  const prefix = `${tag.toLowerCase()}::`;
  return q<{ id: number; tags: string[] }[]>`
    select n.id, n.tags from notes n join desks d on d.id = n.desk_id
    where ${editableBy(q, userId)}
      and exists (select 1 from unnest(n.tags) t
                  where lower(t) = ${tag.toLowerCase()}
                     or left(lower(t), ${prefix.length}) = ${prefix})
    order by n.id
    for update of n`;
}

/** Writes each note's tags (one statement however many notes). */
export async function setNotesTags(
  q: Query,
  notes: readonly { id: number; tags: string[] }[],
): Promise<void> {
  if (notes.length === 0) return;
  await q`
    update notes n set tags = array(select jsonb_array_elements_text(x.tags)), updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(notes)}::jsonb) as x(id int, tags jsonb)
    where n.id = x.id`;
}

/** Adds `tag` to the note of card `cardId` unless it has it already (in any case). */
export async function tagNoteOfCard(q: Query, cardId: number, tag: string): Promise<void> {
  await q`
    update notes n set tags = array_append(n.tags, ${tag}), updated_at = now()
    from cards c
    where c.id = ${cardId} and n.id = c.note_id
      and not exists (select 1 from unnest(n.tags) t where lower(t) = ${tag.toLowerCase()})`;
}
