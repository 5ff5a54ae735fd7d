/**
 * Deck presets: every SQL statement on `review_presets` and `desk_presets`, and `presetForDesk` /
 * `presetForCard`, the one way to read the settings a learner's reviews of a deck follow
 * (docs/features/presets.md). Other statements that need a deck's preset in the same round trip
 * (the review queue, a rating's read) join `presetOfDeck`.
 */
import type { StepUnit } from 'ts-fsrs';
import { DESIRED_RETENTION } from '../../domain/review/memory-model.ts';
import {
  DEFAULT_SETTINGS,
  type EffectivePreset,
  effectivePreset,
  type GatherOrder,
  type LeechAction,
  type NewCardOrder,
  type PresetSettings,
  type ReviewOrder,
  type StoredPreset,
} from '../../domain/review/presets.ts';
import type { Query } from './pg.ts';

export interface PresetRow {
  id: number;
  is_default: boolean;
  name: string;
  new_cards_per_day: number | null;
  max_reviews_per_day: number;
  learning_steps: string[];
  relearning_steps: string[];
  desired_retention: number | null;
  review_order: string;
  new_card_order: string;
  gather_order: string;
  bury_siblings: boolean;
  leech_threshold: number;
  leech_action: string;
  easy_days: number[];
  easy_day_load: number;
}

const columns = (q: Query, p: string) =>
  q.unsafe(`
  ${p}.id, ${p}.is_default, ${p}.name, ${p}.new_cards_per_day, ${p}.max_reviews_per_day,
  ${p}.learning_steps, ${p}.relearning_steps, ${p}.desired_retention, ${p}.review_order,
  ${p}.new_card_order, ${p}.gather_order, ${p}.bury_siblings, ${p}.leech_threshold,
  ${p}.leech_action, ${p}.easy_days, ${p}.easy_day_load`);

export function toPreset(row: PresetRow): StoredPreset {
  return {
    id: row.id,
    isDefault: row.is_default,
    name: row.name,
    newCardsPerDay: row.new_cards_per_day,
    maxReviewsPerDay: row.max_reviews_per_day,
    learningSteps: row.learning_steps as StepUnit[],
    relearningSteps: row.relearning_steps as StepUnit[],
    desiredRetention: row.desired_retention,
    reviewOrder: row.review_order as ReviewOrder,
    newCardOrder: row.new_card_order as NewCardOrder,
    gatherOrder: row.gather_order as GatherOrder,
    burySiblings: row.bury_siblings,
    leechThreshold: row.leech_threshold,
    leechAction: row.leech_action as LeechAction,
    easyDays: row.easy_days,
    easyDayLoad: row.easy_day_load,
  };
}

/**
 * The preset row a learner's reviews of a deck follow, as a lateral subquery over `deckId` (an
 * SQL expression): the one assigned to the deck, else the learner's default; no row when the
 * learner has neither (the defaults apply).
 */
export const presetOfDeck = (
  q: Query,
  userId: number | ReturnType<Query>,
  deckId: ReturnType<Query>,
) => q`
  select ${columns(q, 'p')} from review_presets p
  left join desk_presets dp on dp.user_id = ${userId} and dp.desk_id = ${deckId}
  where p.user_id = ${userId} and (p.id = dp.preset_id or dp.preset_id is null and p.is_default)
  order by p.is_default
  limit 1`;

/**
 * The new-card limit of the learner's preset of a deck (`deckId` an SQL expression), null when
 * it keeps the deck's own: a scalar subquery for the statements reading decks' limits.
 */
export const presetNewCardsPerDay = (
  q: Query,
  userId: number | ReturnType<Query>,
  deckId: ReturnType<Query>,
) => q`(select p.new_cards_per_day from (${presetOfDeck(q, userId, deckId)}) p)`;

/** The id of the preset assigned to a deck by the learner, if any. */
export async function presetOfDeckId(
  q: Query,
  userId: number,
  deckId: number,
): Promise<number | undefined> {
  const [row] = await q<{ preset_id: number }[]>`
    select preset_id from desk_presets where user_id = ${userId} and desk_id = ${deckId}`;
  return row?.preset_id;
}

/**
 * The joins that bring the preset row of a learner's deck in as `p` (no row: the defaults apply),
 * for a statement over many decks (`deckId` the SQL expression of each): the assignment by its
 * key, else the learner's default, found once for the statement (the one-default unique index).
 * Per deck it is one key lookup, and one more when a preset applies; `presetOfDeck`, a lateral
 * ordered subquery, read the learner's presets again for each deck.
 */
export const joinPresetOfDeck = (
  q: Query,
  userId: number | ReturnType<Query>,
  deckId: ReturnType<Query>,
) => q`
  left join desk_presets dp on dp.user_id = ${userId} and dp.desk_id = ${deckId}
  left join review_presets p on p.id = coalesce(dp.preset_id,
    (select d0.id from review_presets d0 where d0.user_id = ${userId} and d0.is_default))`;

/** The caller's presets, the default first (made on this first use when missing). */
export async function listPresets(q: Query, userId: number): Promise<StoredPreset[]> {
  await ensureDefaultPreset(q, userId);
  const rows = await q<PresetRow[]>`
    select ${columns(q, 'p')} from review_presets p where p.user_id = ${userId}
    order by p.is_default desc, lower(p.name), p.id`;
  return rows.map(toPreset);
}

/** The learner's default preset's id, made with the default settings when missing. */
export async function ensureDefaultPreset(q: Query, userId: number): Promise<number> {
  const [made] = await q<{ id: number }[]>`
    insert into review_presets (user_id, name, is_default) values (${userId}, ${DEFAULT_SETTINGS.name}, true)
    on conflict (user_id) where is_default do nothing
    returning id`;
  if (made) return made.id;
  const [found] = await q<{ id: number }[]>`
    select id from review_presets where user_id = ${userId} and is_default`;
  if (!found) throw new Error(`no default preset for user ${userId}`);
  return found.id;
}

export async function findPreset(
  q: Query,
  userId: number,
  id: number,
): Promise<StoredPreset | undefined> {
  const [row] = await q<PresetRow[]>`
    select ${columns(q, 'p')} from review_presets p where p.id = ${id} and p.user_id = ${userId}`;
  return row && toPreset(row);
}

const settingsRow = (s: PresetSettings) => ({
  name: s.name,
  new_cards_per_day: s.newCardsPerDay,
  max_reviews_per_day: s.maxReviewsPerDay,
  learning_steps: s.learningSteps,
  relearning_steps: s.relearningSteps,
  desired_retention: s.desiredRetention,
  review_order: s.reviewOrder,
  new_card_order: s.newCardOrder,
  gather_order: s.gatherOrder,
  bury_siblings: s.burySiblings,
  leech_threshold: s.leechThreshold,
  leech_action: s.leechAction,
  easy_days: s.easyDays,
  easy_day_load: s.easyDayLoad,
});

export async function insertPreset(
  q: Query,
  userId: number,
  settings: PresetSettings,
): Promise<StoredPreset> {
  const values = { user_id: userId, is_default: false, ...settingsRow(settings) };
  const [row] = await q<PresetRow[]>`
    insert into review_presets ${q(values)} returning ${columns(q, 'review_presets')}`;
  if (!row) throw new Error('insert into review_presets returned no row');
  return toPreset(row);
}

export async function updatePreset(
  q: Query,
  userId: number,
  id: number,
  settings: PresetSettings,
): Promise<StoredPreset | undefined> {
  const [row] = await q<PresetRow[]>`
    update review_presets set ${q(settingsRow(settings))}, updated_at = now()
    where id = ${id} and user_id = ${userId}
    returning ${columns(q, 'review_presets')}`;
  return row && toPreset(row);
}

/** Deletes a preset that is not the default; its decks follow the default again (cascade). */
export async function deletePreset(q: Query, userId: number, id: number): Promise<boolean> {
  const rows = await q`
    delete from review_presets where id = ${id} and user_id = ${userId} and not is_default
    returning id`;
  return rows.length > 0;
}

export async function assignPreset(
  q: Query,
  r: { userId: number; deckId: number; presetId: number },
): Promise<void> {
  await q`
    insert into desk_presets (user_id, desk_id, preset_id)
    values (${r.userId}, ${r.deckId}, ${r.presetId})
    on conflict (user_id, desk_id) do update set preset_id = excluded.preset_id`;
}

interface EffectiveRow extends Partial<PresetRow> {
  preset_id: number | null;
  deck_limit: number;
  learner_retention: number | null;
}

/**
 * The settings a learner's reviews of a deck follow, defaults filled in (`EffectivePreset` of
 * domain/review/presets.ts): the deck's assigned preset, else the learner's default, else the
 * built-in defaults; a null new-card limit is the deck's own, a null retention the learner's.
 * Undefined when the learner does not see the deck. Keep this name and shape: the card-state
 * helpers (leeches, burying siblings) and workload (easy days) call it.
 */
export async function presetForDesk(
  q: Query,
  userId: number,
  deckId: number,
): Promise<EffectivePreset | undefined> {
  const [row] = await q<EffectiveRow[]>`
    select p.*, p.id as preset_id,
      case when d.owner_id = ${userId} then d.new_cards_per_day
           else coalesce(sh.new_cards_per_day, d.new_cards_per_day) end as deck_limit,
      m.desired_retention as learner_retention
    from desks d
    left join desk_shares sh on sh.desk_id = d.id and sh.user_id = ${userId}
    left join lateral (${presetOfDeck(q, userId, q`d.id`)}) p on true
    left join memory_models m on m.user_id = ${userId}
    where d.id = ${deckId} and (d.owner_id = ${userId} or sh.user_id is not null)`;
  return row && toEffective(row);
}

/** `presetForDesk` of the deck holding `cardId` (undefined when the learner does not see it). */
export async function presetForCard(
  q: Query,
  userId: number,
  cardId: number,
): Promise<EffectivePreset | undefined> {
  const [card] = await q<{ desk_id: number }[]>`select desk_id from cards where id = ${cardId}`;
  return card ? presetForDesk(q, userId, card.desk_id) : undefined;
}

/** The effective settings from a row carrying a preset's columns (or nulls), the deck's limit
 * and the learner's retention. */
export function toEffective(row: EffectiveRow): EffectivePreset {
  const stored =
    row.preset_id !== null && row.preset_id !== undefined ? toPreset(row as PresetRow) : null;
  return effectivePreset(
    stored,
    row.deck_limit,
    row.learner_retention ?? DESIRED_RETENTION.default,
  );
}
