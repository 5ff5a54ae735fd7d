import type { Schemas } from '../../contract/types.ts';
import type { ChatRecord, MessageRecord } from '../../db/queries/macro-chats.ts';

export function renderChat(chat: ChatRecord): Schemas['MacroChat'] {
  return {
    id: chat.id,
    title: chat.title,
    language: chat.language,
    messages_count: chat.messagesCount,
    last_message_at: chat.lastMessageAt?.toISOString() ?? null,
    created_at: chat.createdAt.toISOString(),
    updated_at: chat.updatedAt.toISOString(),
  };
}

export function renderMessage(m: MessageRecord): Schemas['MacroMessage'] {
  return {
    id: m.id,
    chat_id: m.chatId,
    role: m.role,
    content: m.content,
    storyboard: m.storyboard,
    edited: m.edited,
    created_at: m.createdAt.toISOString(),
    updated_at: m.updatedAt.toISOString(),
  };
}
