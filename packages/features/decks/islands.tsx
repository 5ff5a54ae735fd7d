/** The deck islands mounted by `src/pages/space-repetition/*.astro`. */
import type { Locale, Theme } from '@memoria/api';
import { IslandRoot } from '../shared/IslandRoot.tsx';
import { DeskDetail } from './DeskDetail.tsx';
import { DeskList } from './DeskList.tsx';

type Prefs = { locale?: Locale; theme?: Theme };

/** `/space-repetition`. */
export function DeskListIsland(prefs: Prefs) {
  return (
    <IslandRoot {...prefs}>
      <DeskList />
    </IslandRoot>
  );
}

/** `/space-repetition/{deskId}`. */
export function DeskDetailIsland({ deskId, ...prefs }: Prefs & { deskId: number }) {
  return (
    <IslandRoot {...prefs}>
      <DeskDetail deskId={deskId} />
    </IslandRoot>
  );
}
