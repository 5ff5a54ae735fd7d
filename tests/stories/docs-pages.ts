/**
 * Docs pages check: every docs entry of Storybook (the autodocs page of each stories file, the
 * Introduction and the Foundations MDX pages) renders in Chromium without a console or page error
 * and passes axe with no serious or critical violation. The story tests (tests/stories/run.ts)
 * cover stories only; this covers the pages designers read.
 *
 *   node tests/stories/docs-pages.ts                builds Storybook, checks every docs page
 *   STORYBOOK_STATIC=<dir> node …                   reuse an existing static build (no build)
 *   STORY_FILTER=ui-button node …                   only docs pages whose id contains the text
 *
 * A page whose stories file has a story tagged `expected-console-errors` (or
 * `expected-http-errors`) may log console errors (or get 4xx/5xx answers from `/be/api/`), as its
 * stories may in the story tests: its docs page renders those same stories.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, relative, resolve } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../support/chromium.ts';
import { CONTEXT_OPTIONS } from './browser.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const FILTER = process.env.STORY_FILTER ?? '';
/** Pages checked at once: the machine's two cores. */
const PARALLEL = 2;

interface IndexEntry {
  id: string;
  type: 'docs' | 'story';
  title: string;
  importPath: string;
  tags?: string[];
}

function buildStorybook(): string {
  const out = mkdtempSync(join(tmpdir(), 'memoria-storybook-docs-'));
  console.log(`building Storybook (storybook build -o ${out} --quiet)…`);
  const run = spawnSync(
    join(ROOT, 'node_modules/.bin/storybook'),
    ['build', '-o', out, '--quiet'],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      // The bin starts with `#!/usr/bin/env node`: this Node (the project's Node 24) goes first.
      env: {
        ...process.env,
        PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}`,
        STORYBOOK_DISABLE_TELEMETRY: '1',
      },
    },
  );
  if (run.status !== 0) {
    console.error(run.stdout, run.stderr);
    throw new Error('Storybook build failed');
  }
  return out;
}

/** The docs entries to check, each with what its stories file allows. */
function docsPages(dir: string) {
  const { entries } = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) as {
    entries: Record<string, IndexEntry>;
  };
  const all = Object.values(entries);
  const tagged = (importPath: string, tag: string) =>
    all.some((e) => e.importPath === importPath && e.type === 'story' && e.tags?.includes(tag));
  return all
    .filter((e) => e.type === 'docs' && e.id.includes(FILTER))
    .map((e) => ({
      id: e.id,
      title: e.title,
      allowConsoleErrors: tagged(e.importPath, 'expected-console-errors'),
      allowApiErrors: tagged(e.importPath, 'expected-http-errors'),
    }));
}

type DocsPage = ReturnType<typeof docsPages>[number];

/**
 * Waits until the docs page and every story on it have rendered: inline stories fill their
 * `.sb-story` root; an iframed one (`docs.story.inline: false`, the default here) is done when
 * Storybook's preview in it shows the story or its error display.
 */
async function rendered(page: Page): Promise<void> {
  await page.waitForSelector('#storybook-docs .sbdocs-content', { timeout: 60_000 });
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('#storybook-docs .sb-story')].every(
        (story) => story.childNodes.length > 0,
      ) &&
      [...document.querySelectorAll<HTMLIFrameElement>('#storybook-docs iframe')].every((frame) => {
        // Storybook lazy-loads story iframes below the fold; the check needs every one.
        frame.loading = 'eager';
        return /\bsb-show-(main|errordisplay)\b/.test(frame.contentDocument?.body?.className ?? '');
      }),
    undefined,
    { timeout: 120_000 },
  );
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** Stories whose iframe shows Storybook's error display instead of the story. */
function storyErrors(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLIFrameElement>('#storybook-docs iframe')]
      .filter((frame) => frame.contentDocument?.body?.classList.contains('sb-show-errordisplay'))
      .map((frame) => `story failed to render: ${frame.src}`),
  );
}

async function axeProblems(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .include('#storybook-docs')
    // Storybook's own props-table controls (an object editor whose <li>s have no list, selects
    // without a name): Storybook's interface, not ours, and the same on every page.
    .exclude('.docblock-argstable')
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

/** One page per worker, reused from docs page to docs page (its bundles and MSW's worker stay). */
async function checker(browser: Browser, base: string) {
  const context = await browser.newContext(CONTEXT_OPTIONS);
  const page = await context.newPage();
  let docs: DocsPage | undefined;
  let problems: string[] = [];
  page.on('console', (message) => {
    if (!docs) return;
    if (message.type() !== 'error' || docs.allowConsoleErrors) return;
    const text = message.text();
    if (/favicon|^Failed to load resource/.test(text)) return;
    problems.push(`console error: ${text}`);
  });
  page.on('pageerror', (error) => {
    if (docs && !docs.allowConsoleErrors) problems.push(`page error: ${error.message}`);
  });
  page.on('response', (response) => {
    const url = response.url();
    if (!docs || response.status() < 400 || /favicon/.test(url)) return;
    if (docs.allowApiErrors && new URL(url).pathname.startsWith('/be/api/')) return;
    problems.push(`HTTP ${response.status()} ${url}`);
  });
  return {
    async check(next: DocsPage): Promise<string[]> {
      docs = next;
      problems = [];
      try {
        await page.goto(`${base}/iframe.html?viewMode=docs&id=${encodeURIComponent(next.id)}`, {
          waitUntil: 'load',
          timeout: 60_000,
        });
        await rendered(page);
        problems.push(...(await storyErrors(page)), ...(await axeProblems(page)));
      } catch (error) {
        problems.push(error instanceof Error ? error.message : String(error));
      }
      docs = undefined;
      return problems;
    },
    close: () => context.close(),
  };
}

const fromEnv = process.env.STORYBOOK_STATIC;
const dir = fromEnv ? resolve(ROOT, fromEnv) : buildStorybook();
const app = new Hono().use('*', serveStatic({ root: relative(process.cwd(), dir) }));
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise((ok) => server.once('listening', ok));
const browser = await launchChromium();
let failed = 0;
try {
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const queue = docsPages(dir);
  const total = queue.length;
  console.log(`checking ${total} docs pages`);
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      const worker = await checker(browser, base);
      for (let docs = queue.shift(); docs; docs = queue.shift()) {
        const problems = await worker.check(docs);
        if (problems.length === 0) {
          console.log(`  ok      ${docs.id}`);
        } else {
          failed++;
          console.log(`  FAILED  ${docs.id}\n${problems.map((p) => `          ${p}`).join('\n')}`);
        }
      }
      await worker.close();
    }),
  );
  console.log(`docs pages: ${total - failed} passed, ${failed} failed`);
} finally {
  await browser.close();
  server.close();
  if (!fromEnv) rmSync(dir, { recursive: true, force: true });
}
process.exitCode = failed > 0 ? 1 : 0;
