/** Web Push through the `web-push` library (VAPID, aes128gcm), used when the VAPID keys are set. */
import type { Agent } from 'node:https';
import webPush from 'web-push';
import type { PushMessage, PushResult, PushSender, PushTarget } from './types.ts';

/** A notification older than a day is no longer news (a duel request waits a day at most). */
const TTL_SECONDS = 24 * 60 * 60;
/** Sending runs after the request's commit; a push service that hangs must not pile up sockets. */
const TIMEOUT_MS = 10_000;

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** `mailto:` or `https:` contact the push services may use (`VAPID_SUBJECT`). */
  subject: string;
}

export function createWebPushSender(
  vapid: VapidKeys,
  /** The HTTPS agent to reach push services with (tests: one trusting a local stand-in). */
  options: { agent?: Agent } = {},
): PushSender {
  // Checks the keys' lengths and the subject's form now, at start-up, rather than at the first send.
  webPush.getVapidHeaders(
    'https://push.example',
    vapid.subject,
    vapid.publicKey,
    vapid.privateKey,
    'aes128gcm',
  );
  return {
    name: 'web-push',
    publicKey: vapid.publicKey,
    async send(target: PushTarget, message: PushMessage): Promise<PushResult> {
      try {
        await webPush.sendNotification(target, JSON.stringify(message), {
          vapidDetails: vapid,
          TTL: TTL_SECONDS,
          timeout: TIMEOUT_MS,
          urgency: 'normal',
          ...(options.agent ? { agent: options.agent } : {}),
        });
        return 'sent';
      } catch (error) {
        const status = (error as { statusCode?: unknown }).statusCode;
        if (status === 404 || status === 410) return 'gone';
        throw error;
      }
    },
  };
}
