/** A chat or message is its owner's only: any other id answers 404, as if it did not exist. */
import { type ChatRecord, findMessage, userChats } from '../../db/queries/macro-chats.ts';
import type { Query } from '../../db/queries/pg.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { MESSAGES } from './messages.ts';

export async function chatFor(q: Query, userId: number, id: number): Promise<ChatRecord> {
  const [chat] = await userChats(q, userId, id);
  if (!chat) throw notFound(MESSAGES.chatNotFound);
  return chat;
}

/** One of the user's own messages (not an assistant reply), else 404 or 403. */
export async function ownMessage(q: Query, userId: number, id: number) {
  const message = await findMessage(q, id);
  if (!message || message.ownerId !== userId) throw notFound(MESSAGES.messageNotFound);
  if (message.role !== 'user') throw forbidden(MESSAGES.assistantReadOnly);
  return message;
}
