/**
 * The duel arena of one duel, whatever its kind: the question duels (deck and custom) play in
 * `QuizArena`, the recall duels in `ImageArena` (pictures) and `TableArena` (numbers). Mounted by
 * `DuelArenaIsland` on `/duel/{duelId}`, `/image-duel/{duelId}` and `/table-duel/{duelId}`.
 */
import { type DuelType, useMe } from '@memoria/api';
import { QuizArena } from './QuizArena.tsx';
import { ImageArena, TableArena } from './RecallArena.tsx';

export function DuelArena({ kind, duelId }: { kind: DuelType; duelId: number }) {
  const me = useMe();
  const myId = me.data?.id;
  if (kind === 'images') return <ImageArena duelId={duelId} myId={myId} />;
  if (kind === 'table') return <TableArena duelId={duelId} myId={myId} />;
  return <QuizArena duelId={duelId} myId={myId} />;
}
