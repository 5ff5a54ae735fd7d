// The accessibility check of the story tests and docs pages (tests/stories/browser.ts's
// `seriousAxeFindings`): one axe run in the page, serious and critical findings only, inside the
// given region and not in the excluded one, in the page's frames too.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { AXE_CORE, seriousAxeFindings } from '../stories/browser.ts';
import { journeyBrowser } from '../support/chromium.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await journeyBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/**
 * A page of `html` at http://story.test/ with axe-core loaded by an init script, as the story tests
 * load it; `frames` are the pages its iframes may load (http://story.test/<name>).
 */
async function pageWith(html: string, frames: Record<string, string> = {}): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript({ path: AXE_CORE });
  const page = await context.newPage();
  const documents: Record<string, string> = { '': html, ...frames };
  await page.route('http://story.test/**', (route) => {
    const name = new URL(route.request().url()).pathname.slice(1);
    const body = `<!doctype html><html lang="en"><title>${name || 'story'}</title><body>${documents[name]}</body></html>`;
    return route.fulfill({ contentType: 'text/html', body });
  });
  await page.goto('http://story.test/');
  return page;
}

test('names the serious and critical findings inside the region, with their elements', async () => {
  const page = await pageWith(`
    <main id="root">
      <button class="icon"></button>
      <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" class="photo">
      <h3>A heading out of order (moderate: not reported)</h3>
    </main>
    <button class="outside"></button>`);
  const findings = await page.evaluate(seriousAxeFindings, { include: '#root' });
  expect(findings).toEqual([
    'axe critical button-name: Buttons must have discernible text [.icon]',
    'axe critical image-alt: Images must have alternative text [img]',
  ]);
});

test('leaves the excluded part out, and finds nothing in a sound region', async () => {
  const page = await pageWith(`
    <div id="docs"><p>Fine text</p><div class="table"><button></button></div></div>`);
  expect(await page.evaluate(seriousAxeFindings, { include: '#docs', exclude: '.table' })).toEqual(
    [],
  );
  expect(await page.evaluate(seriousAxeFindings, { include: '#docs' })).toEqual([
    'axe critical button-name: Buttons must have discernible text [button]',
  ]);
});

test('checks the frames of the page through their own copy of axe', async () => {
  const page = await pageWith('<div id="root"><iframe title="inner" src="/inner"></iframe></div>', {
    inner: '<button class="framed"></button>',
  });
  await page.frameLocator('iframe').locator('.framed').waitFor({ state: 'attached' });
  expect(await page.evaluate(seriousAxeFindings, { include: '#root' })).toEqual([
    'axe critical button-name: Buttons must have discernible text [iframe button]',
  ]);
});
