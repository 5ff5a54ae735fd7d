import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { deleteCookie, setCookie } from './cookies.ts';
import { recordCookieWrites } from './test/cookie-writes.ts';

/** The stores read the browser when their module loads: import a fresh copy per case. */
async function freshStores() {
  vi.resetModules();
  return import('./stores.ts');
}

function browserLanguage(language: string) {
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(language);
}

beforeEach(() => {
  localStorage.clear();
  for (const name of ['language', 'theme', 'user_email']) deleteCookie(name);
  delete document.documentElement.dataset.theme;
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('$locale', () => {
  test('follows the browser language when no cookie is set', async () => {
    browserLanguage('es-AR');
    expect((await freshStores()).$locale.get()).toBe('es');
    browserLanguage('fr-FR');
    expect((await freshStores()).$locale.get()).toBe('en');
    browserLanguage('en-US');
    expect((await freshStores()).$locale.get()).toBe('en');
  });

  test('prefers the language cookie over the browser', async () => {
    browserLanguage('es-ES');
    setCookie('language', 'en', { days: 365 });
    expect((await freshStores()).$locale.get()).toBe('en');
  });

  test('ignores an unsupported cookie value', async () => {
    browserLanguage('es');
    setCookie('language', 'de', { days: 365 });
    expect((await freshStores()).$locale.get()).toBe('es');
  });

  test('setLocale writes the cookie for 365 days and updates the store', async () => {
    browserLanguage('en-US');
    const stores = await freshStores();
    const writes = recordCookieWrites();

    stores.setLocale('es');

    expect(stores.$locale.get()).toBe('es');
    expect(writes[0]).toMatch(/^language=es; .*max-age=31536000/);
    expect(document.documentElement.lang).toBe('es');
    expect((await freshStores()).$locale.get()).toBe('es');
  });
});

describe('$theme', () => {
  test('defaults to light and reads the theme cookie', async () => {
    expect((await freshStores()).$theme.get()).toBe('light');
    setCookie('theme', 'dark', { days: 365 });
    expect((await freshStores()).$theme.get()).toBe('dark');
  });

  test('setTheme writes the cookie and sets <html data-theme>', async () => {
    const stores = await freshStores();
    stores.setTheme('dark');
    expect(stores.$theme.get()).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.cookie).toContain('theme=dark');
    stores.toggleTheme();
    expect(stores.$theme.get()).toBe('light');
    expect(document.cookie).toContain('theme=light');
  });
});

describe('$cookieConsent', () => {
  test('reads and writes localStorage cookieConsent', async () => {
    expect((await freshStores()).$cookieConsent.get()).toBeNull();
    localStorage.setItem('cookieConsent', 'declined');
    const stores = await freshStores();
    expect(stores.$cookieConsent.get()).toBe('declined');

    stores.setCookieConsent('accepted');

    expect(localStorage.getItem('cookieConsent')).toBe('accepted');
    expect(stores.$cookieConsent.get()).toBe('accepted');
  });

  test('ignores unknown stored values', async () => {
    localStorage.setItem('cookieConsent', 'maybe');
    expect((await freshStores()).$cookieConsent.get()).toBeNull();
  });
});

describe('$session', () => {
  test('follows auth-change and storage events', async () => {
    const stores = await freshStores();
    const session = await import('./session.ts');
    expect(stores.$session.get().signedIn).toBe(false);

    session.saveTokens({ access: 'a', refresh: 'r' });
    session.setUserEmail('ana@example.com');
    window.dispatchEvent(new Event('auth-change'));
    expect(stores.$session.get()).toEqual({ signedIn: true, email: 'ana@example.com' });

    // Another tab signs out: only a storage event reaches this one.
    localStorage.removeItem('access_token');
    expect(stores.$session.get().signedIn).toBe(true);
    window.dispatchEvent(new Event('storage'));
    expect(stores.$session.get().signedIn).toBe(false);

    session.clearSession();
    expect(stores.$session.get()).toEqual({ signedIn: false, email: null });
  });

  test('$connectionLost starts false', async () => {
    expect((await freshStores()).$connectionLost.get()).toBe(false);
  });
});
