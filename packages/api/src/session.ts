/** Session storage (product-spec §3, §4): tokens in local storage, the user's email in a cookie. */
import {
  ACCESS_TOKEN_KEY,
  AUTH_CHANGE_EVENT,
  REFRESH_TOKEN_KEY,
  USER_EMAIL_COOKIE,
  USER_EMAIL_COOKIE_DAYS,
} from './constants.ts';
import { deleteCookie, getCookie, setCookie } from './cookies.ts';

/**
 * `session_hint=1`: a cookie without any secret that only tells the server "this browser holds a
 * session", so `/` and unknown paths can render the app shell instead of the landing before any
 * script runs. The client-side guard still checks the access token; a stale hint only costs one
 * redirect to /login (the guard removes it).
 */
export const SESSION_HINT_COOKIE = 'session_hint';
export const SESSION_HINT_COOKIE_DAYS = 365;

export type Tokens = { access: string; refresh?: string | undefined };

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Access can throw (privacy modes, sandboxed frames): behave as signed out.
    return null;
  }
}

function fireAuthChange(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(AUTH_CHANGE_EVENT));
}

export function getAccessToken(): string | null {
  return storage()?.getItem(ACCESS_TOKEN_KEY) ?? null;
}

export function getRefreshToken(): string | null {
  return storage()?.getItem(REFRESH_TOKEN_KEY) ?? null;
}

/**
 * Stores the access token (and the refresh token when given), sets the `session_hint` cookie and
 * fires `auth-change`.
 */
export function saveTokens({ access, refresh }: Tokens): void {
  const store = storage();
  store?.setItem(ACCESS_TOKEN_KEY, access);
  if (refresh) store?.setItem(REFRESH_TOKEN_KEY, refresh);
  setCookie(SESSION_HINT_COOKIE, '1', { days: SESSION_HINT_COOKIE_DAYS, sameSite: 'Lax' });
  fireAuthChange();
}

/** Removes both tokens, the user_email and session_hint cookies, and fires `auth-change`. */
export function clearSession(): void {
  const store = storage();
  store?.removeItem(ACCESS_TOKEN_KEY);
  store?.removeItem(REFRESH_TOKEN_KEY);
  deleteCookie(USER_EMAIL_COOKIE);
  deleteCookie(SESSION_HINT_COOKIE);
  fireAuthChange();
}

/** Signed in means an access token exists (§4). */
export function isSignedIn(): boolean {
  return getAccessToken() !== null;
}

export function setUserEmail(email: string): void {
  setCookie(USER_EMAIL_COOKIE, email, { days: USER_EMAIL_COOKIE_DAYS });
}

export function getUserEmail(): string | null {
  return getCookie(USER_EMAIL_COOKIE);
}
