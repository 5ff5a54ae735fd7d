/** The English messages of friends errors (the UI translates by code and field). */
export const MESSAGES = {
  self: 'You cannot send a friend request to yourself.',
  userNotFound: 'No user with this email or username.',
  friendshipNotFound: 'No friend request or friendship with this id.',
  alreadyFriends: (username: string) => `You are already friends with ${username}.`,
  alreadySent: (username: string) => `You already sent ${username} a friend request.`,
  receiverOnly: 'Only the person who received this request can answer it.',
  senderOnly: 'Only the person who sent this request can cancel it.',
  wrongState: (status: string) => `This friend request is ${status}; it cannot change that way.`,
  notFriends: (status: string) => `This is not a friendship (it is ${status}).`,
} as const;
