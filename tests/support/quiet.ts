import type { Page, Request } from 'playwright-core';
import { STEP_LIMIT_MS } from './limits.ts';

/** The app's long-lived events stream: open for the page's whole life, never "finished". */
const EVENT_STREAM = /\/be\/api\/events\/?(\?|$)/;

/**
 * Resolves once the page has had no request in flight for `quietMs`, the events stream left
 * out. Playwright's `networkidle` never comes on app pages, whose events stream stays open.
 */
export async function waitForQuiet(
  page: Page,
  quietMs = 500,
  timeoutMs = STEP_LIMIT_MS,
): Promise<void> {
  const inflight = new Set<Request>();
  const counts = (request: Request) => !EVENT_STREAM.test(request.url());
  const add = (request: Request) => {
    if (counts(request)) inflight.add(request);
  };
  const remove = (request: Request) => inflight.delete(request);
  page.on('request', add);
  page.on('requestfinished', remove);
  page.on('requestfailed', remove);
  try {
    await page.waitForLoadState('load');
    const deadline = Date.now() + timeoutMs;
    let quietSince = Date.now();
    while (Date.now() - quietSince < quietMs) {
      if (Date.now() > deadline) throw new Error(`the page was not quiet within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      if (inflight.size > 0) quietSince = Date.now();
    }
  } finally {
    page.off('request', add);
    page.off('requestfinished', remove);
    page.off('requestfailed', remove);
  }
}

/**
 * Resolves once every `client:load` island has hydrated (Astro drops an island's `ssr` attribute
 * when it has). A click on server-rendered markup before then does nothing, as for a user: the
 * quiet network alone does not say the scripts it fetched have run on a busy machine.
 */
export async function waitForIslands(page: Page, timeoutMs = STEP_LIMIT_MS): Promise<void> {
  await page.waitForFunction(
    () => document.querySelectorAll('astro-island[ssr][client="load"]').length === 0,
    undefined,
    { timeout: timeoutMs },
  );
}
