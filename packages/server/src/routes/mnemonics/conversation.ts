/**
 * A chat's conversation: read it, send a message (the AI provider answers with a story), edit one
 * of your messages (the replies after it are replaced by one new reply); both answered whole or
 * streamed as server-sent events through the same code.
 */
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { Handlers, Schemas } from '../../contract/types.ts';
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
import { ownWords } from '../../db/queries/major-table.ts';
import type { Query } from '../../db/queries/pg.ts';
import { inTransaction } from '../../db/transaction.ts';
import { type StoryItem, storyItems } from '../../domain/mnemonics/macro-story.ts';
import type { AppEnv } from '../../http/context.ts';
import { currentUser } from '../../http/current-user.ts';
import { ApiError, validationError } from '../../http/errors.ts';
import { AiProviderError, type MacroStoryRequest } from '../../providers/ai/types.ts';
import { chatFor, ownMessage } from './access.ts';
import { MESSAGES } from './messages.ts';
import { renderChat, renderMessage } from './responses.ts';

/** A chat's title from its first message: its first line, at most 60 characters. */
export function titleFrom(content: string): string {
  const line = content.trim().split('\n')[0]?.trim() ?? '';
  return line.length > 60 ? `${line.slice(0, 59).trimEnd()}…` : line;
}

/**
 * What the story engine is asked for `content`, given the turns before it. A message with nothing
 * to picture ("again", "more absurd") retells the items of the learner's last message that had
 * some. Numbers go through the learner's own table of the chat's language first.
 */
async function storyRequest(
  q: Query,
  userId: number,
  chat: ChatRecord,
  before: MessageRecord[],
  content: string,
): Promise<MacroStoryRequest> {
  const own = await ownWords(q, userId, chat.language);
  let items = storyItems(content, chat.language, own);
  if (items.length <= 1) {
    const earlier = before.filter((m) => m.role === 'user').reverse();
    for (const m of earlier) {
      const previous = storyItems(m.content, chat.language, own);
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
  return { locale: chat.language, items, history, turn };
}

/** The provider's reply piece by piece; its failure becomes 503 `unavailable`. */
async function* storyPieces(
  c: Context<AppEnv>,
  request: MacroStoryRequest,
  signal?: AbortSignal,
): AsyncGenerator<string> {
  const { providers, logger } = c.get('deps');
  try {
    yield* providers.ai.macroStory(request, signal);
  } catch (error) {
    if (!(error instanceof AiProviderError)) throw error;
    logger.warn('macro story failed', { error: error.message });
    throw new ApiError(503, 'unavailable', MESSAGES.storyUnavailable);
  }
}

/** Stores a sent message and its reply in one transaction; the chat is titled if untitled. */
async function saveExchange(
  c: Context<AppEnv>,
  chat: ChatRecord,
  content: string,
  answer: { text: string; storyboard: StoryItem[] },
): Promise<Schemas['MacroExchange']> {
  const { sql } = c.get('deps');
  const user = currentUser(c);
  const at = new Date();
  return inTransaction(sql, async (tx) => {
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
}

/** Stores an edit in one transaction: the message's new text, and its reply replacing the rest. */
async function saveEdit(
  c: Context<AppEnv>,
  chat: ChatRecord,
  messageId: number,
  content: string,
  answer: { text: string; storyboard: StoryItem[] },
): Promise<Schemas['MacroExchange']> {
  const { sql } = c.get('deps');
  const user = currentUser(c);
  const at = new Date();
  return inTransaction(sql, async (tx) => {
    // Deleted or moved on meanwhile: 404, nothing written.
    const message = await ownMessage(tx, user.id, messageId);
    const first = (await chatMessages(tx, chat.id))[0];
    // A chat still titled from its first message follows that message's new text; a title the
    // learner chose (read now: they may have renamed it while the reply was written) stays.
    let { title } = await chatFor(tx, user.id, chat.id);
    if (first?.id === message.id && title === titleFrom(message.content)) {
      title = titleFrom(content);
      await renameChat(tx, chat.id, title);
    }
    const edited = await editMessage(tx, message, content, at);
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
      { type: 'macro_images', chatId: chat.id, chatTitle: title },
      at,
    );
    return {
      user_message: renderMessage(edited),
      assistant_message: renderMessage(assistant),
      chat: renderChat(await chatFor(tx, user.id, chat.id)),
    };
  });
}

/** A message's text without the blank around it; only blanks is bad input (400 `blank`). */
function messageText(raw: string): string {
  const content = raw.trim();
  if (!content) throw validationError({ content: [MESSAGES.blank] });
  return content;
}

/** The chat and the story request of a message about to be sent (404 before anything else). */
async function prepareSend(c: Context<AppEnv>, chatId: number, raw: string) {
  const { sql } = c.get('deps');
  const user = currentUser(c);
  const chat = await chatFor(sql, user.id, chatId);
  const content = messageText(raw);
  const request = await storyRequest(sql, user.id, chat, await chatMessages(sql, chat.id), content);
  const save = (text: string) =>
    saveExchange(c, chat, content, { text, storyboard: request.items });
  return { request, save };
}

/**
 * The message about to be edited and the story request of its new text, answered from the turns
 * before it (404 for another user's message, 403 for a reply, before anything else).
 */
async function prepareEdit(c: Context<AppEnv>, messageId: number, raw: string) {
  const { sql } = c.get('deps');
  const user = currentUser(c);
  const message = await ownMessage(sql, user.id, messageId);
  const chat = await chatFor(sql, user.id, message.chatId);
  const before = (await chatMessages(sql, chat.id)).filter((m) => m.id < message.id);
  const content = messageText(raw);
  const request = await storyRequest(sql, user.id, chat, before, content);
  const save = (text: string) =>
    saveEdit(c, chat, message.id, content, { text, storyboard: request.items });
  return { request, save };
}

/** A prepared turn: what to ask the story engine, and how to store the finished reply. */
interface Turn {
  request: MacroStoryRequest;
  save: (text: string) => Promise<Schemas['MacroExchange']>;
}

/** Answers a turn whole: the story, then the stored exchange. */
async function answerWhole(c: Context<AppEnv>, { request, save }: Turn) {
  let text = '';
  for await (const piece of storyPieces(c, request)) text += piece;
  return save(text.trim());
}

/**
 * Answers a turn as server-sent events: `delta` with each piece of the reply, then `done` with
 * the exchange stored only now, or `error`. A client that goes away (Stop, a closed tab) ends
 * the story and stores nothing.
 */
function answerStreamed(c: Context<AppEnv>, { request, save }: Turn) {
  const { logger } = c.get('deps');
  return streamSSE(c, async (stream) => {
    const gone = new AbortController();
    stream.onAbort(() => gone.abort());
    c.req.raw.signal.addEventListener('abort', () => gone.abort(), { once: true });
    try {
      let text = '';
      for await (const piece of storyPieces(c, request, gone.signal)) {
        if (gone.signal.aborted) return;
        text += piece;
        await stream.writeSSE({ event: 'delta', data: JSON.stringify({ text: piece }) });
      }
      if (gone.signal.aborted) return;
      const exchange = await save(text.trim());
      await stream.writeSSE({ event: 'done', data: JSON.stringify(exchange) });
    } catch (error) {
      if (gone.signal.aborted) return;
      const failure =
        error instanceof ApiError
          ? error
          : new ApiError(500, 'internal_error', 'The story could not be finished.');
      if (!(error instanceof ApiError)) logger.error('macro stream failed', { error });
      await stream.writeSSE({ event: 'error', data: JSON.stringify(failure.toBody()) });
    }
  });
}

export const handlers: Handlers = {
  async listMacroMessages(c, { params }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const chat = await chatFor(sql, user.id, params.id);
    return c.json((await chatMessages(sql, chat.id)).map(renderMessage), 200);
  },

  async sendMacroMessage(c, { params, body }) {
    return c.json(await answerWhole(c, await prepareSend(c, params.id, body.content)), 201);
  },

  async streamMacroMessage(c, { params, body }) {
    return answerStreamed(c, await prepareSend(c, params.id, body.content));
  },

  async updateMacroMessage(c, { params, body }) {
    return c.json(await answerWhole(c, await prepareEdit(c, params.id, body.content)), 200);
  },

  async streamMacroMessageEdit(c, { params, body }) {
    return answerStreamed(c, await prepareEdit(c, params.id, body.content));
  },
};
