/**
 * A preset as the Options form holds it (text for the typed fields) and back as the contract's
 * `PresetWrite`. Empty texts mean "not this preset's": the deck's own new-card limit, the
 * learner's desired retention (docs/features/presets.md).
 */
import type { Preset, PresetWrite } from '@memoria/api';

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface PresetValues {
  name: string;
  new_cards_per_day: string;
  max_reviews_per_day: string;
  /** Steps separated by spaces ("1m 10m"). */
  learning_steps: string;
  relearning_steps: string;
  /** A percentage ("90"); empty follows the learner's own. */
  desired_retention: string;
  review_order: Preset['review_order'];
  new_card_order: Preset['new_card_order'];
  bury_siblings: boolean;
  leech_threshold: string;
  leech_action: Preset['leech_action'];
  easy_days: Weekday[];
}

export function presetValues(preset: Preset): PresetValues {
  return {
    name: preset.name,
    new_cards_per_day: preset.new_cards_per_day === null ? '' : String(preset.new_cards_per_day),
    max_reviews_per_day: String(preset.max_reviews_per_day),
    learning_steps: preset.learning_steps.join(' '),
    relearning_steps: preset.relearning_steps.join(' '),
    desired_retention:
      preset.desired_retention === null ? '' : String(Math.round(preset.desired_retention * 100)),
    review_order: preset.review_order,
    new_card_order: preset.new_card_order,
    bury_siblings: preset.bury_siblings,
    leech_threshold: String(preset.leech_threshold),
    leech_action: preset.leech_action,
    easy_days: [...preset.easy_days],
  };
}

const stepsOf = (text: string) => text.split(/[\s,]+/).filter(Boolean);

/** The number fields whose text is no number (checked before the call; bounds are the server's). */
export function notNumbers(values: PresetValues): (keyof PresetValues)[] {
  const numeric = [
    'new_cards_per_day',
    'max_reviews_per_day',
    'desired_retention',
    'leech_threshold',
  ] as const;
  return numeric.filter(
    (name) => values[name].trim() !== '' && !Number.isFinite(Number(values[name])),
  );
}

/** What the form sends; the server checks the bounds and names the field it refuses. */
export function presetWrite(values: PresetValues): PresetWrite {
  const number = (text: string) => (text.trim() === '' ? null : Number(text.trim()));
  const retention = number(values.desired_retention);
  return {
    name: values.name.trim(),
    new_cards_per_day: number(values.new_cards_per_day),
    max_reviews_per_day: number(values.max_reviews_per_day) ?? 9999,
    learning_steps: stepsOf(values.learning_steps),
    relearning_steps: stepsOf(values.relearning_steps),
    desired_retention: retention === null ? null : Math.round(retention) / 100,
    review_order: values.review_order,
    new_card_order: values.new_card_order,
    bury_siblings: values.bury_siblings,
    leech_threshold: number(values.leech_threshold) ?? 8,
    leech_action: values.leech_action,
    easy_days: values.easy_days,
  };
}
