// The browser every journey, story test and benchmark opens (tests/support/chromium.ts): no page
// of Chromium's own running beside the tested ones, and Playwright's settings kept.
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchChromium, PLAYWRIGHT_DISABLED_FEATURES } from '../support/chromium.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

test("runs no page of Chromium's own user interface (the omnibox popups)", async () => {
  const page = await browser.newPage();
  try {
    await page.goto('data:text/html,<title>t</title><p>a page</p>');
    const session = await browser.newBrowserCDPSession();
    const { targetInfos } = await session.send('Target.getTargets');
    expect(targetInfos.map((t) => `${t.type} ${t.url}`)).toEqual([
      'page data:text/html,<title>t</title><p>a page</p>',
    ]);
  } finally {
    await page.context().close();
  }
});

test('keeps the features Playwright turns off turned off', async () => {
  const session = await browser.newBrowserCDPSession();
  const { processInfo } = await session.send('SystemInfo.getProcessInfo');
  const main = processInfo.find((p) => p.type === 'browser');
  const args = readFileSync(`/proc/${main?.id}/cmdline`, 'utf8').split('\0');
  const flag = '--disable-features=';
  const disabled = args
    .filter((a) => a.startsWith(flag))
    .map((a) => a.slice(flag.length).split(','));
  // Chromium reads the last one; Playwright's own comes first.
  const effective = disabled.at(-1) ?? [];
  const playwrights = disabled[0] ?? [];
  expect(playwrights.toSorted()).toEqual(PLAYWRIGHT_DISABLED_FEATURES.toSorted());
  expect(effective).toEqual(expect.arrayContaining(PLAYWRIGHT_DISABLED_FEATURES));
});
