/**
 * A chat's conversation: read it, send a message (the AI provider answers with a story), edit one
 * of your messages (the replies after it are replaced by one new reply).
 */
import type { Context } from 'hono';
import type { Handlers } from '../../contract/types.ts';
import { recordActivity } from '../../db/queries/activities.ts';
import {
  type ChatRecord,
  chatMessages,
  editMessage,
  insertMessage,
  type MessageRecord,
  renameChat,
  touchChat,
} from '../../db/queries/macro-chats.ts';
import { inTransaction } from '../../db/transaction.ts';
import { type StoryItem, storyItems } from '../../domain/macro-story.ts';
import type { AppEnv } from '../../http/context.ts';
import { currentUser } from '../../http/current-user.ts';
import { ApiError } from '../../http/errors.ts';
import { AiProviderError } from '../../providers/ai/types.ts';
import { chatFor, ownMessage } from './access.ts';
import { MESSAGES } from './messages.ts';
import { renderChat, renderMessage } from './responses.ts';

/** A chat's title from its first message: its first line, at most 60 characters. */
export function titleFrom(content: string): string {
  const line = content.trim().split('\n')[0]?.trim() ?? '';
  return line.length > 60 ? `${line.slice(0, 59).trimEnd()}…` : line;
}

/**
 * The reply to `content`, given the turns before it. A message with nothing to picture
 * ("again", "more absurd") retells the items of the learner's last message that had some.
 */
async function reply(
  c: Context<AppEnv>,
  chat: ChatRecord,
  before: MessageRecord[],
  content: string,
): Promise<{ text: string; storyboard: StoryItem[] }> {
  const { providers, logger } = c.get('deps');
  let items = storyItems(content, chat.language);
  if (items.length <= 1) {
    const earlier = before.filter((m) => m.role === 'user').reverse();
    for (const m of earlier) {
      const previous = storyItems(m.content, chat.language);
      if (previous.length > 1) {
        items = previous;
        break;
      }
    }
  }
  const history = [...before, { role: 'user' as const, content }].map((m) => ({
    role: m.role,
    content: m.content,
  }));
  const turn = before.filter((m) => m.role === 'assistant').length;
  try {
    const text = await providers.ai.macroStory({ locale: chat.language, items, history, turn });
    return { text, storyboard: items };
  } catch (error) {
    if (!(error instanceof AiProviderError)) throw error;
    logger.warn('macro story failed', { error: error.message });
    throw new ApiError(503, 'unavailable', MESSAGES.storyUnavailable);
  }
}

export const handlers: Handlers = {
  async listMacroMessages(c, { params }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const chat = await chatFor(sql, user.id, params.id);
    return c.json((await chatMessages(sql, chat.id)).map(renderMessage), 200);
  },

  async sendMacroMessage(c, { params, body }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const chat = await chatFor(sql, user.id, params.id);
    const content = body.content.trim() || body.content;
    const answer = await reply(c, chat, await chatMessages(sql, chat.id), content);
    const at = new Date();
    const result = await inTransaction(sql, async (tx) => {
      await chatFor(tx, user.id, chat.id); // deleted meanwhile: 404, nothing written
      const userMessage = await insertMessage(tx, { chatId: chat.id, role: 'user', content, at });
      const assistant = await insertMessage(tx, {
        chatId: chat.id,
        role: 'assistant',
        content: answer.text,
        storyboard: answer.storyboard,
        at,
      });
      const title = chat.title || titleFrom(content);
      if (!chat.title) await renameChat(tx, chat.id, title);
      await touchChat(tx, chat.id, at);
      await recordActivity(
        tx,
        user.id,
        { type: 'macro_images', chatId: chat.id, chatTitle: title },
        at,
      );
      return {
        user_message: renderMessage(userMessage),
        assistant_message: renderMessage(assistant),
        chat: renderChat(await chatFor(tx, user.id, chat.id)),
      };
    });
    return c.json(result, 201);
  },

  async updateMacroMessage(c, { params, body }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const message = await ownMessage(sql, user.id, params.id);
    const chat = await chatFor(sql, user.id, message.chatId);
    const before = (await chatMessages(sql, chat.id)).filter((m) => m.id < message.id);
    const content = body.content.trim() || body.content;
    const answer = await reply(c, chat, before, content);
    const at = new Date();
    const result = await inTransaction(sql, async (tx) => {
      const edited = await editMessage(tx, await ownMessage(tx, user.id, message.id), content, at);
      const assistant = await insertMessage(tx, {
        chatId: chat.id,
        role: 'assistant',
        content: answer.text,
        storyboard: answer.storyboard,
        at,
      });
      await touchChat(tx, chat.id, at);
      await recordActivity(
        tx,
        user.id,
        { type: 'macro_images', chatId: chat.id, chatTitle: chat.title },
        at,
      );
      return {
        user_message: renderMessage(edited),
        assistant_message: renderMessage(assistant),
        chat: renderChat(await chatFor(tx, user.id, chat.id)),
      };
    });
    return c.json(result, 200);
  },
};
