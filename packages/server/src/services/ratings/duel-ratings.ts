/**
 * A finished duel's ratings: which discipline each duel kind is rated in, and the call the
 * settlement makes in its transaction.
 */
import type { DuelKind } from '../../db/queries/duels.ts';
import type { Tx } from '../../db/transaction.ts';
import type { Discipline } from '../../domain/ratings/disciplines.ts';
import type { GameScore } from '../../domain/ratings/glicko.ts';
import { recordGameResult } from './record-game.ts';

/** Storage names the image and table duels `images` and `table`; they are rated as these. */
export const DUEL_DISCIPLINE: Record<DuelKind, Discipline> = {
  desk: 'desk',
  custom: 'custom',
  images: 'image',
  table: 'number',
};

const SCORE: Record<'win' | 'lose' | 'draw', GameScore> = { win: 1, draw: 0.5, lose: 0 };

export interface FinishedDuel {
  id: number;
  kind: DuelKind;
  /** Both players, each with whether they opened the duel and their result. */
  players: readonly { userId: number; tookPart: boolean; result: 'win' | 'lose' | 'draw' }[];
  endedAt: Date;
}

/**
 * Rates a finished duel for both players, once. A duel one player never opened is not rated: it
 * measured nobody's memory (it stays in both histories, as a win for the one who played).
 */
export async function rateDuel(tx: Tx, duel: FinishedDuel): Promise<void> {
  const [a, b] = duel.players;
  if (!a || !b || !a.tookPart || !b.tookPart) return;
  await recordGameResult(tx, {
    source: 'duel',
    sourceId: duel.id,
    discipline: DUEL_DISCIPLINE[duel.kind],
    playerA: a.userId,
    playerB: b.userId,
    scoreA: SCORE[a.result],
    at: duel.endedAt,
  });
}
