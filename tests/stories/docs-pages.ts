/**
 * Docs pages check: every docs entry of Storybook (the autodocs page of each stories file, the
 * Introduction and the Foundations MDX pages) renders in Chromium, with every story on it,
 * without a console or page error or an HTTP error answer, and passes axe with no serious or
 * critical violation. tests/stories/run.ts runs it after the story tests, on the same build and
 * server; alone:
 *
 *   node tests/stories/docs-pages.ts                builds Storybook, checks every docs page
 *   STORYBOOK_STATIC=<dir> node …                   reuse an existing static build (no build)
 *   STORY_FILTER=ui-button node …                   only docs pages whose id contains the text
 *
 * A page whose stories file has a story tagged `expected-console-errors` (or
 * `expected-http-errors`) may log console errors (or get 4xx/5xx answers from `/be/api/`), as its
 * stories may in the story tests: its docs page renders those same stories.
 *
 * MSW on docs pages. A docs page shows each story in an iframe, and each iframe starts MSW: the
 * first registers mockServiceWorker.js; the others find that registration and call
 * `registration.update()` without awaiting it (msw's getWorkerInstance). The worker unregisters
 * itself when a client sends CLIENT_CLOSE (on pagehide) and `clients.matchAll()` finds no other
 * client. Going from one docs page to the next closed every client of the old page while the
 * new page's iframes started: when the worker handled the last CLIENT_CLOSE before the new
 * documents were its clients, it unregistered, and a new iframe's update() rejected with "Failed
 * to update a ServiceWorker … mockServiceWorker.js: Not found" (an unhandled rejection: a page
 * error). Whether that happened depended on timing. In Storybook's own UI it cannot: the preview
 * frame stays open from docs page to docs page and stays a client. Here the same holds: one page
 * of the context (the keeper) renders a story, so it registers the worker and is its client
 * until the run ends; the worker never sees its last client go, and never unregisters.
 *
 * One docs page at a time per context. A story iframe fetches Storybook's index.json before its
 * own MSW has started, and MSW's worker hands a request from a client it does not know yet to
 * another visible client that has started MSW (mockServiceWorker.js, resolveMainClient), which
 * answers it through a MessageChannel. With two docs pages open in one context, that client could
 * be an iframe of the other page, closed while the request waited: the fetch then hung (a fresh
 * clone's ui-errorboundary page never rendered) or failed ("Error loading story index: TypeError:
 * Failed to fetch" on the MemoryModelSection page). So each lane of pages has a context of its
 * own, with its own worker registration and keeper; the clients a request can be handed to are
 * the keeper and the iframes of the one page open, which stay open until that page is done.
 */
import { availableParallelism } from 'node:os';
import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../support/chromium.ts';
import { AXE_CORE, AXE_LOADED, CONTEXT_OPTIONS } from './browser.ts';
import {
  indexEntries,
  openStaticStorybook,
  STORY_FILTER,
  type StaticStorybook,
} from './static-storybook.ts';

/** A guard against a hung page, not a speed limit: a loaded 2-core machine takes a minute. */
const PAGE_GUARD_MS = 240_000;

/** The docs entries to check, each with what its stories file allows. */
function docsPages(dir: string) {
  const all = indexEntries(dir);
  const tagged = (importPath: string, tag: string) =>
    all.some((e) => e.importPath === importPath && e.type === 'story' && e.tags?.includes(tag));
  return all
    .filter((e) => e.type === 'docs' && e.id.includes(STORY_FILTER))
    .map((e) => ({
      id: e.id,
      allowConsoleErrors: tagged(e.importPath, 'expected-console-errors'),
      allowApiErrors: tagged(e.importPath, 'expected-http-errors'),
    }));
}

type DocsPage = ReturnType<typeof docsPages>[number];

/**
 * In the page: resolves when the docs content is there, every inline story has rendered and
 * every story iframe has finished its story, play function included (Storybook's preview in the
 * iframe reaches its render's last phase, `finished`, and emits STORY_FINISHED; a story that
 * fails to render shows Storybook's error display). Waiting for the plays is what makes a failing
 * play a failing page every time: a page checked before its plays ended passed or failed by how
 * far they had got. Storybook lazy-loads the iframes below the fold; the check needs every one,
 * so they load at once. Each change that can end the wait (a node added to the page, an iframe
 * loaded, a class set on an iframe's body, a story finished) runs the check again: no polling,
 * no timer.
 */
function docsRendered(): Promise<void> {
  type Preview = {
    currentRender?: { phase?: string };
  };
  type Channel = { on(event: string, listener: () => void): void };
  type FrameWindow = Window & {
    __STORYBOOK_PREVIEW__?: Preview;
    __STORYBOOK_ADDONS_CHANNEL__?: Channel;
    __STORYBOOK_MODULE_CORE_EVENTS__?: { STORY_FINISHED?: string };
  };
  return new Promise((resolve) => {
    const observed = new WeakSet<object>();
    const frameWindow = (frame: HTMLIFrameElement) =>
      frame.contentWindow as FrameWindow | null | undefined;
    const finished = (frame: HTMLIFrameElement) => {
      const body = frame.contentDocument?.body;
      if (body?.classList.contains('sb-show-errordisplay')) return true;
      return frameWindow(frame)?.__STORYBOOK_PREVIEW__?.currentRender?.phase === 'finished';
    };
    /**
     * An inline story has rendered once its inner element has content and Storybook's "Content
     * is loading..." status is gone: the story block exists, sized by its min-height, before
     * that (ui-theme's stories grew from 576 to 683 px after the size check had passed on the
     * placeholder, and axe found the box scrollable). A story shown in an iframe has the iframe.
     */
    const storyShown = (story: Element) => {
      const inner = story.querySelector(':scope > [id$="-inner"]');
      if (!inner) return story.childNodes.length > 0;
      return inner.childElementCount > 0 && !story.querySelector(':scope > [role="status"]');
    };
    /** The iframe's document: its body's class (the error display) and its story's end. */
    const observeFrame = (frame: HTMLIFrameElement) => {
      const body = frame.contentDocument?.body;
      if (body && !observed.has(body)) {
        observed.add(body);
        observer.observe(body, { attributes: true, attributeFilter: ['class'] });
      }
      const win = frameWindow(frame);
      const channel = win?.__STORYBOOK_ADDONS_CHANNEL__;
      const event = win?.__STORYBOOK_MODULE_CORE_EVENTS__?.STORY_FINISHED ?? 'storyFinished';
      if (channel && !observed.has(channel)) {
        observed.add(channel);
        // The render's phase is set to `finished` just before this event is emitted.
        channel.on(event, () => queueMicrotask(check));
      }
    };
    const done = () => {
      if (!document.querySelector('#storybook-docs .sbdocs-content')) return false;
      const stories = [...document.querySelectorAll('#storybook-docs .sb-story')];
      const frames = [...document.querySelectorAll<HTMLIFrameElement>('#storybook-docs iframe')];
      for (const frame of frames) {
        if (observed.has(frame)) continue;
        observed.add(frame);
        frame.loading = 'eager';
        // A loaded document replaces the body and the preview observed before it.
        frame.addEventListener('load', () => {
          observeFrame(frame);
          check();
        });
      }
      for (const frame of frames) observeFrame(frame);
      return stories.every(storyShown) && frames.every(finished);
    };
    let ended = false;
    const check = () => {
      if (ended || !done()) return;
      ended = true;
      observer.disconnect();
      resolve();
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true });
    check();
  });
}

/**
 * In the page: resolves when every inline story's zoom wrapper is as tall as its story. Storybook
 * sizes the wrapper (`ZoomElement`) from a ResizeObserver and a React state update, so for a
 * moment after a story grows (its web font arrives, a query answers) the story overflows the
 * wrapper and the preview's `overflow: auto` box is scrollable: axe then reports
 * scrollable-region-focusable on a layout Storybook is about to correct (ui-theme's type scale
 * did, in a fresh-clone run). Each resize runs the check again: no polling, no timer.
 */
function zoomSettled(): Promise<void> {
  return new Promise((resolve) => {
    const inners = [
      ...document.querySelectorAll<HTMLElement>('#storybook-docs .innerZoomElementWrapper'),
    ];
    const settled = () =>
      inners.every((inner) => {
        const wrapper = inner.parentElement;
        if (!wrapper) return true;
        return (
          Math.abs(wrapper.getBoundingClientRect().height - inner.getBoundingClientRect().height) <
          1
        );
      });
    const observer = new ResizeObserver(() => {
      if (!settled()) return;
      observer.disconnect();
      resolve();
    });
    for (const inner of inners) {
      observer.observe(inner);
      if (inner.parentElement) observer.observe(inner.parentElement);
    }
    if (inners.length === 0) resolve();
  });
}

/** Stories whose iframe shows Storybook's error display instead of the story. */
function storyErrors(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLIFrameElement>('#storybook-docs iframe')]
      .filter((frame) => frame.contentDocument?.body?.classList.contains('sb-show-errordisplay'))
      .map((frame) => `story failed to render: ${frame.src}`),
  );
}

/**
 * One axe run for the page and its story iframes: axe-core is in every frame already (an init
 * script), and legacy mode runs axe.run in the top frame, which reaches the iframes itself.
 * Measured on ui-dialog's page (6 iframes): AxeBuilder's default (inject the 550 KB script into
 * each frame, run each frame, finish in a second page) took 25.6 s of the page's main-thread
 * time, this 3.3 s.
 */
async function axeProblems(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page, axeSource: AXE_LOADED })
    .include('#storybook-docs')
    // Storybook's own props-table controls (an object editor whose <li>s have no list, selects
    // without a name): Storybook's interface, not ours, and the same on every page.
    .exclude('.docblock-argstable')
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => {
      const targets = v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(', ');
      return `axe ${v.impact} ${v.id}: ${v.help} [${targets}]`;
    });
}

function guard<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what}: no answer in ${PAGE_GUARD_MS} ms`)),
      PAGE_GUARD_MS,
    );
  });
  return Promise.race([work, hung]).finally(() => clearTimeout(timer));
}

/** Checks one docs page on a page of its own; returns its problems. */
async function checkPage(context: BrowserContext, base: string, docs: DocsPage): Promise<string[]> {
  const problems: string[] = [];
  const page = await context.newPage();
  try {
    page.on('console', (message) => {
      if (message.type() !== 'error' || docs.allowConsoleErrors) return;
      const text = message.text();
      // The failing URL is reported by the response listener (a 404 logs this line without it).
      if (/favicon|^Failed to load resource/.test(text)) return;
      problems.push(`console error: ${text.slice(0, 500)}`);
    });
    page.on('pageerror', (error) => {
      if (!docs.allowConsoleErrors) problems.push(`page error: ${error.message.slice(0, 500)}`);
    });
    page.on('response', (response) => {
      const url = response.url();
      if (response.status() < 400 || /favicon/.test(url)) return;
      if (docs.allowApiErrors && new URL(url).pathname.startsWith('/be/api/')) return;
      problems.push(`HTTP ${response.status()} ${url}`);
    });
    await page.goto(`${base}/iframe.html?viewMode=docs&id=${encodeURIComponent(docs.id)}`, {
      waitUntil: 'load',
      timeout: PAGE_GUARD_MS,
    });
    await guard(page.evaluate(docsRendered), 'docs page rendered and its stories finished');
    // The page's own web font, loaded on purpose (as the story tests do): `fonts.ready` alone
    // resolves at once when the text that needs the font has not been laid out yet.
    await page.evaluate(async () => {
      await Promise.all([
        document.fonts.load('400 16px "Inter Variable"'),
        document.fonts.load('700 16px "Inter Variable"'),
      ]);
      await document.fonts.ready;
    });
    await guard(page.evaluate(zoomSettled), 'inline stories sized by Storybook');
    problems.push(...(await storyErrors(page)), ...(await axeProblems(page)));
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
  } finally {
    page.removeAllListeners();
    await page.close();
  }
  return problems;
}

/**
 * The keeper (see the top of this file): a page that renders a story, so MSW registers its
 * worker and this page is the worker's client for the whole run. Resolves once the page is
 * controlled by the worker (MSW's start ends after the worker activated and claimed its
 * clients). Without a story in the index (a filter that keeps only Foundations pages) nothing
 * starts MSW, and no keeper is needed.
 */
async function openKeeper(context: BrowserContext, base: string, dir: string): Promise<void> {
  const story = indexEntries(dir).find((e) => e.type === 'story' && e.id.includes(STORY_FILTER));
  if (!story) return;
  const keeper = await context.newPage();
  await keeper.goto(`${base}/iframe.html?viewMode=story&id=${encodeURIComponent(story.id)}`, {
    waitUntil: 'load',
    timeout: PAGE_GUARD_MS,
  });
  await guard(
    keeper.evaluate(
      () =>
        new Promise<void>((resolve) => {
          if (navigator.serviceWorker.controller) return resolve();
          navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), {
            once: true,
          });
        }),
    ),
    `MSW's worker controlling ${story.id}`,
  );
}

/**
 * Checks every docs page of the served build, one per core at a time, each lane of pages in a
 * browser context of its own (see the top of this file), and prints one line per page. Returns
 * the counts.
 */
export async function checkDocsPages(
  storybook: StaticStorybook,
): Promise<{ passed: number; failed: number; seconds: number }> {
  const started = Date.now();
  const queue = docsPages(storybook.dir);
  const total = queue.length;
  console.log(`checking ${total} docs pages`);
  const browser = await launchChromium();
  let failed = 0;
  try {
    await Promise.all(
      Array.from({ length: availableParallelism() }, async () => {
        // A context per lane: see "One docs page at a time per context" at the top.
        const context = await browser.newContext(CONTEXT_OPTIONS);
        await context.addInitScript({ path: AXE_CORE });
        await openKeeper(context, storybook.url, storybook.dir);
        for (let docs = queue.shift(); docs; docs = queue.shift()) {
          const pageStarted = Date.now();
          const problems = await checkPage(context, storybook.url, docs);
          const seconds = ((Date.now() - pageStarted) / 1000).toFixed(1);
          if (problems.length === 0) {
            console.log(`  ok      ${docs.id} (${seconds} s)`);
          } else {
            failed++;
            console.log(`  FAILED  ${docs.id} (${seconds} s)`);
            for (const problem of problems) console.log(`          ${problem}`);
          }
        }
      }),
    );
  } finally {
    await browser.close();
  }
  const seconds = (Date.now() - started) / 1000;
  console.log(`docs pages: ${total - failed} passed, ${failed} failed in ${seconds.toFixed(1)} s`);
  return { passed: total - failed, failed, seconds };
}

if (import.meta.main) {
  const storybook = await openStaticStorybook();
  try {
    const { failed } = await checkDocsPages(storybook);
    process.exitCode = failed > 0 ? 1 : 0;
  } finally {
    await storybook.close();
  }
}
