export { AddFriend } from './AddFriend.tsx';
export { FriendList, RequestList } from './FriendLists.tsx';
export { Friends } from './Friends.tsx';
export { FriendsIsland } from './islands.tsx';
export { duelHref } from './shared.tsx';
