/** A browser's push subscription as the server stores it (the keys are base64url). */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** What the service worker shows (`sw-push.js`): the texts and the page a click opens. */
export interface PushMessage {
  title: string;
  body: string;
  /** A path of the app, e.g. `/friends`. */
  url: string;
  /** One notification per tag: a newer one of the same tag replaces it. */
  tag: string;
}

/**
 * `sent`: the push service took it; `gone`: it answered 404 or 410, the browser unsubscribed and
 * the endpoint should be forgotten. Any other failure throws.
 */
export type PushResult = 'sent' | 'gone';

/** Sends Web Push messages (`web-push.ts`), present only when the VAPID keys are set. */
export interface PushSender {
  readonly name: 'web-push';
  /** The VAPID public key (base64url) browsers subscribe with. */
  readonly publicKey: string;
  send(target: PushTarget, message: PushMessage): Promise<PushResult>;
}
