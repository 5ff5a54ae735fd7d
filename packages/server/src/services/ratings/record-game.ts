/**
 * Rating a finished game: the one way ratings change. A duel's settlement calls it (through
 * `rateDuel`) in its own transaction, and a match's flow calls it for each game it finishes, so a
 * rating moves exactly when the result is written, and once.
 */
import {
  claimRatedGame,
  lockRatings,
  type RatedSource,
  type RatingRecord,
  saveRating,
} from '../../db/queries/ratings.ts';
import type { Tx } from '../../db/transaction.ts';
import type { Discipline } from '../../domain/ratings/disciplines.ts';
import { type GameScore, INITIAL_RATING, rateGame } from '../../domain/ratings/glicko.ts';

export interface GameResult {
  /** What was played: a duel, or a match game; with `sourceId`, rated once whatever happens. */
  source: RatedSource;
  sourceId: number;
  discipline: Discipline;
  /** The two players; `scoreA` is the first one's result (1 won, 0.5 drew, 0 lost). */
  playerA: number;
  playerB: number;
  scoreA: GameScore;
  at: Date;
}

/**
 * Updates both players' ratings in `result.discipline` after one game, inside the caller's
 * transaction (the one that writes the game's result). Returns the new ratings, or null when this
 * game was rated before (a second settlement of it): then nothing changes.
 */
export async function recordGameResult(
  tx: Tx,
  result: GameResult,
): Promise<{ a: RatingRecord; b: RatingRecord } | null> {
  if (result.playerA === result.playerB) throw new Error('a game needs two players');
  const claimed = await claimRatedGame(
    tx,
    result.source,
    result.sourceId,
    result.discipline,
    result.at,
  );
  if (!claimed) return null;
  const current = await lockRatings(
    tx,
    [result.playerA, result.playerB],
    result.discipline,
    INITIAL_RATING,
  );
  const before = (userId: number) => {
    const record = current.get(userId);
    if (!record) throw new Error(`no ${result.discipline} rating row for user ${userId}`);
    return record;
  };
  const a = before(result.playerA);
  const b = before(result.playerB);
  const next = rateGame(a, b, result.scoreA);
  const after = {
    a: { ...a, ...next.a, games: a.games + 1 },
    b: { ...b, ...next.b, games: b.games + 1 },
  };
  await saveRating(tx, after.a, result.at);
  await saveRating(tx, after.b, result.at);
  return after;
}
