/**
 * The friend-request state machine: pending, then accepted, rejected or cancelled; accepted, then
 * removed. Who may move a request is part of the rule: only the receiver answers it, only the
 * sender withdraws it, either friend ends a friendship.
 */
export type FriendshipStatus = 'pending' | 'accepted' | 'rejected' | 'cancelled' | 'removed';
export type FriendshipAction = 'accept' | 'reject' | 'cancel' | 'remove';

export interface Parties {
  senderId: number;
  receiverId: number;
  status: FriendshipStatus;
}

const RULES: Record<
  FriendshipAction,
  { from: FriendshipStatus; to: FriendshipStatus; by: 'sender' | 'receiver' | 'either' }
> = {
  accept: { from: 'pending', to: 'accepted', by: 'receiver' },
  reject: { from: 'pending', to: 'rejected', by: 'receiver' },
  cancel: { from: 'pending', to: 'cancelled', by: 'sender' },
  remove: { from: 'accepted', to: 'removed', by: 'either' },
};

export type TransitionResult =
  | { ok: true; status: FriendshipStatus }
  | { ok: false; reason: 'not_party' | 'wrong_party' | 'wrong_state' };

/** Whether `userId` may apply `action` to the friendship, and the status it then gets. */
export function transition(
  friendship: Parties,
  userId: number,
  action: FriendshipAction,
): TransitionResult {
  const isSender = friendship.senderId === userId;
  const isReceiver = friendship.receiverId === userId;
  if (!isSender && !isReceiver) return { ok: false, reason: 'not_party' };
  const rule = RULES[action];
  const allowed = rule.by === 'either' || (rule.by === 'sender' ? isSender : isReceiver);
  if (!allowed) return { ok: false, reason: 'wrong_party' };
  if (friendship.status !== rule.from) return { ok: false, reason: 'wrong_state' };
  return { ok: true, status: rule.to };
}

export type SendDecision = 'create' | 'accept_theirs' | 'already_friends' | 'already_sent';

/**
 * What sending a request to someone does, given the pair's open request or friendship (at most
 * one): a new request, accepting the one they already sent, or a conflict.
 */
export function decideSend(open: Parties | null, callerId: number): SendDecision {
  if (!open) return 'create';
  if (open.status === 'accepted') return 'already_friends';
  return open.senderId === callerId ? 'already_sent' : 'accept_theirs';
}
