/**
 * Push notifications (issue 46): the browsers a user subscribed, and the duel and friend requests
 * sent to them through the push provider once the request's transaction has committed. With no
 * VAPID keys (`providers.push` null) nothing is stored or sent.
 */
import type { Sql } from '../../db/client.ts';
import {
  deletePushEndpoint,
  listPushSubscriptions,
  type PushSubscriptionRecord,
  savePushSubscription,
} from '../../db/queries/push-subscriptions.ts';
import { afterCommit, type Tx } from '../../db/transaction.ts';
import {
  checkPushSubscription,
  type PushedKind,
  pushNotice,
} from '../../domain/push/push-rules.ts';
import { ApiError, validationError } from '../../http/errors.ts';
import type { Logger } from '../../log.ts';
import type { PushSender } from '../../providers/index.ts';

/** What sending needs of the app's deps. */
export interface PushDeps {
  providers: { push: PushSender | null };
  logger: Logger;
}

export const PUSH_DISABLED = 'Push notifications are not configured on this server.';

/** Stores a browser's subscription for the user (see `savePushSubscription`). */
export async function subscribeToPush(
  sql: Sql,
  deps: PushDeps,
  userId: number,
  body: { endpoint: string; keys: { p256dh: string; auth: string } },
  language: string,
): Promise<{ record: PushSubscriptionRecord; created: boolean }> {
  if (!deps.providers.push) throw new ApiError(409, 'conflict', PUSH_DISABLED);
  const errors = checkPushSubscription(body);
  if (errors) throw validationError(errors);
  return savePushSubscription(sql, {
    userId,
    endpoint: body.endpoint,
    p256dh: body.keys.p256dh,
    auth: body.keys.auth,
    language,
  });
}

/**
 * Pushes a duel or friend request to `userId`'s browsers once `tx` commits (nothing if it rolls
 * back). Each browser is sent to in parallel; one the push service says is gone is forgotten; a
 * failure is logged and never fails the request (the notification is in the bell anyway).
 */
export function pushAfterCommit(
  tx: Tx,
  deps: Pick<PushDeps, 'providers' | 'logger'>,
  userId: number,
  kind: PushedKind,
  fromUsername: string,
): void {
  const sender = deps.providers.push;
  if (!sender) return;
  const send = (sql: Sql) => sendToBrowsers(sql, sender, deps.logger, userId, kind, fromUsername);
  if (!afterCommit(tx, send)) {
    throw new Error('pushAfterCommit needs a transaction of inTransaction');
  }
}

async function sendToBrowsers(
  sql: Sql,
  sender: PushSender,
  logger: Logger,
  userId: number,
  kind: PushedKind,
  fromUsername: string,
): Promise<void> {
  try {
    const browsers = await listPushSubscriptions(sql, userId);
    await Promise.all(
      browsers.map(async (browser) => {
        try {
          const result = await sender.send(
            { endpoint: browser.endpoint, keys: { p256dh: browser.p256dh, auth: browser.auth } },
            pushNotice(kind, fromUsername, browser.language),
          );
          if (result === 'gone') await deletePushEndpoint(sql, browser.endpoint);
        } catch (error) {
          logger.warn('push: not sent', {
            subscription_id: browser.id,
            message: (error as Error).message,
          });
        }
      }),
    );
  } catch (error) {
    logger.warn('push: subscriptions not read', { message: (error as Error).message });
  }
}
