/**
 * A learner's states of their cards (`card_schedules.suspended`, `buried_until`, `flag`) and
 * their names for the flags. Every write is the learner's own schedule rows: a deck's recipient
 * suspends, buries and flags their schedule of a shared card, never the card.
 */
import { iso, pgDateOrNull, type Query } from './pg.ts';

/** One card's states, as they were before a change (what undoing it puts back). */
export interface CardStates {
  cardId: number;
  suspended: boolean;
  buriedUntil: Date | null;
  flag: number;
}

/** A change of states: each field given is written, the others kept. */
export interface CardStatesChange {
  suspended?: boolean;
  buriedUntil?: Date | null;
  flag?: number;
}

interface StatesRow {
  card_id: number;
  suspended: boolean;
  buried_until: string | null;
  flag: number;
}

const toStates = (r: StatesRow): CardStates => ({
  cardId: r.card_id,
  suspended: r.suspended,
  buriedUntil: pgDateOrNull(r.buried_until),
  flag: r.flag,
});

/**
 * Writes `change` on the learner's schedules of `cardIds` (those they have; the caller checked
 * which cards they see) and answers each card's states before it, in card order. The old rows are
 * locked first in card order, so two changes of the same cards wait for each other.
 */
export async function changeCardStates(
  q: Query,
  userId: number,
  cardIds: readonly number[],
  change: CardStatesChange,
): Promise<CardStates[]> {
  if (cardIds.length === 0) return [];
  const sets = [
    change.suspended === undefined ? null : q`suspended = ${change.suspended}`,
    change.buriedUntil === undefined ? null : q`buried_until = ${iso(change.buriedUntil)}`,
    change.flag === undefined ? null : q`flag = ${change.flag}`,
  ].filter((f) => f !== null);
  const rows = await q<StatesRow[]>`
    with old as (
      select card_id, suspended, buried_until, flag from card_schedules
      where user_id = ${userId} and card_id = any(${[...cardIds]}::int[])
      order by card_id
      for update
    )
    update card_schedules s set ${sets.reduce((a, b) => q`${a}, ${b}`)}, updated_at = now()
    from old
    where s.user_id = ${userId} and s.card_id = old.card_id
    returning old.card_id, old.suspended, old.buried_until, old.flag`;
  return rows.map(toStates).sort((a, b) => a.cardId - b.cardId);
}

/** Puts back states `changeCardStates` answered (an undo), each card its own. */
export async function restoreCardStates(
  q: Query,
  userId: number,
  states: readonly CardStates[],
): Promise<number> {
  if (states.length === 0) return 0;
  const json = states.map((s) => ({
    card_id: s.cardId,
    suspended: s.suspended,
    buried_until: iso(s.buriedUntil),
    flag: s.flag,
  }));
  const rows = await q`
    update card_schedules s
    set suspended = x.suspended, buried_until = x.buried_until, flag = x.flag, updated_at = now()
    from (
      select * from json_to_recordset(${JSON.stringify(json)}::json)
        as x(card_id int, suspended boolean, buried_until timestamptz, flag smallint)
      order by card_id
    ) x
    where s.user_id = ${userId} and s.card_id = x.card_id
    returning s.card_id`;
  return rows.length;
}

/**
 * Buries the learner's other cards of `cardId`'s note until `until` (Anki's "bury siblings"),
 * those not suspended nor buried later already; answers how many.
 */
export async function burySiblings(
  q: Query,
  userId: number,
  cardId: number,
  until: Date,
): Promise<number> {
  const rows = await q`
    update card_schedules s set buried_until = ${iso(until)}, updated_at = now()
    from cards me, cards c
    where me.id = ${cardId} and c.note_id = me.note_id and c.id <> me.id
      and s.user_id = ${userId} and s.card_id = c.id and not s.suspended
      and (s.buried_until is null or s.buried_until < ${iso(until)})
    returning s.card_id`;
  return rows.length;
}

/** The learner's own flag names, by flag. */
export async function flagNames(q: Query, userId: number): Promise<Map<number, string>> {
  const rows = await q<{ flag: number; name: string }[]>`
    select flag, name from card_flag_names where user_id = ${userId}`;
  return new Map(rows.map((r) => [r.flag, r.name]));
}

/** Names a flag (an empty name removes the learner's, and the colour's own name shows again). */
export async function setFlagName(
  q: Query,
  userId: number,
  flag: number,
  name: string,
): Promise<void> {
  if (name === '') {
    await q`delete from card_flag_names where user_id = ${userId} and flag = ${flag}`;
    return;
  }
  await q`
    insert into card_flag_names (user_id, flag, name) values (${userId}, ${flag}, ${name})
    on conflict (user_id, flag) do update set name = excluded.name`;
}
