import type { Sql } from '../../db/client.ts';
import { duelOf, playersOf, runningDuelIds } from '../../db/queries/duels.ts';
import { other, signalProgress } from './duel-settlement.ts';

/**
 * `userId`'s events stream opened or closed (events/hub.ts): the opponents of their running duels
 * are told through `duel_progress`, and read `opponent_connected` again.
 */
export async function signalPresence(sql: Sql, userId: number): Promise<void> {
  for (const { id, kind } of await runningDuelIds(sql, userId)) {
    const duel = await duelOf(sql, id, userId, [kind], false);
    if (!duel) continue;
    const open = { duel, players: await playersOf(sql, duel) };
    await signalProgress(sql, open, other(open, userId).userId);
  }
}
