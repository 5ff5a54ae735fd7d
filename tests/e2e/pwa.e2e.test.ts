// Installable and offline app shell (issue 46, first part) in Debian's Chromium against the
// release build: the manifest is linked and valid (its icons load), the service worker controls
// the app from the root scope, and an app page reloaded with no network shows the cached shell
// (its header says Offline) instead of Chromium's error page.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { jsonApi } from '../support/api.ts';
import { journeyBrowser } from '../support/chromium.ts';
import { recordCspViolations } from '../support/csp.ts';
import { newLearner, signedIn } from '../support/learners.ts';
import { workerInControl } from '../support/service-worker.ts';

const baseUrl = inject('baseUrl');
const call = jsonApi(baseUrl);
let browser: Browser;

beforeAll(async () => {
  browser = await journeyBrowser();
});

afterAll(async () => {
  await browser?.close();
});

type Manifest = {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
  shortcuts: { name: string; url: string }[];
};

describe('installable, offline app shell', () => {
  test('the manifest is linked from an app page and every field and icon is there', async () => {
    const learner = await newLearner(call, 'pwa-manifest');
    const { context, page } = await signedIn(browser, baseUrl, learner);
    try {
      await page.goto(`${baseUrl}/space-repetition`);
      const href = await page.locator('link[rel="manifest"]').getAttribute('href');
      expect(href).toBe('/manifest.webmanifest');
      const response = await context.request.get(`${baseUrl}${href}`);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
      const manifest = (await response.json()) as Manifest;
      expect(manifest).toMatchObject({
        name: 'Memoria',
        short_name: 'Memoria',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#1976d2',
        background_color: '#ffffff',
      });
      expect(manifest.shortcuts.map((s) => [s.name, s.url])).toEqual([
        ['Review', '/space-repetition'],
        ['Duels', '/multiple-duels'],
      ]);
      expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
        '192x192 any',
        '512x512 any',
        '512x512 maskable',
      ]);
      for (const icon of manifest.icons) {
        const png = await context.request.get(`${baseUrl}${icon.src}`);
        expect(png.status(), icon.src).toBe(200);
        expect(png.headers()['content-type'], icon.src).toBe('image/png');
      }
    } finally {
      await context.close();
    }
  });

  test('the worker controls the app from /, and an app page reloads offline from its cache', async () => {
    const learner = await newLearner(call, 'pwa-offline');
    const { context, page } = await signedIn(browser, baseUrl, learner);
    const violations = await recordCspViolations(context);
    try {
      await page.goto(`${baseUrl}/space-repetition`);
      const registration = await page.evaluate(async () => {
        const ready = await navigator.serviceWorker.ready;
        return { scope: ready.scope, script: ready.active?.scriptURL };
      });
      expect(registration).toEqual({ scope: `${baseUrl}/`, script: `${baseUrl}/sw.js` });
      // The first install takes this page over (clientsClaim) once its precache is filled.
      await workerInControl(page);

      await context.setOffline(true);
      // No network indeed, for the worker too: a page never opened nor installed fails. In a
      // page of its own: Chromium commits its error page after goto has rejected, which would
      // interrupt the next navigation of the same page.
      const probe = await context.newPage();
      await expect(probe.goto(`${baseUrl}/space-repetition/987654321`)).rejects.toThrow(
        /net::ERR_(FAILED|INTERNET_DISCONNECTED)/,
      );
      await probe.close();
      // Installed with the version, never visited: the conversion table opens from the cache.
      const fromCache = await page.goto(`${baseUrl}/conversion-table`);
      expect(fromCache?.fromServiceWorker()).toBe(true);
      await page.getByRole('status').getByText('Offline').waitFor();
      // Visited online, then reloaded offline: the deck list's shell, header and all.
      await page.goto(`${baseUrl}/space-repetition`);
      const reloaded = await page.reload();
      expect(reloaded?.fromServiceWorker()).toBe(true);
      expect(await page.title()).toMatch(/· Memoria$/);
      await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
      await page.getByRole('status').getByText('Offline').waitFor();

      await context.setOffline(false);
      await page.getByText('Offline').waitFor({ state: 'detached' });
      expect(violations).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
