/** The review island, mounted by `src/pages/space-repetition/[deckId].astro` with `?study=1`. */
import type { Locale, Theme } from '@memoria/api';
import { IslandRoot } from '../shared/IslandRoot.tsx';
import { DeckReview } from './DeckReview.tsx';

export function DeckReviewIsland({
  deckId,
  ...prefs
}: {
  deckId: number;
  locale?: Locale;
  theme?: Theme;
}) {
  return (
    <IslandRoot {...prefs}>
      <DeckReview deckId={deckId} />
    </IslandRoot>
  );
}
