/** Macro-image chats: list, create, rename, delete (each user sees only their own). */
import type { Handlers } from '../../contract/types.ts';
import { deleteChat, insertChat, renameChat, userChats } from '../../db/queries/macro-chats.ts';
import { currentUser } from '../../http/current-user.ts';
import { chatFor } from './access.ts';
import { renderChat } from './responses.ts';

export const handlers: Handlers = {
  async listMacroChats(c) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    return c.json((await userChats(sql, user.id)).map(renderChat), 200);
  },

  async createMacroChat(c, { body }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const id = await insertChat(sql, user.id, body?.title?.trim() ?? '', body?.language ?? 'en');
    return c.json(renderChat(await chatFor(sql, user.id, id)), 201);
  },

  async updateMacroChat(c, { params, body }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const chat = await chatFor(sql, user.id, params.id);
    await renameChat(sql, chat.id, body.title?.trim() ?? chat.title);
    return c.json(renderChat(await chatFor(sql, user.id, chat.id)), 200);
  },

  async deleteMacroChat(c, { params }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const chat = await chatFor(sql, user.id, params.id);
    await deleteChat(sql, chat.id);
    return c.body(null, 204);
  },
};
