/**
 * Push notifications' pure rules (issue 46): which notifications are pushed, their texts in the
 * recipient's language and the page a click opens, and what a stored subscription must look like.
 */
import type { FieldErrors } from '../field-errors.ts';
import type { Language } from '../language.ts';

/** The notifications that reach a closed app: someone is waiting for the recipient's answer. */
export type PushedKind = 'friend_request' | 'duel_request';

export interface PushNotice {
  title: string;
  body: string;
  url: string;
  tag: string;
}

const TEXTS: Record<
  Language,
  Record<PushedKind, (from: string) => { title: string; body: string }>
> = {
  en: {
    friend_request: (from) => ({
      title: 'Friend request',
      body: `${from} wants to be your friend on Memoria.`,
    }),
    duel_request: (from) => ({ title: 'Duel request', body: `${from} challenges you to a duel.` }),
  },
  es: {
    friend_request: (from) => ({
      title: 'Solicitud de amistad',
      body: `${from} quiere ser tu amigo en Memoria.`,
    }),
    duel_request: (from) => ({ title: 'Solicitud de duelo', body: `${from} te reta a un duelo.` }),
  },
};

/** The page each kind opens: where the recipient answers it. */
const PAGES: Record<PushedKind, string> = {
  friend_request: '/friends',
  duel_request: '/multiple-duels',
};

/** The notification for a pushed kind, from who sent it; `language` is the subscription's. */
export function pushNotice(kind: PushedKind, fromUsername: string, language: string): PushNotice {
  const texts = TEXTS[language === 'es' ? 'es' : 'en'][kind](fromUsername);
  return { ...texts, url: PAGES[kind], tag: kind };
}

/** P-256 public key (uncompressed point) and auth secret sizes, as RFC 8291 fixes them. */
const P256DH_BYTES = 65;
const AUTH_BYTES = 16;
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

function base64UrlBytes(value: string): number | null {
  if (!BASE64URL.test(value)) return null;
  return Buffer.from(value, 'base64url').length;
}

/**
 * Field errors of a subscription, or null when it can be stored. The endpoint must be https
 * (every browser's push service is; `web-push` speaks nothing else) with no credentials in it.
 */
export function checkPushSubscription(s: {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}): FieldErrors | null {
  const errors: FieldErrors = {};
  let url: URL | null = null;
  try {
    url = new URL(s.endpoint);
  } catch {
    url = null;
  }
  if (url?.protocol !== 'https:' || url.username || url.password) {
    errors.endpoint = ['Enter an https URL of a push service.'];
  }
  if (base64UrlBytes(s.keys.p256dh) !== P256DH_BYTES) {
    errors['keys.p256dh'] = ['Enter the browser’s P-256 key (65 bytes, base64url).'];
  }
  if (base64UrlBytes(s.keys.auth) !== AUTH_BYTES) {
    errors['keys.auth'] = ['Enter the browser’s auth secret (16 bytes, base64url).'];
  }
  return Object.keys(errors).length > 0 ? errors : null;
}
