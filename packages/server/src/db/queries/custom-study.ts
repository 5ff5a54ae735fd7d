/**
 * Custom study: the cards of a session beyond today's queue (docs/features/presets.md). Each
 * read keeps to the learner's own schedules (`card_schedules` rows exist only for the decks they
 * see), leaves suspended and buried cards out, and reads at most `limit` cards.
 */
import { type CardRecord, type CardRow, cardColumns, selectCards } from './cards.ts';
import { visibleDeckLimits } from './desks.ts';
import { iso, type Query } from './pg.ts';
import { presetOfDeck } from './presets.ts';
import { newCardsAllowanceIn } from './queue.ts';

interface SessionRead {
  userId: number;
  /** One deck, or every deck the learner sees. */
  deckId?: number;
  limit: number;
  now: Date;
}

const inDeck = (q: Query, deckId: number | undefined) =>
  deckId === undefined ? q`` : q`and s.desk_id = ${deckId}`;

const available = (q: Query, now: Date) =>
  q`not s.suspended and (s.buried_until is null or s.buried_until <= ${iso(now)})`;

/** The picked schedules' cards, in the order of `picked` (a statement of `card_id, ord`). */
async function cardsOf(q: Query, userId: number, picked: ReturnType<Query>): Promise<CardRecord[]> {
  return selectCards(q<CardRow[]>`
    select ${cardColumns(q)} from (${picked}) p
    join card_schedules s on s.user_id = ${userId} and s.card_id = p.card_id
    join cards c on c.id = p.card_id
    order by p.ord, p.card_id`);
}

/**
 * `cram`: any cards (of the deck, or whose note has `tag` or a `tag::child`), in a random order
 * stable within the learner's day (`seed`).
 */
export function cramCards(
  q: Query,
  r: SessionRead & { tag?: string; seed: number },
): Promise<CardRecord[]> {
  const tag = r.tag?.toLowerCase();
  const byTag = tag
    ? q`and exists (select 1 from cards c join notes n on n.id = c.note_id
         where c.id = s.card_id and exists (select 1 from unnest(n.tags) t
           where lower(t) = ${tag} or lower(t) like ${`${tag.replace(/[\\%_]/g, '\\$&')}::%`}))`
    : q``;
  return cardsOf(
    q,
    r.userId,
    q`select s.card_id, hashint4(s.card_id # ${r.seed}) as ord from card_schedules s
      where s.user_id = ${r.userId} ${inDeck(q, r.deckId)} and ${available(q, r.now)} ${byTag}
      order by ord, s.card_id
      limit ${r.limit}`,
  );
}

/** `ahead`: review cards due from `from` (the end of today) until `until`, earliest first. */
export function aheadCards(
  q: Query,
  r: SessionRead & { from: Date; until: Date },
): Promise<CardRecord[]> {
  return cardsOf(
    q,
    r.userId,
    q`select s.card_id, extract(epoch from s.due) as ord from card_schedules s
      where s.user_id = ${r.userId} ${inDeck(q, r.deckId)} and s.state <> 0 and s.state = 2
        and s.due >= ${iso(r.from)} and s.due < ${iso(r.until)} and ${available(q, r.now)}
      order by s.due, s.card_id
      limit ${r.limit}`,
  );
}

/** `forgotten`: cards the learner rated again since `since` (the start of today), latest first. */
export function forgottenCards(q: Query, r: SessionRead & { since: Date }): Promise<CardRecord[]> {
  return cardsOf(
    q,
    r.userId,
    q`select s.card_id, -extract(epoch from f.at) as ord
      from (select l.card_id, max(l.reviewed_at) as at from review_logs l
            where l.user_id = ${r.userId} and l.reviewed_at >= ${iso(r.since)} and l.rating = 1
            group by l.card_id) f
      join card_schedules s on s.user_id = ${r.userId} and s.card_id = f.card_id
      where ${available(q, r.now)} ${inDeck(q, r.deckId)}
      order by f.at desc, s.card_id
      limit ${r.limit}`,
  );
}

/**
 * `new`: new cards past today's allowance of each deck (the learner's limit less those introduced
 * on `day`), in creation order.
 */
export function extraNewCards(q: Query, r: SessionRead & { day: string }): Promise<CardRecord[]> {
  return cardsOf(
    q,
    r.userId,
    q`select x.card_id, x.card_id as ord
      from (${visibleDeckLimits(q, r.userId, r.deckId)}) v
      left join lateral (${presetOfDeck(q, r.userId, q`v.id`)}) p on true
      left join new_cards_introduced n
        on n.user_id = ${r.userId} and n.day = ${r.day} and n.desk_id = v.id
      cross join lateral (
        select s.card_id from card_schedules s
        where s.user_id = ${r.userId} and s.desk_id = v.id and s.state = 0
          and ${available(q, r.now)}
        order by s.card_id
        offset ${newCardsAllowanceIn(
          q,
          q`coalesce(p.new_cards_per_day, v.new_cards_per_day)`,
          q`coalesce(n.count, 0)`,
        )}
        limit ${r.limit}
      ) x
      order by x.card_id
      limit ${r.limit}`,
  );
}
