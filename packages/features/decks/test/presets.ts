/** Contract-typed presets for the Options dialog's tests and stories. */
import type { Preset } from '@memoria/api';

export function preset(overrides: Partial<Preset> = {}): Preset {
  return {
    id: 1,
    is_default: true,
    name: 'Default',
    new_cards_per_day: null,
    max_reviews_per_day: 9999,
    learning_steps: ['1m', '10m'],
    relearning_steps: ['10m'],
    desired_retention: null,
    review_order: 'due',
    new_card_order: 'added',
    gather_order: 'ascending_position',
    bury_siblings: false,
    leech_threshold: 8,
    leech_action: 'suspend',
    easy_days: [],
    easy_day_load: 0.5,
    ...overrides,
  };
}

/** The default and one own preset, "Languages", which deck 7 follows. */
export const presets: Preset[] = [
  preset(),
  preset({
    id: 2,
    is_default: false,
    name: 'Languages',
    new_cards_per_day: 20,
    learning_steps: ['1m', '10m', '1h'],
    desired_retention: 0.85,
    review_order: 'retrievability_ascending',
    easy_days: ['sunday'],
  }),
];
