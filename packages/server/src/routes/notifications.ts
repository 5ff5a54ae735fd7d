import type { Handlers, Schemas } from '../contract/types.ts';
import { notFound } from '../http/errors.ts';
import { pageLinks } from '../http/pagination.ts';
import {
  deleteNotification,
  listNotifications,
  markNotificationsSeen,
} from '../notifications/index.ts';

export const handlers: Handlers = {
  async listNotifications(c, { query }) {
    const { sql } = c.get('deps');
    const user = c.get('user');
    const page = query.page ?? 1;
    const pageSize = query.page_size ?? 20;
    const { count, unseen, results } = await listNotifications(sql, user.id, page, pageSize);
    const body: Schemas['NotificationPage'] = {
      count,
      ...pageLinks(c, { page, pageSize }, count),
      results,
      unseen_count: unseen,
    };
    return c.json(body, 200);
  },

  async markNotificationsSeen(c, { body }) {
    const { sql } = c.get('deps');
    const { marked, unseen } = await markNotificationsSeen(sql, c.get('user').id, body?.up_to_id);
    return c.json(
      { marked, unseen_count: unseen } satisfies Schemas['MarkNotificationsSeenResult'],
      200,
    );
  },

  async deleteNotification(c, { params }) {
    const { sql } = c.get('deps');
    // Another user's notification answers 404 like a missing one: ids reveal nothing.
    if (!(await deleteNotification(sql, c.get('user').id, params.id))) {
      throw notFound('No such notification.');
    }
    return c.body(null, 204);
  },
};
