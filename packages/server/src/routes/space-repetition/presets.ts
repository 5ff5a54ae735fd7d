/** Deck presets: the learner's own (list, create, change, delete) and which one a deck follows. */
import type { Handlers, Schemas } from '../../contract/types.ts';
import {
  assignPreset,
  deletePreset,
  ensureDefaultPreset,
  findPreset,
  insertPreset,
  listPresets,
  presetOfDeckId,
  updatePreset,
} from '../../db/queries/presets.ts';
import { inTransaction } from '../../db/transaction.ts';
import {
  DEFAULT_SETTINGS,
  type PresetSettings,
  type StoredPreset,
  weekdayNames,
  weekdayNumbers,
} from '../../domain/review/presets.ts';
import { currentUser } from '../../http/current-user.ts';
import { ApiError, notFound, validationError } from '../../http/errors.ts';
import { deckFor } from '../../services/decks/access.ts';
import { MESSAGES } from './messages.ts';

export function toPresetView(p: StoredPreset): Schemas['Preset'] {
  return {
    id: p.id,
    is_default: p.isDefault,
    name: p.name,
    new_cards_per_day: p.newCardsPerDay,
    max_reviews_per_day: p.maxReviewsPerDay,
    learning_steps: p.learningSteps,
    relearning_steps: p.relearningSteps,
    desired_retention: p.desiredRetention,
    review_order: p.reviewOrder,
    new_card_order: p.newCardOrder,
    gather_order: p.gatherOrder,
    bury_siblings: p.burySiblings,
    leech_threshold: p.leechThreshold,
    leech_action: p.leechAction,
    easy_days: weekdayNames(p.easyDays),
    easy_day_load: p.easyDayLoad,
  };
}

/** The body over `base`: the settings it gives replace, the others stay. 400 names a blank name. */
function readSettings(body: Schemas['PresetWrite'], base: PresetSettings): PresetSettings {
  const name = body.name === undefined ? base.name : body.name.trim();
  if (!name) throw validationError({ name: ['This field may not be blank.'] });
  return {
    name,
    newCardsPerDay:
      body.new_cards_per_day === undefined ? base.newCardsPerDay : body.new_cards_per_day,
    maxReviewsPerDay: body.max_reviews_per_day ?? base.maxReviewsPerDay,
    learningSteps: (body.learning_steps as PresetSettings['learningSteps']) ?? base.learningSteps,
    relearningSteps:
      (body.relearning_steps as PresetSettings['relearningSteps']) ?? base.relearningSteps,
    desiredRetention:
      body.desired_retention === undefined ? base.desiredRetention : body.desired_retention,
    reviewOrder: body.review_order ?? base.reviewOrder,
    newCardOrder: body.new_card_order ?? base.newCardOrder,
    gatherOrder: body.gather_order ?? base.gatherOrder,
    burySiblings: body.bury_siblings ?? base.burySiblings,
    leechThreshold: body.leech_threshold ?? base.leechThreshold,
    leechAction: body.leech_action ?? base.leechAction,
    easyDays: body.easy_days ? weekdayNumbers(body.easy_days) : base.easyDays,
    easyDayLoad: body.easy_day_load ?? base.easyDayLoad,
  };
}

/** Presets per learner (the list answers at most 1,000). */
export const MAX_PRESETS = 100;

export const handlers: Handlers = {
  async listPresets(c) {
    const presets = await listPresets(c.get('deps').sql, currentUser(c).id);
    return c.json(presets.map(toPresetView), 200);
  },

  async createPreset(c, { body }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const settings = readSettings(body, { ...DEFAULT_SETTINGS, name: '' });
    const preset = await inTransaction(sql, async (tx) => {
      await ensureDefaultPreset(tx, user.id);
      const existing = await listPresets(tx, user.id);
      if (existing.length >= MAX_PRESETS) {
        throw new ApiError(409, 'conflict', MESSAGES.tooManyPresets);
      }
      return insertPreset(tx, user.id, settings);
    });
    return c.json(toPresetView(preset), 201);
  },

  async updatePreset(c, { params, body }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const current = await findPreset(sql, user.id, params.id);
    if (!current) throw notFound(MESSAGES.presetNotFound);
    const updated = await updatePreset(sql, user.id, params.id, readSettings(body, current));
    if (!updated) throw notFound(MESSAGES.presetNotFound);
    return c.json(toPresetView(updated), 200);
  },

  async deletePreset(c, { params }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const preset = await findPreset(sql, user.id, params.id);
    if (!preset) throw notFound(MESSAGES.presetNotFound);
    if (preset.isDefault) throw new ApiError(409, 'conflict', MESSAGES.defaultPresetKept);
    await deletePreset(sql, user.id, params.id);
    return c.body(null, 204);
  },

  async getDeskPreset(c, { params }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    await deckFor(sql, user.id, params.id);
    const presetId =
      (await presetOfDeckId(sql, user.id, params.id)) ?? (await ensureDefaultPreset(sql, user.id));
    const preset = await findPreset(sql, user.id, presetId);
    if (!preset) throw notFound(MESSAGES.presetNotFound);
    return c.json(toPresetView(preset), 200);
  },

  async setDeskPreset(c, { params, body }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    await deckFor(sql, user.id, params.id);
    const preset = await findPreset(sql, user.id, body.preset_id);
    if (!preset) throw notFound(MESSAGES.presetNotFound);
    await assignPreset(sql, { userId: user.id, deckId: params.id, presetId: preset.id });
    return c.json(toPresetView(preset), 200);
  },
};
