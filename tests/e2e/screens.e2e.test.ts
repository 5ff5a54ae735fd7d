// The journeys' failure report (tests/support/screens.ts): each page's address, the start of its
// main region and its failed API calls, including pages the journey closed before it failed.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { journeyBrowser } from '../support/chromium.ts';
import { screensOfThisTest } from '../support/screens.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await journeyBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe("a failed journey's screens", () => {
  test('name each page, what its main region shows and the calls that failed', async () => {
    const kept = await browser.newContext();
    const closed = await browser.newContext();
    try {
      const login = await closed.newPage();
      await login.goto(`${baseUrl}/login`);
      // Signed out: the API answers 401, and a cancelled call is not a failure.
      await login.evaluate(async () => {
        await fetch('/be/api/auth/users/me/');
        const abort = new AbortController();
        const cancelled = fetch('/be/api/auth/users/me/', { signal: abort.signal });
        abort.abort();
        await cancelled.catch(() => {});
      });
      await closed.close();
      const blank = await kept.newPage();
      await blank.setContent('<main><h1>Still  here</h1>\n<p>waiting</p></main>');

      expect(await screensOfThisTest()).toEqual([
        expect.stringMatching(
          /^\/login «Log in .*» failed calls: GET \/be\/api\/auth\/users\/me\/ → 401$/,
        ),
        'about:blank «Still here waiting»',
      ]);
    } finally {
      await kept.close();
    }
  });

  test('say so of a page with no main region, without waiting for one', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.setContent('<p>no landmark here</p>');
    await context.close();
    expect(await screensOfThisTest()).toEqual(['about:blank (no main region)']);
  });
});
