/**
 * Story tests: every Storybook story renders in a real Chromium, logs no console error, passes
 * axe with no serious or critical violation, and looks like its committed baseline screenshot.
 *
 *   node tests/stories/run.ts                  build Storybook once, test every story
 *   STORYBOOK_STATIC=storybook-static node …   reuse an existing static build (no build)
 *   UPDATE_BASELINES=1 node …                  rewrite tests/visual/baselines/*.png
 *   STORY_FILTER=ui-button node …              only stories whose id contains the text
 *   CI=true                                    a missing baseline fails instead of being created
 *
 * Why a playwright-core script rather than @storybook/test-runner: the test-runner runs through
 * Jest (jest-playwright), which starts one browser per Jest worker, transforms its generated
 * tests with SWC and expects Playwright's own browser downloads unless launch options are
 * overridden in a custom Jest config; on this 2-core machine that is several seconds of
 * overhead and a second configuration surface, for what is here one loop. This script drives
 * Debian's Chromium (/usr/bin/chromium) directly with one browser and two pages, needs no
 * network, and prints the one summary line `npm test` reads.
 */
import { spawnSync } from 'node:child_process';
import {
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize, resolve, sep } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import pixelmatch from 'pixelmatch';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { FIXED_NOW } from '../../.storybook/fixtures.ts';
import { launchChromium } from '../support/chromium.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const BASELINES = join(ROOT, 'tests/visual/baselines');
const DIFFS = join(ROOT, 'tests/visual/__diff__');

/** `--report=<file>`: where `npm test` reads the counts from. */
const REPORT = process.argv.find((a) => a.startsWith('--report='))?.slice('--report='.length);
const CI = process.env.CI === 'true' || process.env.CI === '1';
const UPDATE = process.env.UPDATE_BASELINES === '1' || process.env.UPDATE_BASELINES === 'true';
const FILTER = process.env.STORY_FILTER ?? '';
const CONCURRENCY = Number(process.env.STORY_CONCURRENCY ?? 2);
const TIMEOUT_MS = 30_000;
/** More failures than this are not retried: something is broken, not flaky. */
const MAX_RETRIES = 5;
/** pixelmatch per-pixel colour threshold and the share of differing pixels that fails. */
const PIXEL_THRESHOLD = 0.1;
const MAX_DIFF_RATIO = 0.001;
const VIEWPORTS = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

/** Injected into every story page: no motion, no caret, one font (the self-hosted Inter). */
const STABLE_CSS = `
*, *::before, *::after { animation: none !important; transition: none !important; caret-color: transparent !important; }
html, body, #storybook-root, #storybook-root * { font-family: 'Inter Variable', sans-serif !important; }
`;

interface IndexEntry {
  type: 'story' | 'docs';
  id: string;
  title: string;
  name: string;
  tags?: string[];
}

interface Result {
  id: string;
  ok: boolean;
  problems: string[];
  ms: number;
  note?: string;
}

function buildStorybook(): string {
  const fromEnv = process.env.STORYBOOK_STATIC;
  if (fromEnv) return resolve(ROOT, fromEnv);
  // A folder of its own per run: a concurrent build (another run, `npm run build-storybook`)
  // must not swap files under the pages being tested.
  const out = mkdtempSync(join(tmpdir(), 'memoria-storybook-'));
  const bin = join(ROOT, 'node_modules/.bin/storybook');
  console.log(`building Storybook (storybook build -o ${out} --quiet)…`);
  const started = Date.now();
  const run = spawnSync(bin, ['build', '-o', out, '--quiet'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1' },
  });
  if (run.status !== 0) {
    // The build's own output only when it fails (it is long and full of size warnings).
    console.error(run.stdout, run.stderr);
    console.error('Storybook build failed');
    console.log('stories: 0 passed, 1 failed');
    process.exit(1);
  }
  console.log(`built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return out;
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
};

function serve(dir: string): Promise<Server> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    let path = normalize(join(dir, decodeURIComponent(url.pathname)));
    if (!path.startsWith(dir + sep) && path !== dir) {
      res.writeHead(403).end();
      return;
    }
    if (existsSync(path) && statSync(path).isDirectory()) path = join(path, 'index.html');
    if (!existsSync(path)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, {
      'content-type': MIME[extname(path)] ?? 'application/octet-stream',
      'cache-control': 'no-cache',
    });
    createReadStream(path).pipe(res);
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(server)));
}

function readPng(file: string): PNG {
  return PNG.sync.read(readFileSync(file));
}

function compare(id: string, actual: Buffer): { problem?: string; note?: string } {
  const baselineFile = join(BASELINES, `${id}.png`);
  if (UPDATE || !existsSync(baselineFile)) {
    if (!UPDATE && CI)
      return {
        problem: `no baseline tests/visual/baselines/${id}.png (run npm run test:visual:update)`,
      };
    mkdirSync(BASELINES, { recursive: true });
    writeFileSync(baselineFile, actual);
    return { note: UPDATE ? 'baseline updated' : 'baseline created' };
  }
  const expected = readPng(baselineFile);
  const got = PNG.sync.read(actual);
  const failWith = (problem: string) => {
    mkdirSync(DIFFS, { recursive: true });
    writeFileSync(join(DIFFS, `${id}.actual.png`), actual);
    return { problem };
  };
  if (expected.width !== got.width || expected.height !== got.height) {
    return failWith(
      `screenshot is ${got.width}×${got.height}, baseline ${expected.width}×${expected.height}`,
    );
  }
  const diff = new PNG({ width: got.width, height: got.height });
  const changed = pixelmatch(expected.data, got.data, diff.data, got.width, got.height, {
    threshold: PIXEL_THRESHOLD,
  });
  const ratio = changed / (got.width * got.height);
  if (ratio > MAX_DIFF_RATIO) {
    const result = failWith(
      `${changed} pixels (${(ratio * 100).toFixed(2)}%) differ from the baseline; see tests/visual/__diff__/${id}.diff.png`,
    );
    writeFileSync(join(DIFFS, `${id}.diff.png`), PNG.sync.write(diff));
    return result;
  }
  return {};
}

async function testStory(page: Page, base: string, entry: IndexEntry): Promise<Result> {
  const started = Date.now();
  const problems: string[] = [];
  const allowConsoleErrors = entry.tags?.includes('expected-console-errors') ?? false;
  // Error-state stories answer API calls with 4xx/5xx on purpose (MSW); other URLs still count.
  const allowApiErrors = entry.tags?.includes('expected-http-errors') ?? false;
  const onConsole = (msg: { type(): string; text(): string }) => {
    if (msg.type() !== 'error' || allowConsoleErrors) return;
    const text = msg.text();
    // The failing URL is reported by onResponse (a 404 logs this generic line without it).
    if (/favicon|^Failed to load resource/.test(text)) return;
    problems.push(`console error: ${text.slice(0, 500)}`);
  };
  const onPageError = (error: Error) => {
    if (!allowConsoleErrors) problems.push(`page error: ${error.message.slice(0, 500)}`);
  };
  const onResponse = (response: { status(): number; url(): string }) => {
    const expected = allowApiErrors && response.url().includes('/be/api/');
    if (response.status() >= 400 && !expected && !/favicon/.test(response.url())) {
      problems.push(`HTTP ${response.status()} ${response.url().replace(/^https?:\/\/[^/]+/, '')}`);
    }
  };
  const onRequestFailed = (request: { url(): string; failure(): { errorText: string } | null }) => {
    if (!/favicon/.test(request.url())) {
      problems.push(`request failed ${request.url()}: ${request.failure()?.errorText ?? ''}`);
    }
  };
  page.on('console', onConsole);
  page.on('requestfailed', onRequestFailed);
  page.on('pageerror', onPageError);
  page.on('response', onResponse);
  try {
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto(`${base}/iframe.html?id=${encodeURIComponent(entry.id)}&viewMode=story`, {
      waitUntil: 'load',
      timeout: TIMEOUT_MS,
    });
    await page.addStyleTag({ content: STABLE_CSS });
    const phase = await page
      .waitForFunction(
        () => {
          const w = window as unknown as {
            __STORYBOOK_PREVIEW__?: { currentRender?: { phase?: string } };
          };
          const p = w.__STORYBOOK_PREVIEW__?.currentRender?.phase;
          return p && ['finished', 'errored', 'aborted'].includes(p) ? p : false;
        },
        undefined,
        { timeout: TIMEOUT_MS, polling: 50 },
      )
      .then((handle) => handle.jsonValue());
    if (phase !== 'finished') {
      const message = await page
        .locator('#error-message, #error-stack')
        .allInnerTexts()
        .catch(() => []);
      problems.push(`story ${phase}: ${message.join(' ').slice(0, 500)}`);
    }
    const viewport = await page.evaluate(() => document.documentElement.dataset.viewport);
    if (viewport === 'phone') await page.setViewportSize(VIEWPORTS.phone);
    await page.evaluate(async () => {
      await Promise.all([
        document.fonts.load('400 16px "Inter Variable"'),
        document.fonts.load('700 16px "Inter Variable"'),
      ]);
      await document.fonts.ready;
    });
    await page.waitForLoadState('networkidle', { timeout: TIMEOUT_MS });
    const hasContent = await page.evaluate(() => {
      const root = document.querySelector('#storybook-root');
      return !!root && (root.children.length > 0 || (root.textContent ?? '').trim().length > 0);
    });
    if (!hasContent) problems.push('story root is empty');
    // Two frames so layout after the viewport change and font swap is painted.
    await page.evaluate(
      () => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => ok(null)))),
    );

    const axe = await new AxeBuilder({ page }).include('#storybook-root').analyze();
    for (const violation of axe.violations) {
      if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
      const targets = violation.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(', ');
      problems.push(`axe ${violation.impact} ${violation.id}: ${violation.help} [${targets}]`);
    }

    const clip = await page.evaluate(() => {
      const rects: DOMRect[] = [];
      const root = document.querySelector('#storybook-root');
      if (root) rects.push(root.getBoundingClientRect());
      for (const el of document.querySelectorAll(
        '[data-overlay], dialog[open], [role="tooltip"]',
      )) {
        const r = el.getBoundingClientRect();
        if (r.width > 0 && r.height > 0) rects.push(r);
      }
      const pad = 16;
      const doc = document.documentElement;
      const maxW = Math.max(doc.scrollWidth, window.innerWidth);
      const maxH = Math.max(doc.scrollHeight, window.innerHeight);
      const x = Math.max(0, Math.floor(Math.min(...rects.map((r) => r.left + scrollX)) - pad));
      const y = Math.max(0, Math.floor(Math.min(...rects.map((r) => r.top + scrollY)) - pad));
      const right = Math.min(
        maxW,
        Math.ceil(Math.max(...rects.map((r) => r.right + scrollX)) + pad),
      );
      const bottom = Math.min(
        maxH,
        Math.ceil(Math.max(...rects.map((r) => r.bottom + scrollY)) + pad),
      );
      return { x, y, width: Math.max(1, right - x), height: Math.max(1, bottom - y) };
    });
    const shot = await page.screenshot({
      clip,
      fullPage: true,
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
    });
    const visual = compare(entry.id, shot);
    if (visual.problem) problems.push(visual.problem);
    return {
      id: entry.id,
      ok: problems.length === 0,
      problems,
      ms: Date.now() - started,
      note: visual.note,
    };
  } catch (error) {
    problems.push(
      error instanceof Error ? (error.message.split('\n')[0] ?? String(error)) : String(error),
    );
    return { id: entry.id, ok: false, problems, ms: Date.now() - started };
  } finally {
    page.off('console', onConsole);
    page.off('pageerror', onPageError);
    page.off('response', onResponse);
    page.off('requestfailed', onRequestFailed);
  }
}

async function main() {
  const dir = buildStorybook();
  const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) as {
    entries: Record<string, IndexEntry>;
  };
  const stories = Object.values(index.entries).filter(
    (e) => e.type === 'story' && !e.tags?.includes('skip-story-test') && e.id.includes(FILTER),
  );
  if (existsSync(DIFFS) && !FILTER) rmSync(DIFFS, { recursive: true, force: true });

  const server = await serve(dir);
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  let browser: Browser | undefined;
  const results: Result[] = [];
  const started = Date.now();
  try {
    browser = await launchChromium();
    const openedBrowser = browser;
    // One context per worker: MSW's service worker is registered per origin and context, and two
    // pages of one context updating the same registration at once fail with NotFoundError.
    const newContext = async (): Promise<BrowserContext> => {
      const context = await openedBrowser.newContext({
        viewport: VIEWPORTS.desktop,
        deviceScaleFactor: 1,
        reducedMotion: 'reduce',
        colorScheme: 'light',
        locale: 'en-US',
        timezoneId: 'UTC',
        serviceWorkers: 'allow',
      });
      // Fixed clock (Date only; timers keep running): the same FIXED_NOW as the preview.
      await context.clock.setFixedTime(FIXED_NOW);
      return context;
    };
    const queue = [...stories];
    const worker = async () => {
      const context = await newContext();
      const page = await context.newPage();
      for (let entry = queue.shift(); entry; entry = queue.shift()) {
        const result = await testStory(page, base, entry);
        results.push(result);
        const mark = result.ok ? 'ok  ' : 'FAIL';
        console.log(
          `${mark} ${result.id} (${result.ms} ms)${result.note ? ` – ${result.note}` : ''}`,
        );
        for (const problem of result.problems) console.log(`       ${problem}`);
      }
      await context.close();
    };
    await Promise.all(Array.from({ length: Math.max(1, CONCURRENCY) }, worker));

    // A story that failed is run once more, alone, in a fresh context, and the log says so: two
    // cores under load make a rare time-out; a real failure fails twice.
    const failedOnce = results.filter((r) => !r.ok);
    if (failedOnce.length > 0 && failedOnce.length <= MAX_RETRIES) {
      const context = await newContext();
      const page = await context.newPage();
      for (const first of failedOnce) {
        const entry = stories.find((e) => e.id === first.id);
        if (!entry) continue;
        const again = await testStory(page, base, entry);
        console.log(`${again.ok ? 'ok  ' : 'FAIL'} ${again.id} (retry, ${again.ms} ms)`);
        for (const problem of again.problems) console.log(`       ${problem}`);
        results[results.indexOf(first)] = again.ok
          ? { ...again, note: `passed on retry after: ${first.problems.join('; ')}` }
          : again;
      }
      await context.close();
    }
  } finally {
    await browser?.close();
    server.close();
    if (!process.env.STORYBOOK_STATIC) rmSync(dir, { recursive: true, force: true });
  }
  const passed = results.filter((r) => r.ok).length;
  const failed = results.length - passed;
  console.log(`ran ${results.length} stories in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  for (const r of results.filter((x) => x.note?.startsWith('passed on retry'))) {
    console.log(`flaky: ${r.id} ${r.note}`);
  }
  console.log(`stories: ${passed} passed, ${failed} failed`);
  if (REPORT) writeFileSync(REPORT, JSON.stringify({ passed, failed }));
  process.exitCode = failed > 0 ? 1 : 0;
}

mkdirSync(dirname(BASELINES), { recursive: true });
await main();
