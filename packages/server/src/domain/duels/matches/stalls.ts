/**
 * What keeps a match from stalling (issue 44; docs/features/matches.md "Timeouts and forfeit").
 * A player who has not submitted a game's recall by their recall deadline plus the duels' grace
 * scores 0 for it. A player who never opened the game is measured by the other player's deadline:
 * the game waited that whole game's time for them. When neither opened, nothing measures the wait
 * (either may forfeit). Pure: no SQL, no http; the server's clock is passed in.
 */
import { GRACE_MS } from '../duel-clock.ts';
import type { GameOutcome } from './rules.ts';

export interface PlayClock {
  userId: number;
  recallEndsAt: Date;
  submitted: boolean;
}

/** The players (in `players` order) whose recall of the current game is overdue at `now`. */
export function timedOutPlayers(
  players: readonly number[],
  plays: readonly PlayClock[],
  now: Date,
): number[] {
  const overdue = (deadline: Date) => now.getTime() > deadline.getTime() + GRACE_MS;
  const out: number[] = [];
  for (const userId of players) {
    const mine = plays.find((p) => p.userId === userId);
    if (mine?.submitted) continue;
    if (mine) {
      if (overdue(mine.recallEndsAt)) out.push(userId);
      continue;
    }
    const others = plays.filter((p) => p.userId !== userId);
    if (others.length > 0 && others.every((p) => overdue(p.recallEndsAt))) out.push(userId);
  }
  return out;
}

/** The side that wins a match `userId` forfeits. */
export function forfeitOutcome(
  match: { creatorId: number; opponentId: number },
  userId: number,
): GameOutcome {
  return userId === match.creatorId ? 'opponent' : 'creator';
}
