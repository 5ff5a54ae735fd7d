// Security headers on every kind of answer, and the Content-Security-Policy in Chromium: no page
// logs a violation while its inline scripts (cookie consent, the app's guard) and islands run.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { journeyBrowser } from '../support/chromium.ts';
import { directives, recordCspViolations } from '../support/csp.ts';
import { waitForQuiet } from '../support/quiet.ts';
import { LAPTOP_VIEWPORT } from '../support/viewport.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await journeyBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const SIGNED_IN_HINT = { cookie: 'session_hint=1' };

/** The page kinds: path, request headers, expected status. */
const PAGES: [kind: string, path: string, headers: Record<string, string>, status: number][] = [
  ['landing', '/', {}, 200],
  ['pricing', '/pricing', {}, 200],
  ['terms', '/terms', {}, 200],
  ['login', '/login', {}, 200],
  ['register', '/register', {}, 200],
  ['app page', '/space-repetition', SIGNED_IN_HINT, 200],
  ['404 (signed in)', '/no-such-page', SIGNED_IN_HINT, 404],
  // Issue 40: an unknown path answers 404 even where it shows the landing page.
  ['unknown path (signed out: the landing)', '/no-such-page', {}, 404],
  ['language switch redirect', '/terms?lang=es', {}, 303],
];

describe('security headers', () => {
  test.each(PAGES)(
    '%s (%s) has a strict CSP and the framing, sniffing and referrer headers',
    async (_kind, path, headers, status) => {
      const response = await fetch(`${baseUrl}${path}`, { headers, redirect: 'manual' });
      expect(response.status).toBe(status);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('referrer-policy')).toBe('same-origin');
      if (status === 303) return; // a redirect has no document to protect with a CSP
      const csp = directives(response.headers.get('content-security-policy') ?? '');
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      const scripts = csp.get('script-src') ?? [];
      expect(scripts[0]).toBe("'self'");
      expect(scripts.slice(1).every((source) => /^'sha256-[\w+/]+=*'$/.test(source))).toBe(true);
      expect(csp.get('style-src')).not.toContain("'unsafe-inline'"); // only style attributes may be inline
      expect(csp.get('style-src-attr')).toEqual(["'unsafe-inline'"]);
    },
  );

  test('API answers are not cached, not sniffed and not documents', async () => {
    for (const path of ['/be/api/health/', '/be/api/auth/users/me/', '/be/api/no-such-route/']) {
      const response = await fetch(`${baseUrl}${path}`);
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('cache-control'), path).toBe('no-store');
      expect(response.headers.get('content-security-policy'), path).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
    }
  });
});

/** A context whose pages record every CSP violation, from the event and from the console. */
async function watchedContext(): Promise<{ context: BrowserContext; violations: string[] }> {
  const context = await browser.newContext({
    viewport: LAPTOP_VIEWPORT,
    locale: 'en-US',
  });
  return { context, violations: await recordCspViolations(context) };
}

async function settle(page: Page): Promise<void> {
  await waitForQuiet(page);
}

describe('the Content-Security-Policy in Chromium', () => {
  test('signed out: landing (cookie choice), pricing (Buy now hydrates), terms, login, and the guard', async () => {
    const { context, violations } = await watchedContext();
    try {
      const page = await context.newPage();
      await page.goto(`${baseUrl}/`);
      // The consent scripts run: the choice is stored and the banner hides.
      await page.getByRole('button', { name: 'Accept all' }).click();
      expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBe('accepted');
      await settle(page);

      await page.goto(`${baseUrl}/pricing`);
      await page.getByRole('link', { name: 'Buy now' }).click();
      await page.getByRole('dialog').waitFor(); // the island's bundle loaded and hydrated
      await settle(page);

      await page.goto(`${baseUrl}/terms`);
      await settle(page);
      await page.goto(`${baseUrl}/login`);
      await page.getByLabel('Email').waitFor();
      await settle(page);

      // The inline guard runs before first paint: with no token it replaces the page with /login.
      await page.goto(`${baseUrl}/space-repetition`);
      await page.waitForURL(`${baseUrl}/login`);
      await settle(page);
      expect(violations).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('signed in: dashboard, an app page and the 404 page', async () => {
    const { context, violations } = await watchedContext();
    try {
      const page = await context.newPage();
      await page.goto(`${baseUrl}/login`);
      await page.getByLabel('Email').fill('demo@memoria.app');
      await page.getByLabel('Password', { exact: true }).fill('demo-password');
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL(`${baseUrl}/`);
      await page.getByRole('heading', { name: /^Welcome( back)?, .+!$/, level: 1 }).waitFor();
      await settle(page);

      await page.goto(`${baseUrl}/space-repetition`);
      await settle(page);
      expect(new URL(page.url()).pathname).toBe('/space-repetition');

      const missing = await page.goto(`${baseUrl}/no-such-page`);
      expect(missing?.status()).toBe(404);
      await settle(page);
      expect(violations).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
