/**
 * Nanostores shared by every island of a page: session, locale, theme, cookie consent and the
 * connection-lost signal. Each store reads its first value from the browser when this module loads
 * and is safe to import on the server (it then holds the defaults).
 */
import { atom } from 'nanostores';
import {
  AUTH_CHANGE_EVENT,
  COOKIE_CONSENT_KEY,
  DEFAULT_LOCALE,
  DEFAULT_THEME,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_DAYS,
  THEME_COOKIE,
  THEME_COOKIE_DAYS,
} from './constants.ts';
import { getCookie, setCookie } from './cookies.ts';
import { getAccessToken, getUserEmail } from './session.ts';

export type Locale = 'en' | 'es';
export type Theme = 'light' | 'dark';
export type CookieConsent = 'accepted' | 'declined' | null;
export type SessionState = { signedIn: boolean; email: string | null };

const hasWindow = typeof window !== 'undefined';

// ── session ──────────────────────────────────────────────────────────────────────────────────

/** The session as the browser holds it: signed in when an access token exists (§4). */
export function readSession(): SessionState {
  return { signedIn: getAccessToken() !== null, email: getUserEmail() };
}

export const $session = atom<SessionState>(readSession());

/** Re-reads the session; runs on `auth-change` (this tab) and `storage` (other tabs). */
export function syncSession(): void {
  const next = readSession();
  const current = $session.get();
  if (next.signedIn !== current.signedIn || next.email !== current.email) $session.set(next);
}

// ── locale ───────────────────────────────────────────────────────────────────────────────────

function isLocale(value: unknown): value is Locale {
  return value === 'en' || value === 'es';
}

/** Spanish for any `es*` browser language, English otherwise. */
export function localeFromLanguage(language: string | null | undefined): Locale {
  return language?.toLowerCase().startsWith('es') ? 'es' : DEFAULT_LOCALE;
}

/** The stored `language` cookie when set, else the browser's language (§4). */
export function readLocale(): Locale {
  const stored = getCookie(LANGUAGE_COOKIE);
  if (isLocale(stored)) return stored;
  return localeFromLanguage(typeof navigator === 'undefined' ? null : navigator.language);
}

export const $locale = atom<Locale>(readLocale());

export function setLocale(locale: Locale): void {
  setCookie(LANGUAGE_COOKIE, locale, { days: LANGUAGE_COOKIE_DAYS });
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  $locale.set(locale);
}

// ── theme ────────────────────────────────────────────────────────────────────────────────────

export function readTheme(): Theme {
  const stored = getCookie(THEME_COOKIE);
  return stored === 'dark' || stored === 'light' ? stored : DEFAULT_THEME;
}

export const $theme = atom<Theme>(readTheme());

/** Stores the theme in its cookie and applies it as `<html data-theme>`. */
export function setTheme(theme: Theme): void {
  setCookie(THEME_COOKIE, theme, { days: THEME_COOKIE_DAYS });
  if (typeof document !== 'undefined') document.documentElement.dataset.theme = theme;
  $theme.set(theme);
}

export function toggleTheme(): void {
  setTheme($theme.get() === 'dark' ? 'light' : 'dark');
}

// ── cookie consent ───────────────────────────────────────────────────────────────────────────

export function readCookieConsent(): CookieConsent {
  try {
    const value =
      typeof localStorage === 'undefined' ? null : localStorage.getItem(COOKIE_CONSENT_KEY);
    return value === 'accepted' || value === 'declined' ? value : null;
  } catch {
    return null;
  }
}

export const $cookieConsent = atom<CookieConsent>(readCookieConsent());

export function setCookieConsent(value: 'accepted' | 'declined'): void {
  try {
    localStorage.setItem(COOKIE_CONSENT_KEY, value);
  } catch {
    // Storage unavailable: the choice still holds for this page.
  }
  $cookieConsent.set(value);
}

// ── connection ───────────────────────────────────────────────────────────────────────────────

/**
 * True while a network failure is being shown ('Connection lost. Redirecting to login...'); the
 * client sets it and clears it on `retryConnection()` or once the redirect happened.
 */
export const $connectionLost = atom<boolean>(false);

/**
 * True while the browser says it has no network (`navigator.onLine`, its `online`/`offline`
 * events): the header's offline indicator. Unlike `$connectionLost` it sends no one to /login.
 */
export const $offline = atom<boolean>(hasWindow && navigator.onLine === false);

/**
 * How many islands on the page can work offline (the review, the deck list: they have the cards
 * kept in IndexedDB). While the browser is offline and one of them is on the page, a network
 * failure shows the offline state, not the spec's "Connection lost. Redirecting to login...":
 * docs/features/offline.md says why.
 */
export const $offlineCapable = atom<number>(0);

/** An offline-capable island is on the page; call the returned function when it leaves. */
export function markOfflineCapable(): () => void {
  $offlineCapable.set($offlineCapable.get() + 1);
  let marked = true;
  return () => {
    if (!marked) return;
    marked = false;
    $offlineCapable.set(Math.max(0, $offlineCapable.get() - 1));
  };
}

/**
 * The browser is offline and the page can work without the network: no redirect to /login. The
 * page says so itself (`data-offline-capable` on its body, src/layouts/AppLayout.astro), because
 * an island hydrated first (the header's notifications) can fail its request before the review
 * island has mounted and called `markOfflineCapable`: the offline journey saw "Connection lost"
 * on the review that way.
 */
export function staysOffline(): boolean {
  if (!$offline.get()) return false;
  if ($offlineCapable.get() > 0) return true;
  return hasWindow && document.body?.dataset.offlineCapable === 'true';
}

/** The offline review's ratings: how many wait to be sent, and when the last were (ISO time). */
export interface ReviewSyncState {
  waiting: number;
  lastSyncAt: string | null;
}

/**
 * Written by the review's offline queue (packages/features/deck-review/offlineQueue.ts), read by
 * the header's Offline chip: "3 ratings waiting", "Synced 14:02".
 */
export const $reviewSync = atom<ReviewSyncState>({ waiting: 0, lastSyncAt: null });

/** True once a new version of the app (its service worker) took over this page: "Updated". */
export const $appUpdated = atom<boolean>(false);

// ── browser events ───────────────────────────────────────────────────────────────────────────

if (hasWindow) {
  window.addEventListener('offline', () => $offline.set(true));
  window.addEventListener('online', () => $offline.set(false));
  window.addEventListener(AUTH_CHANGE_EVENT, syncSession);
  window.addEventListener('storage', () => {
    syncSession();
    const consent = readCookieConsent();
    if (consent !== $cookieConsent.get()) $cookieConsent.set(consent);
  });
}

// ── events stream ────────────────────────────────────────────────────────────────────────────

/**
 * `off`: not started or signed out; `connecting`; `live`: the stream is open and its events keep
 * the queries they name fresh; `down`: it failed and is retried with back-off.
 */
export type EventsConnectionStatus = 'off' | 'connecting' | 'live' | 'down';

export type EventsConnection = {
  status: EventsConnectionStatus;
  /**
   * True unless the stream is live: then polled lists (pending friend and duel requests, every
   * 10 s) are what keeps data fresh.
   */
  polling: boolean;
  /** The id of the last event received (sent as `Last-Event-ID` on reconnect). */
  lastEventId: number | null;
  /** Query keys the stream's event types invalidate (prefixes). */
  streamedKeys: readonly (readonly unknown[])[];
};

/** The page's one events stream connection (written by `events.ts`). */
export const $eventsConnection = atom<EventsConnection>({
  status: 'off',
  polling: true,
  lastEventId: null,
  streamedKeys: [],
});

const isPrefix = (prefix: readonly unknown[], key: readonly unknown[]) =>
  prefix.length <= key.length && prefix.every((part, i) => part === key[i]);

/**
 * The `refetchInterval` of a polled query: `ms` unless the stream is live and one of its event
 * types names this key (friends and duels add theirs), in which case the stream's invalidation
 * replaces the polling.
 */
export function pollUnlessStreamed(queryKey: readonly unknown[], ms: number): () => number | false {
  return () => {
    const { status, streamedKeys } = $eventsConnection.get();
    return status === 'live' && streamedKeys.some((k) => isPrefix(k, queryKey)) ? false : ms;
  };
}
