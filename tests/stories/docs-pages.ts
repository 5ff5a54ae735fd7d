/**
 * Docs pages check: every docs entry of Storybook (the autodocs page of each stories file, the
 * Introduction and the Foundations MDX pages) shows its own content in Chromium: its title, its
 * description (the component's JSDoc), its props table where Storybook shows one, and one block
 * per story of its file pointing at that story's id; with no console or page error, no HTTP error
 * answer, and no serious or critical axe violation. tests/stories/run.ts runs it after the story
 * tests, on the same build and server; alone:
 *
 *   node tests/stories/docs-pages.ts                builds Storybook, checks every docs page
 *   STORYBOOK_STATIC=<dir> node …                   reuse an existing static build (no build)
 *   STORY_FILTER=ui-button node …                   only docs pages whose id contains the text
 *
 * The stories themselves are not rendered here. Each of them is rendered, checked with axe and
 * compared pixel by pixel in its own iframe by the story tests just before; a docs page shows the
 * same story in the same kind of iframe. So the story iframes of a docs page get an empty
 * document (the route below), and the check waits for no story's render or play. Inline stories
 * (primitives rendered in the page itself) do render, and are checked with the page. Before
 * (until 2026-11-29) every docs page waited for each of its iframes to finish its story: 235 s of
 * a 652 s `npm test` for 74 pages, rendering the 606 stories a second time (issue 41's decision).
 *
 * A page whose stories file has a story tagged `expected-console-errors` (or
 * `expected-http-errors`) may log console errors (or get 4xx/5xx answers from `/be/api/`), as its
 * stories may in the story tests.
 *
 * MSW. The docs page's own preview starts MSW, whose worker unregisters itself when its last
 * client closes (CLIENT_CLOSE on pagehide with no other client); going from one docs page to the
 * next could then leave the next page's registration rejected ("Failed to update a ServiceWorker
 * … Not found", a page error), by timing. One page of each context (the keeper) renders a story,
 * registers the worker and stays its client until the run ends, so the worker never sees its
 * last client go. Each lane of pages has a context of its own and one page, which moves from
 * docs entry to docs entry as the test-runner moves from story to story (`showDocs`).
 */
import { availableParallelism } from 'node:os';
import type { BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../support/chromium.ts';
import { STORY_LIMIT_MS } from '../support/limits.ts';
import { AXE_CORE, CONTEXT_OPTIONS, seriousAxeFindings } from './browser.ts';
import {
  indexEntries,
  openStaticStorybook,
  STORY_FILTER,
  type StaticStorybook,
} from './static-storybook.ts';

/** Marks the keeper's story in its URL, so that it is rendered (see `openKeeper`). */
const KEEPER = 'memoria-keeper';

/** What a story's iframe on a docs page gets instead of the story. */
const STORY_PLACEHOLDER =
  '<!doctype html><html lang="en"><head><title>Story</title></head><body></body></html>';

/** A guard against a hung page, not a speed limit: a docs page is a story's worth of work. */
const PAGE_GUARD_MS = STORY_LIMIT_MS;

/** The docs entries to check, each with its stories and what its stories file allows. */
function docsPages(dir: string) {
  const all = indexEntries(dir);
  const tagged = (importPath: string, tag: string) =>
    all.some((e) => e.importPath === importPath && e.type === 'story' && e.tags?.includes(tag));
  return all
    .filter((e) => e.type === 'docs' && e.id.includes(STORY_FILTER))
    .map((e) => ({
      id: e.id,
      /** The component's name, the last part of the title (autodocs pages); MDX pages: none. */
      title: e.importPath.endsWith('.mdx') ? undefined : e.title.split('/').at(-1),
      /** The stories the page shows: its file's stories that autodocs includes. */
      stories: all
        .filter(
          (s) =>
            s.type === 'story' && s.importPath === e.importPath && s.tags?.includes('autodocs'),
        )
        .map((s) => s.id),
      allowConsoleErrors: tagged(e.importPath, 'expected-console-errors'),
      allowApiErrors: tagged(e.importPath, 'expected-http-errors'),
    }));
}

type DocsPage = ReturnType<typeof docsPages>[number];

/**
 * In the page: resolves when the docs content is there with a block for each of `stories` and
 * every inline story has rendered. Each change of the page runs the check again: no polling, no
 * timer.
 */
function docsShown(stories: string[]): Promise<void> {
  return new Promise((resolve) => {
    /**
     * An inline story has rendered once its inner element has content and Storybook's "Content
     * is loading..." status is gone: the story block exists, sized by its min-height, before
     * that. A story shown in an iframe has its iframe.
     */
    const storyShown = (story: Element) => {
      if (story.querySelector('iframe')) return true;
      const inner = story.querySelector(':scope > [id$="-inner"]');
      if (!inner) return story.childNodes.length > 0;
      return inner.childElementCount > 0 && !story.querySelector(':scope > [role="status"]');
    };
    const done = () => {
      if (!document.querySelector('#storybook-docs .sbdocs-content')) return false;
      const blocks = [...document.querySelectorAll('#storybook-docs .sb-story')];
      return (
        stories.every((id) => document.getElementById(`story--${id}`)) && blocks.every(storyShown)
      );
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
 * In the page: what the docs page shows against what its entry says it must: the title, the
 * description, the props table's rows where there is one, and each story's block pointing at its
 * own story (an iframe of that id, or the inline story of that id).
 */
function contentProblems(expected: { title?: string; stories: string[] }): string[] {
  const problems: string[] = [];
  const docs = document.querySelector('#storybook-docs .sbdocs-content');
  const heading = docs?.querySelector('h1')?.textContent?.trim();
  if (!heading) problems.push('no title');
  else if (expected.title && heading !== expected.title) {
    problems.push(`title "${heading}", expected "${expected.title}"`);
  }
  const description = docs?.querySelector('p')?.textContent?.trim();
  if (!description) problems.push('no description');
  const table = docs?.querySelector('.docblock-argstable');
  if (table && table.querySelectorAll('tbody tr').length === 0) problems.push('empty props table');
  for (const id of expected.stories) {
    const block = document.getElementById(`story--${id}`);
    const frame = block?.querySelector('iframe');
    if (!block) problems.push(`no block for the story ${id}`);
    else if (frame) {
      const shown = new URL(frame.getAttribute('src') ?? '', location.href).searchParams.get('id');
      if (shown !== id) problems.push(`the block of ${id} shows ${shown}`);
    }
  }
  return problems;
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

/**
 * One axe run for the docs page (its story iframes removed first: see `checkPage`), in the page
 * with axe-core already there (an init script). Measured on ui-dialog's page, AxeBuilder's
 * default (inject the 550 KB script into each frame, run each frame, finish in a second page) took
 * 25.6 s of the page's main-thread time, one run in the page 3.3 s.
 */
function axeProblems(page: Page): Promise<string[]> {
  return page.evaluate(seriousAxeFindings, {
    include: '#storybook-docs',
    // Storybook's own props-table controls (an object editor whose <li>s have no list, selects
    // without a name): Storybook's interface, not ours, and the same on every page.
    exclude: '.docblock-argstable',
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

/**
 * In the page: shows the docs entry `id` in this preview without loading the page again, as the
 * test-runner moves from story to story (SET_CURRENT_STORY on the preview's channel); resolves
 * on DOCS_RENDERED for that entry. A page load per docs page parsed and ran the whole preview
 * bundle again: most of the 3.5 s each of 84 pages took (145 s of `npm test`, 2026-11-29).
 */
function showDocs(id: string): Promise<void> {
  type Channel = {
    on(event: string, listener: (payload: unknown) => void): void;
    off(event: string, listener: (payload: unknown) => void): void;
    emit(event: string, payload: unknown): void;
  };
  const channel = (globalThis as unknown as { __STORYBOOK_ADDONS_CHANNEL__: Channel })
    .__STORYBOOK_ADDONS_CHANNEL__;
  return new Promise((resolve, reject) => {
    const rendered = (payload: unknown) => {
      if (payload !== id) return;
      stop();
      resolve();
    };
    const missing = (payload: unknown) => {
      if (payload !== id) return;
      stop();
      reject(new Error(`Storybook has no docs entry ${id}`));
    };
    const stop = () => {
      channel.off('docsRendered', rendered);
      channel.off('storyMissing', missing);
    };
    channel.on('docsRendered', rendered);
    channel.on('storyMissing', missing);
    channel.emit('setCurrentStory', { storyId: id, viewMode: 'docs' });
  });
}

/** The page a lane of docs pages is checked on, and the entry it is checking now. */
interface DocsLane {
  page: Page;
  current: DocsPage | undefined;
  problems: string[];
  loaded: boolean;
}

/** Opens a lane's page, whose listeners report to the entry the lane is checking. */
async function openLane(context: BrowserContext): Promise<DocsLane> {
  const lane: DocsLane = {
    page: await context.newPage(),
    current: undefined,
    problems: [],
    loaded: false,
  };
  lane.page.on('console', (message) => {
    if (message.type() !== 'error' || lane.current?.allowConsoleErrors) return;
    const text = message.text();
    // The failing URL is reported by the response listener (a 404 logs this line without it).
    if (/favicon|^Failed to load resource/.test(text)) return;
    lane.problems.push(`console error: ${text.slice(0, 500)}`);
  });
  lane.page.on('pageerror', (error) => {
    if (!lane.current?.allowConsoleErrors) {
      lane.problems.push(`page error: ${error.message.slice(0, 500)}`);
    }
  });
  lane.page.on('response', (response) => {
    const url = response.url();
    if (response.status() < 400 || /favicon/.test(url)) return;
    if (lane.current?.allowApiErrors && new URL(url).pathname.startsWith('/be/api/')) return;
    lane.problems.push(`HTTP ${response.status()} ${url}`);
  });
  return lane;
}

/** Checks one docs page on its lane's page; returns its problems. */
async function checkPage(lane: DocsLane, base: string, docs: DocsPage): Promise<string[]> {
  lane.current = docs;
  lane.problems = [];
  const { page } = lane;
  const problems: string[] = [];
  try {
    if (!lane.loaded) {
      await page.goto(`${base}/iframe.html?viewMode=docs&id=${encodeURIComponent(docs.id)}`, {
        waitUntil: 'load',
        timeout: PAGE_GUARD_MS,
      });
      lane.loaded = true;
    } else {
      await guard(page.evaluate(showDocs, docs.id), `docs entry ${docs.id} rendered`);
    }
    await guard(page.evaluate(docsShown, docs.stories), 'docs page shown with its story blocks');
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
    problems.push(
      ...(await page.evaluate(contentProblems, { title: docs.title, stories: docs.stories })),
    );
    // The story iframes (empty documents, their blocks checked above) go before axe: axe asks
    // every frame of the page for its findings, and a frame Storybook has not loaded yet (below
    // the fold) held AxeBuilder 30 s on the arena pages.
    await page.evaluate(() => {
      for (const frame of document.querySelectorAll('#storybook-docs iframe')) frame.remove();
    });
    problems.push(...(await axeProblems(page)));
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
    // The next entry starts from a fresh load: this page's state is unknown.
    lane.loaded = false;
  }
  lane.current = undefined;
  return [...problems, ...lane.problems];
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
  const url = `${base}/iframe.html?viewMode=story&id=${encodeURIComponent(story.id)}&${KEEPER}`;
  await keeper.goto(url, {
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
export interface DocsPageFailure {
  id: string;
  problems: string[];
}

export async function checkDocsPages(
  storybook: StaticStorybook,
): Promise<{ passed: number; failed: number; seconds: number; failures: DocsPageFailure[] }> {
  const started = Date.now();
  const queue = docsPages(storybook.dir);
  const total = queue.length;
  console.log(`checking ${total} docs pages`);
  const browser = await launchChromium();
  const failures: DocsPageFailure[] = [];
  try {
    await Promise.all(
      Array.from({ length: availableParallelism() }, async () => {
        // A context per lane: see "One docs page at a time per context" at the top.
        const context = await browser.newContext(CONTEXT_OPTIONS);
        await context.addInitScript({ path: AXE_CORE });
        // Each story's iframe gets an empty document: the story tests have rendered and checked
        // every story already (see the top of this file). On the context, not the page: once
        // MSW's worker controls the pages, their iframes' documents are fetched by the worker,
        // which only the context's routes see. The keeper's own story is let through.
        await context.route(/\/iframe\.html\?.*viewMode=story/, (route) =>
          new URL(route.request().url()).searchParams.has(KEEPER)
            ? route.continue()
            : route.fulfill({ contentType: 'text/html', body: STORY_PLACEHOLDER }),
        );
        await openKeeper(context, storybook.url, storybook.dir);
        const lane = await openLane(context);
        for (let docs = queue.shift(); docs; docs = queue.shift()) {
          const pageStarted = Date.now();
          const problems = await checkPage(lane, storybook.url, docs);
          const seconds = ((Date.now() - pageStarted) / 1000).toFixed(1);
          if (problems.length === 0) {
            console.log(`  ok      ${docs.id} (${seconds} s)`);
          } else {
            failures.push({ id: docs.id, problems });
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
  const failed = failures.length;
  console.log(`docs pages: ${total - failed} passed, ${failed} failed in ${seconds.toFixed(1)} s`);
  return { passed: total - failed, failed, seconds, failures };
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
