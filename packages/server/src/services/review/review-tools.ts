/**
 * The review tools' settings of a deck for a learner (leech threshold and action, burying
 * siblings): the one place that reads them. They come with the learner's preset of the deck,
 * which the rating's snapshot already reads (`RatingSnapshot.preset`), adding no statement to a
 * rating; a deck without a preset has the defaults.
 */
import type { RatingSnapshot } from '../../db/queries/reviews.ts';
import { type ReviewToolSettings, reviewToolSettings } from '../../domain/review/review-tools.ts';

export function reviewToolsOf(preset: RatingSnapshot['preset']): ReviewToolSettings {
  return reviewToolSettings({
    leechThreshold: preset.leechThreshold ?? undefined,
    leechAction: preset.leechAction ?? undefined,
    burySiblings: preset.burySiblings ?? undefined,
  });
}
