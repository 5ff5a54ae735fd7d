/**
 * The review tools' settings of a deck for a learner (leech threshold and action, burying
 * siblings): the one place that reads them, so that deck presets (issue 43) are wired here. No
 * preset exists yet, so every deck has the defaults; a preset's columns can come with the deck
 * the rating already reads (`RatingSnapshot.deck`), adding no statement to a rating.
 */
import type { DeckAccess } from '../../db/queries/desks.ts';
import { type ReviewToolSettings, reviewToolSettings } from '../../domain/review/review-tools.ts';

export function reviewToolsOf(_deck: DeckAccess): ReviewToolSettings {
  return reviewToolSettings();
}
