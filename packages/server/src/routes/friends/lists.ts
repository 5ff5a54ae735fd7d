/** The friends lists (paginated) and the add-friend search. */
import type { Context } from 'hono';
import type { Handlers, Schemas } from '../../contract/types.ts';
import {
  type FriendshipFilter,
  listFriends,
  listFriendships,
  searchUsers,
} from '../../db/queries/friends.ts';
import type { AppEnv } from '../../http/context.ts';
import { currentUser } from '../../http/current-user.ts';
import { validationError } from '../../http/errors.ts';
import { pageLinks, pageWindow } from '../../http/pagination.ts';
import { renderFriend, renderFriendship, renderSearchResult } from './responses.ts';

/** Results of the add-friend search. */
export const SEARCH_LIMIT = 10;

const pageOf = (query: { page?: number; page_size?: number }) => ({
  page: query.page ?? 1,
  pageSize: query.page_size ?? 20,
});

async function friendshipPage(
  c: Context<AppEnv>,
  query: { page?: number; page_size?: number },
  filter: FriendshipFilter,
) {
  const { sql } = c.get('deps');
  const user = currentUser(c);
  const page = pageOf(query);
  const { count, results } = await listFriendships(sql, user.id, filter, pageWindow(page));
  const body: Schemas['FriendshipPage'] = {
    count,
    ...pageLinks(c, page, count),
    results: results.map((f) => renderFriendship(f, user.id)),
  };
  return c.json(body, 200);
}

export const handlers: Handlers = {
  listFriendships(c, { query }) {
    return friendshipPage(c, query, { status: query.status, order: 'newest' });
  },

  listAcceptedFriendships(c, { query }) {
    return friendshipPage(c, query, { status: 'accepted', order: 'friend' });
  },

  listPendingFriendRequests(c, { query }) {
    return friendshipPage(c, query, {
      status: 'pending',
      direction: query.direction,
      order: 'newest',
    });
  },

  async listFriends(c, { query }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const page = pageOf(query);
    const { count, results } = await listFriends(sql, user.id, pageWindow(page));
    const body: Schemas['FriendPage'] = {
      count,
      ...pageLinks(c, page, count),
      results: results.map(renderFriend),
    };
    return c.json(body, 200);
  },

  async searchUsers(c, { query }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const text = query.q.trim();
    if (!text) throw validationError({ q: ['This field may not be blank.'] });
    const found = await searchUsers(sql, user.id, text, SEARCH_LIMIT);
    return c.json(
      found.map((u) => renderSearchResult(u, user.id)),
      200,
    );
  },
};
