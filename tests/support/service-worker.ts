// The product's service worker (src/pwa) as journeys wait for it.
import type { Page } from 'playwright-core';

/**
 * Resolves once the page is controlled by the service worker. Installing it precaches the app
 * shell (89 files, 2.3 MB); on a loaded 2-core machine that overran Playwright's 30 s twice
 * (offline-media, offline-review) in runs where it takes a few seconds when quiet. The state is
 * waited for up to 120 s: a worker that fails to install still fails the journey.
 */
export async function workerInControl(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 120_000,
  });
}
