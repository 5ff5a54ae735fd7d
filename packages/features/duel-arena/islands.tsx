/**
 * `DuelArenaIsland`, the one island of every duel page (`/duel/{id}`, `/image-duel/{id}`,
 * `/table-duel/{id}`): it plays deck, custom, image and number duels. It needs the `duels`
 * feature: a free plan sees the Premium modal.
 */
import type { DuelType, Locale, Theme } from '@memoria/api';
import { KIND_GATE_TITLE } from '../duels/index.ts';
import { GatedPage } from '../gate/index.ts';
import { IslandRoot } from '../shared/IslandRoot.tsx';
import { DuelArena } from './DuelArena.tsx';

/** The duel arena of one duel; `kind` deck, custom, images or table. */
export function DuelArenaIsland({
  kind,
  duelId,
  locale,
  theme,
}: {
  kind: DuelType;
  duelId: number;
  locale?: Locale;
  theme?: Theme;
}) {
  return (
    <IslandRoot locale={locale} theme={theme}>
      <GatedPage feature="duels" title={KIND_GATE_TITLE[kind]}>
        <DuelArena kind={kind} duelId={duelId} />
      </GatedPage>
    </IslandRoot>
  );
}
