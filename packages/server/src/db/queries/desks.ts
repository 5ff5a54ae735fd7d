/** Decks and their shares: every SQL statement on `decks` and `desk_shares`. */
import { containsPattern, pgDate, type Query } from './pg.ts';
import { presetNewCardsPerDay } from './presets.ts';

/** A deck as one learner sees it: their role, their own new-cards limit. */
export interface DeckAccess {
  id: number;
  name: string;
  ownerId: number;
  ownerUsername: string;
  allowEditing: boolean;
  createdAt: Date;
  updatedAt: Date;
  isOwner: boolean;
  /** The owner always; those it is shared with when the owner allows editing. */
  canEdit: boolean;
  /** The learner's own new-cards-per-day limit for this deck. */
  newCardsPerDay: number;
  cardsCount: number;
}

export interface DeckAccessRow {
  id: number;
  name: string;
  owner_id: number;
  owner_username: string;
  allow_editing: boolean;
  cards_count: number;
  created_at: string;
  updated_at: string;
  owner_limit: number;
  share_limit: number | null;
  /** The learner's share exists only through an assignment (read-only): `desk_shares.assigned`. */
  assigned?: boolean | null;
  /** The new-card limit of the learner's preset of the deck; null keeps the deck's own. */
  preset_limit?: number | null;
}

export function toDeckAccess(row: DeckAccessRow, userId: number): DeckAccess {
  const isOwner = row.owner_id === userId;
  return {
    id: row.id,
    name: row.name,
    ownerId: row.owner_id,
    ownerUsername: row.owner_username,
    allowEditing: row.allow_editing,
    createdAt: pgDate(row.created_at),
    updatedAt: pgDate(row.updated_at),
    isOwner,
    canEdit: isOwner || (row.allow_editing && !row.assigned),
    newCardsPerDay:
      row.preset_limit ?? (isOwner ? row.owner_limit : (row.share_limit ?? row.owner_limit)),
    cardsCount: row.cards_count,
  };
}

export interface DeckFilter {
  id?: number;
  /** The deck holding this card. */
  cardId?: number;
  /** Part of the name, case-insensitive. */
  search?: string;
  /** Lock the deck rows: `update` serialises with card creation and sharing. */
  lock?: 'share' | 'update';
}

/**
 * The condition that deck `d` is one `userId` sees: their own (`desks_owner_idx`) or shared with
 * them (the shares read first by `desk_shares_user_idx`, then the decks by their ids), which
 * PostgreSQL combines as a bitmap of both indexes. Written as `owner_id = user or a share row
 * joined`, it spanned two tables, and PostgreSQL read every deck of every learner to test it (a
 * sequential scan: 1.1 ms of each queue request among 10,000 decks, growing with the table).
 */
const seenBy = (q: Query, userId: number | ReturnType<Query>) => q`(d.owner_id = ${userId}
  or d.id = any(array(select desk_id from desk_shares where user_id = ${userId})))`;

/** The decks `userId` sees (own and shared with them), by name. */
export async function visibleDecks(
  q: Query,
  userId: number,
  filter: DeckFilter = {},
): Promise<DeckAccess[]> {
  const rows = await q<DeckAccessRow[]>`
    select d.id, d.name, d.owner_id, d.new_cards_per_day as owner_limit, d.allow_editing,
           d.cards_count, d.created_at, d.updated_at, u.username as owner_username,
           s.new_cards_per_day as share_limit, s.assigned,
           ${presetNewCardsPerDay(q, userId, q`d.id`)} as preset_limit
    from desks d
    join users u on u.id = d.owner_id
    left join desk_shares s on s.desk_id = d.id and s.user_id = ${userId}
    where ${seenBy(q, userId)}
      ${filter.id !== undefined ? q`and d.id = ${filter.id}` : q``}
      ${filter.cardId !== undefined ? q`and d.id = (select desk_id from cards where id = ${filter.cardId})` : q``}
      ${filter.search ? q`and d.name ilike ${containsPattern(filter.search)}` : q``}
    order by lower(d.name), d.id
    ${filter.lock === 'share' ? q`for share of d` : filter.lock === 'update' ? q`for update of d` : q``}`;
  return rows.map((r) => toDeckAccess(r, userId));
}

/**
 * The decks `userId` sees (as `visibleDecks` picks them), as rows `(id, new_cards_per_day)` with
 * the learner's own limit of the deck (a preset's limit, which `toDeckAccess` prefers, is joined
 * by the caller with `presetOfDeck`), for a statement
 * that needs the limits without a round trip of its own (the review queue). `deckId` keeps one.
 */
export const visibleDeckLimits = (
  q: Query,
  userId: number | ReturnType<Query>,
  deckId?: number | ReturnType<Query>,
) => q`
  select d.id,
    case when d.owner_id = ${userId} then d.new_cards_per_day
         else coalesce(s.new_cards_per_day, d.new_cards_per_day) end as new_cards_per_day
  from desks d
  left join desk_shares s on s.desk_id = d.id and s.user_id = ${userId}
  where ${seenBy(q, userId)}
    ${deckId !== undefined ? q`and d.id = ${deckId}` : q``}`;

/** The emails each deck is shared with, by email. */
export async function sharedWith(q: Query, deckIds: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (deckIds.length === 0) return out;
  const rows = await q<{ desk_id: number; email: string }[]>`
    select s.desk_id, u.email from desk_shares s join users u on u.id = s.user_id
    where s.desk_id = any(${deckIds}::int[]) and not s.assigned order by lower(u.email)`;
  for (const r of rows) out.set(r.desk_id, [...(out.get(r.desk_id) ?? []), r.email]);
  return out;
}

export async function insertDeck(
  q: Query,
  deck: { ownerId: number; name: string; newCardsPerDay: number; allowEditing: boolean },
): Promise<number> {
  const [row] = await q<{ id: number }[]>`
    insert into desks (owner_id, name, new_cards_per_day, allow_editing)
    values (${deck.ownerId}, ${deck.name}, ${deck.newCardsPerDay}, ${deck.allowEditing})
    returning id`;
  if (!row) throw new Error('insert into desks returned no row');
  return row.id;
}

export async function updateDeck(
  q: Query,
  id: number,
  changes: { name?: string; allowEditing?: boolean },
): Promise<void> {
  await q`
    update desks set
      name = coalesce(${changes.name ?? null}::text, name),
      allow_editing = coalesce(${changes.allowEditing ?? null}::boolean, allow_editing),
      updated_at = now()
    where id = ${id}`;
}

/** Deletes a deck; its cards, schedules, shares and review logs go with it (ON DELETE CASCADE). */
export async function deleteDeck(q: Query, id: number): Promise<void> {
  await q`delete from desks where id = ${id}`;
}

/** Sets one learner's daily new-card limit: the deck's for its owner, the share's for others. */
export async function setNewCardsPerDay(
  q: Query,
  deck: Pick<DeckAccess, 'id' | 'isOwner'>,
  userId: number,
  limit: number,
): Promise<void> {
  if (deck.isOwner) {
    await q`update desks set new_cards_per_day = ${limit}, updated_at = now() where id = ${deck.id}`;
  } else {
    await q`update desk_shares set new_cards_per_day = ${limit}
            where desk_id = ${deck.id} and user_id = ${userId}`;
  }
}

/** Active accounts with these emails (compared case-insensitively). */
export async function activeUsersByEmail(
  q: Query,
  emails: string[],
): Promise<{ id: number; email: string }[]> {
  const lowered = emails.map((e) => e.toLowerCase());
  return q<{ id: number; email: string }[]>`
    select id, email from users where lower(email) = any(${lowered}::text[]) and is_active`;
}

/**
 * Shares a deck with a learner and gives them a schedule row for each of its cards. False when it
 * was shared with them already (a share they had only through an assignment becomes their own).
 */
export async function addShare(q: Query, deckId: number, userId: number): Promise<boolean> {
  const inserted = await q`
    insert into desk_shares as s (desk_id, user_id) values (${deckId}, ${userId})
    on conflict (desk_id, user_id) do update set assigned = false where s.assigned
    returning user_id`;
  if (inserted.length === 0) return false;
  await q`
    insert into card_schedules (user_id, card_id, desk_id, due)
    select ${userId}, c.id, c.desk_id, c.created_at from cards c where c.desk_id = ${deckId}
    on conflict do nothing`;
  return true;
}
