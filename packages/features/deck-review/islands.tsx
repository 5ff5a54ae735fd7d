/** The review island, mounted by `src/pages/space-repetition/[deckId].astro` with `?study=1`. */
import type { CustomStudyRequest, Locale, Theme } from '@memoria/api';
import { IslandRoot } from '../shared/IslandRoot.tsx';
import { DeckReview } from './DeckReview.tsx';

export function DeckReviewIsland({
  deckId,
  customStudy = null,
  ...prefs
}: {
  deckId: number;
  /** The custom-study session of the page's address (`customStudyFromQuery`), if any. */
  customStudy?: CustomStudyRequest | null;
  locale?: Locale;
  theme?: Theme;
}) {
  return (
    <IslandRoot {...prefs}>
      <DeckReview deckId={deckId} customStudy={customStudy} />
    </IslandRoot>
  );
}
