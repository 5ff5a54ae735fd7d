/**
 * Duel requests: the invitation each duel is created with (a notification on both sides), its
 * answer (accept starts the duel and the receiver's clock at once; reject cancels it), a new
 * invitation for a rejected duel, the lists and hiding one (`is_deleted`, for the caller only).
 */
import type { Context } from 'hono';
import { clockOf } from '../../clock.ts';
import type { Handlers } from '../../contract/types.ts';
import {
  addDuelReviewer,
  duelOf,
  duelRequestView,
  hideDuelRequest,
  listDuelRequests,
  lockDuelRequestOf,
  playersOf,
  reopenDuel,
  setDuelRequestStatus,
  setDuelStatus,
  startPhase,
} from '../../db/queries/duels.ts';
import { inTransaction } from '../../db/transaction.ts';
import { uniqueViolation } from '../../db/unique-violation.ts';
import type { AppEnv } from '../../http/context.ts';
import { currentUser } from '../../http/current-user.ts';
import { assertFeature } from '../../http/entitlements.ts';
import { ApiError, forbidden, notFound } from '../../http/errors.ts';
import { notify } from '../../notifications/index.ts';
import { signalProgress } from '../../services/duels/duel-settlement.ts';
import { assertFriend, invite } from './invite.ts';
import { MESSAGES } from './messages.ts';
import { renderDuelRequest } from './responses.ts';

async function answer(c: Context<AppEnv>, id: number, status: 200 | 201) {
  const { sql } = c.get('deps');
  const view = await duelRequestView(sql, id);
  if (!view) throw notFound(MESSAGES.requestNotFound);
  return c.json(renderDuelRequest(view, currentUser(c).id), status);
}

export const handlers: Handlers = {
  async listDuelRequests(c, { query }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const rows = await listDuelRequests(sql, user.id, { status: query.status });
    return c.json(
      rows.map((r) => renderDuelRequest(r, user.id)),
      200,
    );
  },

  async listPendingDuelRequests(c) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const rows = await listDuelRequests(sql, user.id, { status: 'pending', receivedOnly: true });
    return c.json(
      rows.map((r) => renderDuelRequest(r, user.id)),
      200,
    );
  },

  async sendDuelRequest(c, { body }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    await assertFriend(sql, user.id, body.receiver_id);
    try {
      const id = await inTransaction(sql, async (tx) => {
        const duel = await duelOf(tx, body.duel_id, user.id, [body.duel_type], true);
        if (!duel) throw notFound(MESSAGES.duelNotFound);
        if (duel.creatorId !== user.id) throw forbidden(MESSAGES.notCreator);
        if (duel.status !== 'cancelled') {
          throw new ApiError(409, 'conflict', MESSAGES.notReopenable);
        }
        await reopenDuel(tx, duel, body.receiver_id);
        return invite(
          tx,
          { id: duel.id, kind: duel.kind, creatorId: user.id, opponentId: body.receiver_id },
          user.username,
          c.get('deps'),
        );
      });
      return answer(c, id, 201);
    } catch (error) {
      if (uniqueViolation(error) === 'duel_requests_pending_key') {
        throw new ApiError(409, 'conflict', MESSAGES.notReopenable);
      }
      throw error;
    }
  },

  async respondToDuelRequest(c, { params, body }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const now = clockOf(c.get('deps')).now();
    await inTransaction(sql, async (tx) => {
      const request = await lockDuelRequestOf(tx, params.id, user.id);
      if (!request) throw notFound(MESSAGES.requestNotFound);
      if (request.receiverId !== user.id) {
        throw forbidden(MESSAGES.receiverOnly);
      }
      if (request.status !== 'pending') {
        throw new ApiError(409, 'conflict', MESSAGES.notPending(request.status));
      }
      // A free user sees the invitation but needs the plan to play it (the Premium modal).
      if (body.action === 'accept') assertFeature(c, 'duels');
      const duel = await duelOf(tx, request.duelId, user.id, [request.duelType], true);
      if (!duel) throw notFound(MESSAGES.duelNotFound);
      const accepted = body.action === 'accept';
      await setDuelRequestStatus(tx, request.id, accepted ? 'accepted' : 'rejected', now);
      await setDuelStatus(tx, duel.id, accepted ? 'in_progress' : 'cancelled', now);
      duel.status = accepted ? 'in_progress' : 'cancelled';
      // Accepting takes the receiver into the duel at once: their clock starts now.
      if (accepted) await startPhase(tx, duel.id, user.id, now);
      // The receiver's opt-in: their answers of a deck duel count as study.
      if (accepted && body.count_as_reviews && duel.kind === 'desk') {
        await addDuelReviewer(tx, duel.id, user.id);
      }
      await notify(
        tx,
        request.senderId,
        accepted ? 'duel_accepted' : 'duel_rejected',
        {
          duel_request_id: request.id,
          duel_id: duel.id,
          duel_type: duel.kind,
          from_username: user.username,
        },
        { actorId: user.id },
      );
      await signalProgress(tx, { duel, players: await playersOf(tx, duel) }, request.senderId);
    });
    return answer(c, params.id, 200);
  },

  async deleteDuelNotification(c, { params }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    if (!(await hideDuelRequest(sql, params.id, user.id))) {
      throw notFound(MESSAGES.requestNotFound);
    }
    return c.body(null, 204);
  },
};
