/** The deck islands mounted by `src/pages/space-repetition/*.astro`. */
import type { Locale, Theme } from '@memoria/api';
import { IslandRoot } from '../shared/IslandRoot.tsx';
import { DeckDetail } from './DeckDetail.tsx';
import { DeckList } from './DeckList.tsx';

type Prefs = { locale?: Locale; theme?: Theme };

/** `/space-repetition`. */
export function DeckListIsland(prefs: Prefs) {
  return (
    <IslandRoot {...prefs}>
      <DeckList />
    </IslandRoot>
  );
}

/** `/space-repetition/{deckId}`. */
export function DeckDetailIsland({ deckId, ...prefs }: Prefs & { deckId: number }) {
  return (
    <IslandRoot {...prefs}>
      <DeckDetail deckId={deckId} />
    </IslandRoot>
  );
}
