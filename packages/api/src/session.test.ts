import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  ACCESS_TOKEN_KEY,
  AUTH_CHANGE_EVENT,
  CONNECTION_LOST_REDIRECT_MS,
  COOKIE_DAYS,
  REFRESH_TOKEN_KEY,
  REQUEST_TIMEOUT_MS,
  USER_EMAIL_COOKIE,
} from './constants.ts';
import { deleteCookie, getCookie, serializeCookie, setCookie } from './cookies.ts';
import {
  clearSession,
  getAccessToken,
  getRefreshToken,
  getUserEmail,
  isSignedIn,
  SESSION_HINT_COOKIE,
  saveTokens,
  setUserEmail,
} from './session.ts';
import { recordCookieWrites } from './test/cookie-writes.ts';

let events: number;
const onAuthChange = () => {
  events += 1;
};

beforeEach(() => {
  localStorage.clear();
  deleteCookie(USER_EMAIL_COOKIE);
  deleteCookie(SESSION_HINT_COOKIE);
  events = 0;
  window.addEventListener('auth-change', onAuthChange);
});

afterEach(() => {
  window.removeEventListener('auth-change', onAuthChange);
  vi.restoreAllMocks();
});

describe('constants', () => {
  test('hold the spec numbers and names', () => {
    expect(ACCESS_TOKEN_KEY).toBe('access_token');
    expect(REFRESH_TOKEN_KEY).toBe('refresh_token');
    expect(USER_EMAIL_COOKIE).toBe('user_email');
    expect(AUTH_CHANGE_EVENT).toBe('auth-change');
    expect(COOKIE_DAYS).toBe(365);
    expect(REQUEST_TIMEOUT_MS).toBe(30_000);
    expect(CONNECTION_LOST_REDIRECT_MS).toBe(2_000);
  });
});

describe('tokens', () => {
  test('saveTokens stores both tokens under the spec keys and fires auth-change', () => {
    saveTokens({ access: 'a1', refresh: 'r1' });

    expect(localStorage.getItem('access_token')).toBe('a1');
    expect(localStorage.getItem('refresh_token')).toBe('r1');
    expect(getAccessToken()).toBe('a1');
    expect(getRefreshToken()).toBe('r1');
    expect(isSignedIn()).toBe(true);
    expect(events).toBe(1);
  });

  test('saving only an access token keeps the refresh token', () => {
    saveTokens({ access: 'a1', refresh: 'r1' });
    saveTokens({ access: 'a2' });

    expect(getAccessToken()).toBe('a2');
    expect(getRefreshToken()).toBe('r1');
    expect(events).toBe(2);
  });

  test('clearSession removes the tokens and the email cookie and fires auth-change', () => {
    saveTokens({ access: 'a1', refresh: 'r1' });
    setUserEmail('ana@example.com');
    events = 0;

    clearSession();

    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(getUserEmail()).toBeNull();
    expect(isSignedIn()).toBe(false);
    expect(events).toBe(1);
  });
});

describe('session_hint cookie', () => {
  test('saveTokens sets session_hint=1 for 365 days on path / with SameSite=Lax', () => {
    const writes = recordCookieWrites();

    saveTokens({ access: 'a1', refresh: 'r1' });

    const hint = writes.find((cookie) => cookie.startsWith('session_hint='));
    expect(hint).toBe(`session_hint=1; path=/; SameSite=Lax; max-age=${365 * 24 * 60 * 60}`);
    expect(getCookie('session_hint')).toBe('1');
  });

  test('clearSession removes it; it carries no token', () => {
    saveTokens({ access: 'secret-access', refresh: 'secret-refresh' });
    expect(document.cookie).not.toContain('secret');

    clearSession();

    expect(getCookie('session_hint')).toBeNull();
    expect(document.cookie).not.toContain('session_hint=1');
  });
});

describe('user_email cookie', () => {
  test('lasts 365 days', () => {
    const writes = recordCookieWrites();

    setUserEmail('ana+1@example.com');

    expect(writes).toHaveLength(1);
    expect(writes[0]).toContain('user_email=ana%2B1%40example.com');
    expect(writes[0]).toContain(`max-age=${365 * 24 * 60 * 60}`);
    expect(writes[0]).toContain('path=/');
    expect(getUserEmail()).toBe('ana+1@example.com');
  });
});

describe('cookies', () => {
  test('serialise with max-age in seconds, or as session cookies', () => {
    expect(serializeCookie('theme', 'dark', { days: 365 })).toBe(
      'theme=dark; path=/; SameSite=Lax; max-age=31536000',
    );
    expect(serializeCookie('a', 'b c')).toBe('a=b%20c; path=/; SameSite=Lax');
  });

  test('read, write and delete', () => {
    setCookie('language', 'es', { days: 1 });
    setCookie('other', 'x=y');
    expect(getCookie('language')).toBe('es');
    expect(getCookie('other')).toBe('x=y');
    expect(getCookie('lang')).toBeNull();
    deleteCookie('language');
    expect(getCookie('language')).toBeNull();
  });
});
