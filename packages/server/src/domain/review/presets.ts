/**
 * Deck presets (Anki's deck options): what a learner's reviews of a deck follow. Pure: the rows
 * are read by db/queries/presets.ts (`presetForDesk`, `presetForCard`), which give every caller the
 * effective settings of this module's `Preset` shape, defaults filled in.
 */
import type { StepUnit } from 'ts-fsrs';
import { WEEKDAYS } from './scheduling.ts';

export const REVIEW_ORDERS = ['due', 'random', 'retrievability_ascending', 'difficulty'] as const;
export type ReviewOrder = (typeof REVIEW_ORDERS)[number];
export const NEW_CARD_ORDERS = ['added', 'random'] as const;
export type NewCardOrder = (typeof NEW_CARD_ORDERS)[number];
export const GATHER_ORDERS = ['ascending_position', 'deck'] as const;
export type GatherOrder = (typeof GATHER_ORDERS)[number];
export const LEECH_ACTIONS = ['suspend', 'tag_only'] as const;
export type LeechAction = (typeof LEECH_ACTIONS)[number];
export type Weekday = (typeof WEEKDAYS)[number];

/** `max_reviews_per_day` at this value (Anki's largest) limits nothing. */
export const NO_REVIEW_LIMIT = 9999;

/** A preset's own settings, as stored (nulls: follow the deck's limit, the learner's retention). */
export interface PresetSettings {
  name: string;
  /** Null keeps each deck's own `new_cards_per_day`; 0 pauses new cards. */
  newCardsPerDay: number | null;
  maxReviewsPerDay: number;
  learningSteps: StepUnit[];
  relearningSteps: StepUnit[];
  /** Null follows the learner's desired retention (their memory model). */
  desiredRetention: number | null;
  reviewOrder: ReviewOrder;
  newCardOrder: NewCardOrder;
  gatherOrder: GatherOrder;
  burySiblings: boolean;
  leechThreshold: number;
  leechAction: LeechAction;
  /** Weekdays with less work, 0 Monday … 6 Sunday. */
  easyDays: number[];
  /** The share of a usual day's reviews an easy day gets. */
  easyDayLoad: number;
}

export interface StoredPreset extends PresetSettings {
  id: number;
  isDefault: boolean;
}

/** The settings of a new preset, and of a learner's default one (Anki's defaults where it has one). */
export const DEFAULT_SETTINGS: PresetSettings = {
  name: 'Default',
  newCardsPerDay: null,
  maxReviewsPerDay: NO_REVIEW_LIMIT,
  learningSteps: ['1m', '10m'],
  relearningSteps: ['10m'],
  desiredRetention: null,
  reviewOrder: 'due',
  newCardOrder: 'added',
  gatherOrder: 'ascending_position',
  burySiblings: false,
  leechThreshold: 8,
  // Anki's default: a leech's note is tagged and the card suspended (manual, Leeches).
  leechAction: 'suspend',
  easyDays: [],
  easyDayLoad: 0.5,
};

/**
 * The settings a learner's reviews of one deck follow: the preset's, with its nulls resolved
 * (the deck's own new-card limit, the learner's desired retention). What `presetForDesk` and
 * `presetForCard` return; the card-state helpers (leeches, burying siblings) and workload (easy
 * days) read it.
 */
export interface EffectivePreset
  extends Omit<PresetSettings, 'newCardsPerDay' | 'desiredRetention'> {
  /** The preset's id; null when the learner has no preset row yet (the defaults apply). */
  presetId: number | null;
  newCardsPerDay: number;
  desiredRetention: number;
}

export function effectivePreset(
  preset: StoredPreset | null,
  deckNewCardsPerDay: number,
  learnerRetention: number,
): EffectivePreset {
  const p = preset ?? DEFAULT_SETTINGS;
  return {
    ...p,
    presetId: preset?.id ?? null,
    newCardsPerDay: p.newCardsPerDay ?? deckNewCardsPerDay,
    desiredRetention: p.desiredRetention ?? learnerRetention,
  };
}

/** Review cards still allowed today: the limit less the review cards rated today, never negative. */
export function reviewAllowance(limit: number, reviewedToday: number): number {
  return limit >= NO_REVIEW_LIMIT ? NO_REVIEW_LIMIT : Math.max(0, limit - reviewedToday);
}

/** Weekday names of the contract to the stored numbers (0 Monday), and back. */
export const weekdayNumbers = (days: readonly Weekday[]): number[] =>
  [...new Set(days.map((d) => WEEKDAYS.indexOf(d)))].sort((a, b) => a - b);
export const weekdayNames = (days: readonly number[]): Weekday[] =>
  days.map((d) => WEEKDAYS[d]).filter((d): d is Weekday => d !== undefined);

/** Learning steps in minutes (`10m` → 10, `1h` → 60, `2d` → 2880). */
export function stepMinutes(step: StepUnit): number {
  const n = Number.parseInt(step, 10);
  const unit = step.at(-1);
  return unit === 'd' ? n * 1440 : unit === 'h' ? n * 60 : n;
}
