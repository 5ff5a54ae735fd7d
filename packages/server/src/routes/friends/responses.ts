/** Friendships and users as the caller may see them: emails only of themselves and friends. */
import type { Schemas } from '../../contract/types.ts';
import type {
  FriendRecord,
  FriendshipView,
  FriendUserRecord,
  UserSearchRecord,
} from '../../db/queries/friends.ts';

function renderUser(user: FriendUserRecord, showEmail: boolean): Schemas['FriendUser'] {
  return {
    id: user.id,
    email: showEmail ? user.email : null,
    username: user.username,
    first_name: user.firstName,
    last_name: user.lastName,
  };
}

/** A friendship from `callerId`'s side: `friend` is the other person, `direction` their role. */
export function renderFriendship(f: FriendshipView, callerId: number): Schemas['Friendship'] {
  const friends = f.status === 'accepted';
  const sent = f.senderId === callerId;
  return {
    id: f.id,
    status: f.status,
    sender: renderUser(f.sender, sent || friends),
    receiver: renderUser(f.receiver, !sent || friends),
    friend: renderUser(sent ? f.receiver : f.sender, friends),
    direction: sent ? 'sent' : 'received',
    created_at: f.createdAt.toISOString(),
    updated_at: f.updatedAt.toISOString(),
  };
}

export function renderFriend(f: FriendRecord): Schemas['Friend'] {
  return {
    ...renderUser(f, true),
    email: f.email,
    friendship_id: f.friendshipId,
    friends_since: f.friendsSince.toISOString(),
  };
}

export function renderSearchResult(
  u: UserSearchRecord,
  callerId: number,
): Schemas['UserSearchResult'] {
  const relation = !u.open
    ? 'none'
    : u.open.status === 'accepted'
      ? 'friend'
      : u.open.senderId === callerId
        ? 'request_sent'
        : 'request_received';
  return {
    ...renderUser(u, relation === 'friend'),
    relation,
    friendship_id: u.open?.id ?? null,
  };
}
