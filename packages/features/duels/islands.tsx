/**
 * The duels islands mounted by the duel pages: `DuelsHomeIsland` (`/multiple-duels`),
 * `DuelSetupIsland` (`/desk-duel`, `/custom-duel`, `/images-duel`, `/numbers-duel`),
 * `MatchIsland` (`/match/{id}`); the arena
 * is `DuelArenaIsland` of `duel-arena`. Each needs the `duels` feature: a free plan sees the
 * Premium modal.
 */
import type { DuelType, Locale, Theme } from '@memoria/api';
import { GatedPage, type GateTitle } from '../gate/index.ts';
import { IslandRoot } from '../shared/IslandRoot.tsx';
import { DuelSetup } from './DuelSetup.tsx';
import { DuelsHome } from './DuelsHome.tsx';
import { MatchScreen } from './MatchScreen.tsx';

type Prefs = { locale?: Locale; theme?: Theme };

/** The Premium modal's title key on the hub. */
const HUB_TITLE: GateTitle = 'duels';

/** The Premium modal's title key for each kind of duel (its set-up page and its arena). */
export const KIND_GATE_TITLE: Record<DuelType, GateTitle> = {
  desk: 'deskDuels',
  custom: 'customDuels',
  images: 'imageDuels',
  table: 'tableDuels',
};

/** `/multiple-duels`; `opponent` is the `?opponent=` username of a friend's Duel button. */
export function DuelsHomeIsland({ opponent, ...prefs }: Prefs & { opponent?: string | null }) {
  return (
    <IslandRoot {...prefs}>
      <GatedPage feature="duels" title={HUB_TITLE}>
        <DuelsHome opponent={opponent ?? null} />
      </GatedPage>
    </IslandRoot>
  );
}

/** The set-up page of one kind of duel. */
export function DuelSetupIsland({
  kind,
  opponent,
  ...prefs
}: Prefs & { kind: DuelType; opponent?: string | null }) {
  return (
    <IslandRoot {...prefs}>
      <GatedPage feature="duels" title={KIND_GATE_TITLE[kind]}>
        <DuelSetup kind={kind} opponent={opponent ?? null} />
      </GatedPage>
    </IslandRoot>
  );
}

/** `/match/{id}`: a match between friends (`MatchScreen`). */
export function MatchIsland({ matchId, ...prefs }: Prefs & { matchId: number }) {
  return (
    <IslandRoot {...prefs}>
      <GatedPage feature="duels" title={HUB_TITLE}>
        <MatchScreen matchId={matchId} />
      </GatedPage>
    </IslandRoot>
  );
}
