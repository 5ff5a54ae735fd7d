/**
 * Story tests (`test-storybook`, run by tests/stories/run.ts): every story renders in
 * Chromium, logs no console or page error, answers no unexpected HTTP error, passes axe with no
 * serious or critical violation, and looks like its baseline in tests/visual/baselines.
 *
 * Each part of about 100 stories (whole stories files, grouped by the index the static server
 * gives test-storybook: tests/stories/static-storybook.ts) is one Jest test file with one browser
 * context and one page: the page loads iframe.html once and the test-runner renders story after
 * story in it. That is also why MSW's service worker is registered once per context: a page load
 * per story made the worker of the previous load unregister itself (its last client closed) while
 * the next load was updating the same registration ("Failed to update a ServiceWorker … Not
 * found").
 *
 * Tags read from the story: `expected-console-errors` (console and page errors allowed),
 * `expected-http-errors` (4xx/5xx answers from `/be/api/` allowed), `skip-story-test`.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestContext, TestRunnerConfig } from '@storybook/test-runner';
import { type MatchImageSnapshotOptions, toMatchImageSnapshot } from 'jest-image-snapshot';
import type { Page, Request } from 'playwright-core';
import {
  AXE_CORE,
  seriousAxeFindings,
  sidewaysOverflow,
  VIEWPORTS,
} from '../tests/stories/browser.ts';
import { TEST_RUNNER_HEADER } from '../tests/stories/static-storybook.ts';
import { STEP_LIMIT_MS, STORY_LIMIT_MS } from '../tests/support/limits.ts';
import { FIXED_NOW } from './fixtures.ts';
import type { QueryHandovers } from './query-handovers.ts';

const ROOT = new URL('..', import.meta.url).pathname;

/** Baseline `<story id>.png` files; a failing story's actual and diff images go to __diff__. */
const BASELINES = `${ROOT}tests/visual/baselines`;
const FAILURES = `${ROOT}tests/visual/__diff__`;

const IMAGE_MATCH: MatchImageSnapshotOptions = {
  customSnapshotsDir: BASELINES,
  customDiffDir: FAILURES,
  storeReceivedOnFailure: true,
  customReceivedDir: FAILURES,
  // pixelmatch's per-pixel colour threshold (anti-aliased pixels are not counted), and no pixel
  // past it. Renders of one story differ from run to run by at most 3 pixels, each well within the
  // colour threshold. The 0.1 % of pixels allowed before let whole changes through: a new "More"
  // button, a hint line and a sidebar entry each stayed under it (2026-11-30).
  customDiffConfig: { threshold: 0.1 },
  failureThreshold: 0,
  failureThresholdType: 'pixel',
};

/**
 * No motion, no caret, one font (the self-hosted Inter) for every story; emoji, which Inter has
 * not, fall to the product's own Noto Color Emoji (duel pictures), never to the machine's fonts.
 */
const STABLE_CSS = `
*, *::before, *::after { animation: none !important; transition: none !important; caret-color: transparent !important; }
html, body, #storybook-root, #storybook-root * { font-family: 'Inter Variable', 'Noto Color Emoji', sans-serif !important; }
`;

interface PageWatch {
  problems: string[];
  allowConsoleErrors: boolean;
  allowApiErrors: boolean;
  /** The story renders at the phone's width, which it must fit (no sideways scroll). */
  phone: boolean;
  /** Requests the page has started and not yet finished (event streams excluded). */
  inFlight: Set<Request>;
  onIdle: Array<() => void>;
}

const watches = new WeakMap<Page, PageWatch>();

function watch(page: Page): PageWatch {
  const state: PageWatch = {
    problems: [],
    allowConsoleErrors: false,
    allowApiErrors: false,
    phone: false,
    inFlight: new Set(),
    onIdle: [],
  };
  const settle = (request: Request) => {
    if (!state.inFlight.delete(request) || state.inFlight.size > 0) return;
    for (const resolve of state.onIdle.splice(0)) resolve();
  };
  page.on('request', (request) => {
    if (!['eventsource', 'websocket'].includes(request.resourceType())) state.inFlight.add(request);
  });
  page.on('requestfinished', settle);
  page.on('requestfailed', (request) => {
    settle(request);
    // A request the page cancelled itself is not a failure (a status is the response listener's
    // to check). TanStack Query cancels the fetch of a story being replaced: on the official CI a
    // slow story outlived the duel requests' 10 s poll, and its cancelled fetch failed the next
    // story (DuelsHome Dark: "net::ERR_ABORTED").
    if (request.failure()?.errorText === 'net::ERR_ABORTED') return;
    if (!/favicon/.test(request.url())) {
      state.problems.push(`request failed ${request.url()}: ${request.failure()?.errorText ?? ''}`);
    }
  });
  page.on('console', (message) => {
    if (message.type() !== 'error' || state.allowConsoleErrors) return;
    const text = message.text();
    // The failing URL is reported by the response listener (a 404 logs this line without it).
    if (/favicon|^Failed to load resource/.test(text)) return;
    state.problems.push(`console error: ${text.slice(0, 500)}`);
  });
  page.on('pageerror', (error) => {
    if (!state.allowConsoleErrors)
      state.problems.push(`page error: ${error.message.slice(0, 500)}`);
  });
  page.on('response', (response) => {
    const url = response.url();
    const expected = state.allowApiErrors && url.includes('/be/api/');
    if (response.status() >= 400 && !expected && !/favicon/.test(url)) {
      state.problems.push(`HTTP ${response.status()} ${url.replace(/^https?:\/\/[^/]+/, '')}`);
    }
  });
  watches.set(page, state);
  return state;
}

function watchOf(page: Page): PageWatch {
  return watches.get(page) ?? watch(page);
}

/** Resolves once the page has no request in flight (at once when it has none). */
function networkSettled(state: PageWatch): Promise<void> {
  if (state.inFlight.size === 0) return Promise.resolve();
  return new Promise((resolve) => state.onIdle.push(resolve));
}

/**
 * In the story's page: the story's data has arrived and what it caused is rendered. Web fonts
 * loaded; no query or mutation in flight in the story's QueryClients (registered by the story
 * decorators in packages/features/shared/test/storybook.tsx) nor in the page's shared one, and no
 * answer waiting to be handed to React (TanStack Query does that in a later task; the preview
 * counts them, .storybook/query-handovers.ts); no card media being read from the browser's kept
 * copies or fetched (packages/api/src/media.ts counts them) nor waiting to be rendered (no
 * `data-media-pending` element, packages/ui's useResolvedSrc); images decoded; then two animation
 * frames, and the whole check again, so work the render started (a query enabled by another's
 * answer) is waited for the same way. Every wait ends on an event, never a timer.
 *
 * The frames are those of Playwright's clock (`setFixedTime` in `prepare` installs it, and it
 * runs the page's timers and animation frames in its own order), not the browser's paints; the
 * screenshot waits for a paint itself. So nothing here may rely on one task coming before a
 * frame: an answer that arrived and was handed over after the last frame was shot as its
 * skeleton before the hand-overs were counted.
 *
 * This runs in the page because the page knows first: Playwright's request events cross the
 * browser's processes and can reach this side after a frame the request was started in, and an
 * answer that has arrived is still parsed and rendered after `requestfinished`.
 */
function settledInPage(): Promise<void> {
  type Client = {
    isFetching(): number;
    isMutating(): number;
    getQueryCache(): { subscribe(listener: () => void): () => void };
    getMutationCache(): { subscribe(listener: () => void): () => void };
  };
  const scope = globalThis as unknown as Record<symbol, unknown>;
  const handovers = scope[Symbol.for('memoria.queryHandovers')] as QueryHandovers | undefined;
  // Card media read from the browser's kept copies before any request (packages/api/src/media.ts).
  const media = scope[Symbol.for('memoria.mediaLoads')] as QueryHandovers | undefined;
  const clients = (): Client[] => {
    const story = (scope[Symbol.for('memoria.storyQueryClients')] as Set<Client>) ?? new Set();
    const shared = scope[Symbol.for('memoria.queryClient')] as Client | undefined;
    return shared ? [...story, shared] : [...story];
  };
  const busy = () =>
    (handovers?.pending ?? 0) > 0 ||
    (media?.pending ?? 0) > 0 ||
    clients().some((c) => c.isFetching() > 0 || c.isMutating() > 0);
  const queriesIdle = () =>
    new Promise<void>((resolve) => {
      if (!busy()) return resolve();
      const stops: Array<() => void> = [];
      const check = () => {
        if (busy()) return;
        for (const stop of stops.splice(0)) stop();
        resolve();
      };
      for (const c of clients()) {
        stops.push(c.getQueryCache().subscribe(check), c.getMutationCache().subscribe(check));
      }
      for (const work of [handovers, media]) {
        work?.onIdle.add(check);
        stops.push(() => work?.onIdle.delete(check));
      }
    });
  const loading = () => [...document.images].filter((img) => !img.complete);
  // An element still waiting for its media address (useResolvedSrc's `pending`): its load may
  // have ended, and left the count above, before React renders the image it brought.
  const awaitingMedia = () => document.querySelector('[data-media-pending]') !== null;
  const imagesDecoded = () =>
    Promise.all(loading().map((img) => img.decode().catch(() => undefined)));
  const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
  return (async () => {
    await Promise.all([
      document.fonts.load('400 16px "Inter Variable"'),
      document.fonts.load('700 16px "Inter Variable"'),
    ]);
    await document.fonts.ready;
    do {
      await queriesIdle();
      await imagesDecoded();
      await frame();
      await frame();
    } while (busy() || loading().length > 0 || awaitingMedia());
  })();
}

/**
 * The story has rendered (the test-runner resolved on STORY_FINISHED, after the play function);
 * what remains is what it started: web fonts, API answers and images, and the renders they
 * cause. Requests outside TanStack Query are seen from here as Playwright reports them.
 */
async function rendered(page: Page, state: PageWatch): Promise<void> {
  await page.evaluate(settledInPage);
  while (state.inFlight.size > 0) {
    await networkSettled(state);
    await page.evaluate(settledInPage);
  }
}

/** The story root plus every open overlay (dialogs, menus, tooltips, snackbars), padded. */
function screenshotClip(page: Page) {
  return page.evaluate(() => {
    const rects: DOMRect[] = [];
    const root = document.querySelector('#storybook-root');
    if (root) rects.push(root.getBoundingClientRect());
    for (const el of document.querySelectorAll('[data-overlay], dialog[open], [role="tooltip"]')) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.height > 0) rects.push(r);
    }
    const pad = 16;
    const doc = document.documentElement;
    const maxW = Math.max(doc.scrollWidth, window.innerWidth);
    const maxH = Math.max(doc.scrollHeight, window.innerHeight);
    const x = Math.max(0, Math.floor(Math.min(...rects.map((r) => r.left + scrollX)) - pad));
    const y = Math.max(0, Math.floor(Math.min(...rects.map((r) => r.top + scrollY)) - pad));
    const right = Math.min(maxW, Math.ceil(Math.max(...rects.map((r) => r.right + scrollX)) + pad));
    const bottom = Math.min(
      maxH,
      Math.ceil(Math.max(...rects.map((r) => r.bottom + scrollY)) + pad),
    );
    return { x, y, width: Math.max(1, right - x), height: Math.max(1, bottom - y) };
  });
}

/** Jest's `expect` with jest-image-snapshot's matcher (registered in `setup`). */
type ImageExpect = (actual: Buffer) => {
  toMatchImageSnapshot(options: MatchImageSnapshotOptions): void;
};
type JestExpect = ImageExpect & { extend(matchers: Record<string, unknown>): void };
const jestExpect = () => (globalThis as unknown as { expect: JestExpect }).expect;

const sameClip = (a: Clip, b: Clip) =>
  a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
const describeClip = (c: Clip) => `${c.width}×${c.height} at ${c.x},${c.y}`;
type Clip = Awaited<ReturnType<typeof screenshotClip>>;

/**
 * One screenshot, checked after the fact: the clip is measured again once it is taken, and a
 * layout that moved in between fails the story (its render signal came before its last render)
 * instead of being shot again.
 */
async function visualProblems(page: Page, context: TestContext): Promise<string[]> {
  const clip = await screenshotClip(page);
  const shot = await page.screenshot({
    clip,
    fullPage: true,
    animations: 'disabled',
    caret: 'hide',
    scale: 'css',
  });
  const after = await screenshotClip(page);
  const problems = sameClip(clip, after)
    ? []
    : [
        `the layout moved while it was shot (${describeClip(clip)}, then ${describeClip(after)}): ` +
          'something rendered after the story reported its data settled',
      ];
  if (sameAsBaseline(context.id, shot)) return problems;
  try {
    jestExpect()(shot).toMatchImageSnapshot({
      ...IMAGE_MATCH,
      customSnapshotIdentifier: context.id,
    });
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
  }
  return problems;
}

/**
 * A screenshot byte for byte the same as its baseline shows the same pixels, so it passes without
 * the matcher: jest-image-snapshot decodes both PNGs and compares them pixel by pixel in a Node
 * process it starts per call, which took 0.2–1 s a story (most of a story's time on full pages).
 * The baselines are Chromium's own PNGs (the matcher writes the screenshot it is given), so an
 * unchanged story gives the same bytes; anything else goes to the matcher, which decides. The
 * matcher also clears the story's old failure images before it compares; so does this path.
 */
function sameAsBaseline(id: string, shot: Buffer): boolean {
  let baseline: Buffer;
  try {
    baseline = readFileSync(join(BASELINES, `${id}.png`));
  } catch {
    return false; // no baseline: the matcher writes it, or fails under CI
  }
  if (!shot.equals(baseline)) return false;
  for (const file of [`${id}-received.png`, `${id}-diff.png`]) {
    rmSync(join(FAILURES, file), { force: true });
  }
  return true;
}

/**
 * In the page: what the hooks read of a story, its tags and the viewport of its globals. Not the
 * test-runner's `getStoryContext`, which sends the whole prepared story (parameters, arg types,
 * the module's exports: about 217 KB a story) to be serialised, validated and parsed, only for
 * these two fields: 23 ms of the Jest worker's CPU a story, besides the page's work to serialise.
 */
async function storyTraits(storyId: string): Promise<{ tags: string[]; viewport?: string }> {
  type Story = { tags: string[]; storyGlobals?: { viewport?: { value?: string } | string } };
  const preview = (globalThis as unknown as Record<string, unknown>).__STORYBOOK_PREVIEW__ as {
    storyStore: { loadStory(options: { storyId: string }): Promise<Story> };
  };
  const story = await preview.storyStore.loadStory({ storyId });
  const viewport = story.storyGlobals?.viewport;
  return { tags: story.tags, viewport: typeof viewport === 'string' ? viewport : viewport?.value };
}

/**
 * Stories this test file has started. The code test-storybook generates for each story runs it
 * again, on a new page, when the first run failed with "Execution context was destroyed"; no
 * option turns that off, so a second start fails the story here instead of passing on a retry.
 */
const started = new Set<string>();

const config: TestRunnerConfig = {
  tags: { exclude: ['skip-story-test'] },
  // Sent with test-storybook's request for index.json (never by the page: `prepare` below replaces
  // the one that would): the server then groups the stories into a few large test files.
  getHttpHeaders: async () => ({ [TEST_RUNNER_HEADER]: '1' }),
  setup() {
    jestExpect().extend({ toMatchImageSnapshot });
  },
  // The test-runner's own preparation (open iframe.html once) after fixing the context's clock.
  async prepare({ page, browserContext }) {
    // The same FIXED_NOW the preview starts its clock at. Playwright's clock also takes over the
    // page's timers and animation frames; they keep running in real time (see settledInPage).
    await browserContext.clock.setFixedTime(FIXED_NOW);
    await browserContext.addInitScript({ path: AXE_CORE });
    watchOf(page);
    const targetUrl = process.env.TARGET_URL;
    if (!targetUrl) throw new Error('TARGET_URL is not set (run through test-storybook)');
    // Guards against a hang, not speed limits (tests/support/limits.ts): on two busy cores
    // Playwright's default 30 s was not enough for iframe.html and its bundles.
    browserContext.setDefaultTimeout(STEP_LIMIT_MS);
    await page.goto(new URL('iframe.html', targetUrl).toString(), {
      waitUntil: 'load',
      timeout: STORY_LIMIT_MS,
    });
    await page.addStyleTag({ content: STABLE_CSS });
  },
  async preVisit(page, context) {
    if (started.has(context.id)) {
      throw new Error(
        `${context.id} was started a second time: the test-runner re-runs a story after ` +
          '"Execution context was destroyed" (the page navigated while it rendered). ' +
          'There is no retry: find what navigates the story page.',
      );
    }
    started.add(context.id);
    const state = watchOf(page);
    const story = await page.evaluate(storyTraits, context.id);
    state.problems = [];
    state.allowConsoleErrors = story.tags.includes('expected-console-errors');
    state.allowApiErrors = story.tags.includes('expected-http-errors');
    // Phone and laptop stories (`globals: { viewport: { value: 'phone' } }`) render at their size.
    const width = story.viewport;
    state.phone = width === 'phone';
    const size = state.phone
      ? VIEWPORTS.phone
      : width === 'laptop'
        ? VIEWPORTS.laptop
        : VIEWPORTS.desktop;
    // Playwright sends a resize even to the size the page has: a round trip to the browser.
    const current = page.viewportSize();
    if (current?.width !== size.width || current.height !== size.height) {
      await page.setViewportSize(size);
    }
  },
  async postVisit(page, context) {
    if (context.hasFailure) return;
    const state = watchOf(page);
    await rendered(page, state);
    const hasContent = await page.evaluate(() => {
      const root = document.querySelector('#storybook-root');
      return !!root && (root.children.length > 0 || (root.textContent ?? '').trim().length > 0);
    });
    const problems = hasContent ? [] : ['story root is empty'];
    // A phone layout wider than the phone: the screenshot, clipped to the window, hides it.
    if (state.phone) problems.push(...(await page.evaluate(sidewaysOverflow)));
    problems.push(...(await visualProblems(page, context)));
    problems.push(...(await page.evaluate(seriousAxeFindings, { include: '#storybook-root' })));
    problems.push(...state.problems);
    if (problems.length > 0) throw new Error(problems.join('\n'));
  },
};

export default config;
