/**
 * The per-deck settings of the review tools (leeches, burying siblings), with Anki's defaults.
 * Presets set them (issue 43); until a preset says otherwise these defaults hold. Every reader goes
 * through `reviewToolSettings`, so that the preset is wired in one place.
 */

/** What happens to a card that becomes a leech: Anki's "Leech action". */
export type LeechAction = 'suspend' | 'tag_only';

export interface ReviewToolSettings {
  /** Lapses that make a card a leech (Anki's default 8). */
  leechThreshold: number;
  leechAction: LeechAction;
  /** Bury the other cards of a note when one of them is rated (Anki's three options, as one). */
  burySiblings: boolean;
}

export const REVIEW_TOOL_DEFAULTS: ReviewToolSettings = {
  leechThreshold: 8,
  leechAction: 'suspend',
  burySiblings: false,
};

/** A preset's review-tool settings (any of them may be unset) completed with the defaults. */
export function reviewToolSettings(preset: Partial<ReviewToolSettings> = {}): ReviewToolSettings {
  return {
    leechThreshold: preset.leechThreshold ?? REVIEW_TOOL_DEFAULTS.leechThreshold,
    leechAction: preset.leechAction ?? REVIEW_TOOL_DEFAULTS.leechAction,
    burySiblings: preset.burySiblings ?? REVIEW_TOOL_DEFAULTS.burySiblings,
  };
}

/** The tag a leech's note gets. */
export const LEECH_TAG = 'leech';

/**
 * Whether this rating makes the card a leech: its lapses reach the threshold now (not before),
 * so the learner is told once, on that rating.
 */
export function becomesLeech(
  lapsesBefore: number,
  lapsesAfter: number,
  threshold: number,
): boolean {
  return threshold > 0 && lapsesBefore < threshold && lapsesAfter >= threshold;
}

/** What a rating does beyond the schedule, by the deck's settings. */
export interface RatingEffects {
  /** The card just became a leech: its note is tagged `leech` and the learner told once. */
  leech: boolean;
  /** Suspend the card (a leech, when the leech action is to suspend). */
  suspend: boolean;
  /** Bury the note's other cards until the learner's next day. */
  burySiblings: boolean;
}

export function ratingEffects(
  settings: ReviewToolSettings,
  lapses: { before: number; after: number },
): RatingEffects {
  const leech = becomesLeech(lapses.before, lapses.after, settings.leechThreshold);
  return {
    leech,
    suspend: leech && settings.leechAction === 'suspend',
    burySiblings: settings.burySiblings,
  };
}
