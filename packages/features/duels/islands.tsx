/**
 * The duels islands mounted by the duel pages: `DuelsHomeIsland` (`/multiple-duels`),
 * `DuelSetupIsland` (`/desk-duel`, `/custom-duel`, `/images-duel`, `/numbers-duel`) and
 * `DuelArenaIsland` (`/duel/{id}`, `/image-duel/{id}`, `/table-duel/{id}`). Each needs the
 * `duels` feature: a free plan sees the Premium modal.
 */
import { type DuelType, type Locale, type Theme, useMe } from '@memoria/api';
import { GatedPage, type GateTitle } from '../gate/index.ts';
import { IslandRoot } from '../shared/IslandRoot.tsx';
import { DuelSetup } from './DuelSetup.tsx';
import { DuelsHome } from './DuelsHome.tsx';
import { QuizArena } from './QuizArena.tsx';
import { ImageArena, TableArena } from './RecallArena.tsx';

type Prefs = { locale?: Locale; theme?: Theme };

/** The Premium modal's title key on the hub. */
const HUB_TITLE: GateTitle = 'duels';

const TITLE: Record<DuelType, GateTitle> = {
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
      <GatedPage feature="duels" title={TITLE[kind]}>
        <DuelSetup kind={kind} opponent={opponent ?? null} />
      </GatedPage>
    </IslandRoot>
  );
}

function Arena({ kind, duelId }: { kind: DuelType; duelId: number }) {
  const me = useMe();
  const myId = me.data?.id;
  if (kind === 'images') return <ImageArena duelId={duelId} myId={myId} />;
  if (kind === 'table') return <TableArena duelId={duelId} myId={myId} />;
  return <QuizArena duelId={duelId} myId={myId} />;
}

/** The duel arena of one duel; `kind` desk (or custom), images or table. */
export function DuelArenaIsland({
  kind,
  duelId,
  ...prefs
}: Prefs & { kind: DuelType; duelId: number }) {
  return (
    <IslandRoot {...prefs}>
      <GatedPage feature="duels" title={TITLE[kind]}>
        <Arena kind={kind} duelId={duelId} />
      </GatedPage>
    </IslandRoot>
  );
}
