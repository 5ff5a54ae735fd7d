/** Sending a friend request and moving it: accept, reject, cancel, remove. */
import type { Context } from 'hono';
import type { Handlers } from '../../contract/types.ts';
import {
  findActiveUser,
  friendshipView,
  insertFriendRequest,
  lockFriendshipOf,
  openFriendshipBetween,
  setFriendshipStatus,
} from '../../db/queries/friends.ts';
import { inTransaction } from '../../db/transaction.ts';
import { uniqueViolation } from '../../db/unique-violation.ts';
import { decideSend, type FriendshipAction, transition } from '../../domain/friends/friendship.ts';
import type { AppEnv } from '../../http/context.ts';
import { currentUser } from '../../http/current-user.ts';
import { ApiError, forbidden, notFound, validationError } from '../../http/errors.ts';
import { type NotificationKind, notify } from '../../notifications/index.ts';
import { pushAfterCommit } from '../../services/push/push-notifications.ts';
import { MESSAGES } from './messages.ts';
import { renderFriendship } from './responses.ts';

/** Runs of a send whose insert lost the race for the pair's unique index (then it accepts). */
const SEND_ATTEMPTS = 3;

/** What the other person is told after each action. */
const NOTICE: Record<FriendshipAction, NotificationKind> = {
  accept: 'friend_accepted',
  reject: 'friend_rejected',
  cancel: 'friend_cancelled',
  remove: 'friend_removed',
};

/** The friendship as the caller sees it now. */
async function answer(c: Context<AppEnv>, id: number, status: 200 | 201) {
  const { sql } = c.get('deps');
  const view = await friendshipView(sql, id);
  if (!view) throw notFound(MESSAGES.friendshipNotFound);
  return c.json(renderFriendship(view, currentUser(c).id), status);
}

/** Applies `action` to a friendship the caller is part of and tells the other person. */
async function act(c: Context<AppEnv>, id: number, action: FriendshipAction): Promise<void> {
  const { sql } = c.get('deps');
  const user = currentUser(c);
  await inTransaction(sql, async (tx) => {
    // Another user's request answers 404 like a missing one: ids reveal nothing.
    const friendship = await lockFriendshipOf(tx, id, user.id);
    if (!friendship) throw notFound(MESSAGES.friendshipNotFound);
    const result = transition(friendship, user.id, action);
    if (!result.ok) {
      if (result.reason === 'not_party') throw notFound(MESSAGES.friendshipNotFound);
      if (result.reason === 'wrong_party') {
        const only = action === 'cancel' ? MESSAGES.senderOnly : MESSAGES.receiverOnly;
        throw forbidden(only);
      }
      throw new ApiError(
        409,
        'conflict',
        action === 'remove'
          ? MESSAGES.notFriends(friendship.status)
          : MESSAGES.wrongState(friendship.status),
      );
    }
    await setFriendshipStatus(tx, friendship.id, result.status);
    const other = friendship.senderId === user.id ? friendship.receiverId : friendship.senderId;
    await notify(
      tx,
      other,
      NOTICE[action],
      { friendship_id: friendship.id, from_username: user.username },
      { actorId: user.id },
    );
  });
}

export const handlers: Handlers = {
  async sendFriendRequest(c, { body }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const field = body.email !== undefined ? 'email' : 'username';
    const value = (body.email ?? body.username ?? '').trim();
    if (!value) throw validationError({ [field]: ['This field may not be blank.'] });
    const target = await findActiveUser(sql, { [field]: value });
    if (!target) throw notFound(MESSAGES.userNotFound);
    if (target.id === user.id) throw validationError({ [field]: [MESSAGES.self] }, MESSAGES.self);

    for (let attempt = 1; ; attempt += 1) {
      try {
        const sent = await inTransaction(sql, async (tx) => {
          const open = await openFriendshipBetween(tx, user.id, target.id);
          const decision = decideSend(open, user.id);
          if (decision === 'already_friends') {
            throw new ApiError(409, 'conflict', MESSAGES.alreadyFriends(target.username));
          }
          if (decision === 'already_sent') {
            throw new ApiError(409, 'conflict', MESSAGES.alreadySent(target.username));
          }
          const payload = { from_username: user.username };
          if (decision === 'accept_theirs' && open) {
            await setFriendshipStatus(tx, open.id, 'accepted');
            await notify(
              tx,
              target.id,
              'friend_accepted',
              { ...payload, friendship_id: open.id },
              { actorId: user.id },
            );
            return { id: open.id, created: false };
          }
          const id = await insertFriendRequest(tx, user.id, target.id);
          await notify(
            tx,
            target.id,
            'friend_request',
            { ...payload, friendship_id: id },
            { actorId: user.id },
          );
          pushAfterCommit(tx, c.get('deps'), target.id, 'friend_request', user.username);
          return { id, created: true };
        });
        return answer(c, sent.id, sent.created ? 201 : 200);
      } catch (error) {
        // They asked us at the same instant and committed first: run again, and accept theirs.
        const raced = uniqueViolation(error) === 'friendships_open_pair_key';
        if (!raced || attempt >= SEND_ATTEMPTS) throw error;
      }
    }
  },

  async acceptFriendRequest(c, { params }) {
    await act(c, params.id, 'accept');
    return answer(c, params.id, 200);
  },

  async rejectFriendRequest(c, { params }) {
    await act(c, params.id, 'reject');
    return answer(c, params.id, 200);
  },

  async cancelFriendRequest(c, { params }) {
    await act(c, params.id, 'cancel');
    return answer(c, params.id, 200);
  },

  async removeFriend(c, { params }) {
    await act(c, params.id, 'remove');
    return c.body(null, 204);
  },
};
