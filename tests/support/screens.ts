// What the journey's pages showed when it failed. A failed poll says only "expected 0 to be greater
// than 0", and the official CI keeps nothing but its log: with each page's address, the start of
// its main region and the API calls that failed, that log tells which screen was stuck, on what.
// Off unless a test run turns it on (`recordScreens`, the journeys' setup file): launchChromium
// calls `watchContext` for every context it opens.
import type { BrowserContext, Page, Request } from 'playwright-core';

/** Characters of a page's main region kept per screen, and failed calls kept per page. */
const TEXT_CHARS = 200;
const CALLS_KEPT = 3;
/** A page that does not answer in this long is described as not answering. */
const READ_LIMIT_MS = 5_000;

let recording = false;
const openContexts = new Set<BrowserContext>();
const failedCalls = new WeakMap<Page, string[]>();
let closedScreens: string[] = [];

/** Turns the recording on for this test process. */
export function recordScreens(): void {
  recording = true;
}

/** Forgets what the previous test's pages showed. */
export function resetScreens(): void {
  closedScreens = [];
}

function watchPage(page: Page): void {
  const calls: string[] = [];
  failedCalls.set(page, calls);
  const keep = (line: string) => {
    calls.push(line);
    if (calls.length > CALLS_KEPT) calls.shift();
  };
  /** "GET /be/api/…" for a call to the API, null for anything else the page loads. */
  const apiCall = (request: Request) => {
    const path = new URL(request.url()).pathname;
    return path.startsWith('/be/api/') ? `${request.method()} ${path}` : null;
  };
  page.on('response', (response) => {
    const call = apiCall(response.request());
    if (call && response.status() >= 400) keep(`${call} → ${response.status()}`);
  });
  page.on('requestfailed', (request) => {
    const call = apiCall(request);
    const error = request.failure()?.errorText ?? 'failed';
    // A request the page cancels itself (a navigation, a replaced poll) is not a failure.
    if (call && error !== 'net::ERR_ABORTED') keep(`${call} → ${error}`);
  });
}

/** The text of the page's main region as it is now (no wait for one to appear); null: none. */
function mainText(): string | null {
  const main = document.querySelector<HTMLElement>('main, [role="main"]');
  // biome-ignore lint/performance/useDomNodeTextContent: what the learner sees, hidden text left out.
  return main ? main.innerText : null;
}

async function describePage(page: Page): Promise<string> {
  const address = new URL(page.url());
  const url = address.protocol.startsWith('http') ? address.pathname + address.search : page.url();
  // Read at once: waiting for a main region cost every page without one (a blank page, a page
  // mid-navigation) READ_LIMIT_MS as its context closed, in journeys that passed too.
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), READ_LIMIT_MS);
  });
  const read = await Promise.race([page.evaluate(mainText).catch(() => undefined), hung]);
  clearTimeout(timer);
  const text =
    read === undefined
      ? '(the page did not answer)'
      : read === null
        ? '(no main region)'
        : `«${read.replace(/\s+/g, ' ').trim().slice(0, TEXT_CHARS)}»`;
  const calls = failedCalls.get(page) ?? [];
  return `${url} ${text}${calls.length > 0 ? ` failed calls: ${calls.join('; ')}` : ''}`;
}

async function describeContext(context: BrowserContext): Promise<string[]> {
  return Promise.all(context.pages().map(describePage));
}

/**
 * Watches `context` (when recording): its pages' failed API calls, and what they show as it
 * closes (journeys close their contexts in `finally`, before the test's failure is reported).
 */
export function watchContext(context: BrowserContext): void {
  if (!recording) return;
  openContexts.add(context);
  for (const page of context.pages()) watchPage(page);
  context.on('page', watchPage);
  const close = context.close.bind(context);
  context.close = async (options) => {
    if (openContexts.delete(context)) closedScreens.push(...(await describeContext(context)));
    return close(options);
  };
}

/** One line per page the test had: those closed during it, then those still open. */
export async function screensOfThisTest(): Promise<string[]> {
  const open = await Promise.all([...openContexts].map(describeContext));
  return [...closedScreens, ...open.flat()];
}
