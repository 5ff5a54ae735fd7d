/** Creating a duel invites its opponent: the rules every kind of duel shares. */
import {
  areFriends,
  type DuelKind,
  insertDuel,
  insertDuelRequest,
  type NewDuel,
} from '../../db/queries/duels.ts';
import type { Query } from '../../db/queries/pg.ts';
import type { Tx } from '../../db/transaction.ts';
import { checkOpponent } from '../../domain/duels/duel-setup.ts';
import { validationError } from '../../http/errors.ts';
import { notify } from '../../notifications/index.ts';
import { type PushDeps, pushAfterCommit } from '../../services/push/push-notifications.ts';

/** 400 naming `opponent_id` unless the opponent is an accepted friend of the caller. */
export async function assertFriend(q: Query, userId: number, opponentId: number): Promise<void> {
  const friends = opponentId !== userId && (await areFriends(q, userId, opponentId));
  const error = checkOpponent(userId, opponentId, friends ? 'accepted' : null);
  if (error) throw validationError(error, error.opponent_id?.[0]);
}

/**
 * Sends the duel request and its notification (with its live event) to the opponent, and a push
 * notification to their browsers once the transaction commits.
 */
export async function invite(
  tx: Tx,
  duel: { id: number; kind: DuelKind; creatorId: number; opponentId: number },
  fromUsername: string,
  deps: PushDeps,
): Promise<number> {
  const requestId = await insertDuelRequest(tx, duel);
  await notify(
    tx,
    duel.opponentId,
    'duel_request',
    {
      duel_request_id: requestId,
      duel_id: duel.id,
      duel_type: duel.kind,
      from_username: fromUsername,
    },
    { actorId: duel.creatorId },
  );
  pushAfterCommit(tx, deps, duel.opponentId, 'duel_request', fromUsername);
  return requestId;
}

/** A new duel and its request, in one transaction; returns the duel's id. */
export async function createAndInvite(tx: Tx, duel: NewDuel, fromUsername: string, deps: PushDeps) {
  const id = await insertDuel(tx, duel);
  await invite(tx, { id, ...duel }, fromUsername, deps);
  return id;
}
