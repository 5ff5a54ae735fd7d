/**
 * What each plan may use (product-spec §6): free accounts only spaced repetition, creating decks
 * and creating cards; every other account type has full access.
 */

/** Every plan-gated feature; the same list as the contract's `Feature` enum (a test checks). */
export const FEATURES = [
  'space_repetition',
  'create_decks',
  'create_cards',
  'macro_images',
  'conversion_table',
  'duels',
  'advanced_duels',
  'desk_duels',
  'image_duels',
  'table_duels',
  'custom_duels',
  'progress_tracking',
] as const;
export type Feature = (typeof FEATURES)[number];

export const ACCOUNT_TYPES = ['free', 'standard', 'enterprise', 'enterprise_plus'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

const FREE_FEATURES: readonly Feature[] = ['space_repetition', 'create_decks', 'create_cards'];

export function isPaid(accountType: AccountType): boolean {
  return accountType !== 'free';
}

export function featuresOf(accountType: AccountType): Feature[] {
  return isPaid(accountType) ? [...FEATURES] : [...FREE_FEATURES];
}

export function allows(accountType: AccountType, feature: Feature): boolean {
  return featuresOf(accountType).includes(feature);
}

/** Display names used in messages (the premium modal's titles). */
export const FEATURE_NAMES: Record<Feature, string> = {
  space_repetition: 'Space Repetition',
  create_decks: 'Create Decks',
  create_cards: 'Create Cards',
  macro_images: 'Macro Images',
  conversion_table: 'Conversion Table',
  duels: 'Duels',
  advanced_duels: 'Advanced Duels',
  desk_duels: 'Desk Duels',
  image_duels: 'Image Duels',
  table_duels: 'Table Duels',
  custom_duels: 'Custom Duels',
  progress_tracking: 'Progress Tracking',
};

export function isFeature(value: string): value is Feature {
  return (FEATURES as readonly string[]).includes(value);
}
