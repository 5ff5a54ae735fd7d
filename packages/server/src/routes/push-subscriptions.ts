/** The caller's browsers subscribed to push notifications (issue 46; services/push). */
import type { Handlers, Schemas } from '../contract/types.ts';
import {
  deletePushSubscription,
  listPushSubscriptions,
  type PushSubscriptionRecord,
} from '../db/queries/push-subscriptions.ts';
import { languageOf } from '../domain/progress/activities.ts';
import { notFound } from '../http/errors.ts';
import { subscribeToPush } from '../services/push/push-notifications.ts';

function render(record: PushSubscriptionRecord): Schemas['PushSubscription'] {
  return {
    id: record.id,
    endpoint: record.endpoint,
    created_at: record.createdAt.toISOString(),
  };
}

export const handlers: Handlers = {
  async listPushSubscriptions(c) {
    const { sql, providers } = c.get('deps');
    const records = await listPushSubscriptions(sql, c.get('user').id);
    const body: Schemas['PushSubscriptionList'] = {
      public_key: providers.push?.publicKey ?? null,
      results: records.map(render),
    };
    return c.json(body, 200);
  },

  async createPushSubscription(c, { body }) {
    const deps = c.get('deps');
    const { record, created } = await subscribeToPush(
      deps.sql,
      deps,
      c.get('user').id,
      body,
      languageOf(c.req.header('accept-language')),
    );
    return c.json(render(record), created ? 201 : 200);
  },

  async deletePushSubscription(c, { params }) {
    const { sql } = c.get('deps');
    // Another user's subscription answers 404 like a missing one.
    if (!(await deletePushSubscription(sql, c.get('user').id, params.id))) {
      throw notFound('No such push subscription.');
    }
    return c.body(null, 204);
  },
};
