// The product's service worker (src/pwa) as journeys wait for it.
import type { Page } from 'playwright-core';

/**
 * Resolves once the page is controlled by the service worker. Installing it precaches the app
 * shell (89 files, 2.3 MB), a few seconds on a quiet machine; a worker that fails to install
 * still fails the journey, after the step limit (launchChromium sets it).
 */
export async function workerInControl(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}
