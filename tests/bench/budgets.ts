// Page budgets, printed (never asserted): gzipped JavaScript each page makes the browser run, and
// Lighthouse scores of the static pages, both in Debian's Chromium against the real product.
// Targets (issue 3): static pages ≤ 15 KB of gzipped JS, an app page ≤ 180 KB, Lighthouse 100.
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import type { Page } from 'playwright-core';
import { launchChromium } from '../support/chromium.ts';
import { freePort, startProduct } from '../support/product.ts';
import { waitForQuiet } from '../support/quiet.ts';

const STATIC_PAGES = ['/', '/pricing', '/terms'];
// One page per capability's island; /my-progress also fetches the chart library (uPlot).
const DRAWN: Record<string, string> = { '/my-progress': '.uplot' };
const APP_PAGES = [
  '/space-repetition',
  '/my-progress',
  '/friends',
  '/profile',
  '/desk-duel',
  '/conversion-table',
  '/macro-images',
];

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/**
 * Every script the page runs: external files (as served) and inline <script> bodies. `drawn`: a
 * selector that shows up once the page has fetched what it fetches late (a quiet network alone
 * once came before the chart library on the loaded machine).
 */
async function gzippedJs(
  page: Page,
  url: string,
  drawn?: string,
): Promise<{ files: number; bytes: number }> {
  const bodies: Promise<Buffer>[] = [];
  const onResponse = (response: import('playwright-core').Response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.body());
  };
  page.on('response', onResponse);
  await page.goto(url);
  // Every island that hydrates without the visitor doing anything has (Astro drops `ssr` once
  // it has): a cold cache fetches the components' modules after the load event. Then what they
  // fetch (the chart library after the data) until the network is quiet. `client:interaction`
  // islands wait for a click, and a `client:media` one for its query: their JS is not counted.
  await page.waitForFunction(() =>
    [...document.querySelectorAll('astro-island[ssr]')].every((island) => {
      const client = island.getAttribute('client');
      if (client === 'load' || client === 'idle') return false;
      if (client !== 'media') return true;
      const { value } = JSON.parse(island.getAttribute('opts') ?? '{}') as { value?: string };
      return !value || !matchMedia(value).matches;
    }),
  );
  if (drawn) await page.locator(drawn).first().waitFor();
  await waitForQuiet(page);
  page.off('response', onResponse);
  const inline = await page.$$eval('script:not([src])', (scripts) =>
    (scripts as HTMLScriptElement[])
      .filter((s) => !s.type || s.type === 'module' || s.type === 'text/javascript')
      .map((s) => s.textContent ?? ''),
  );
  const files = await Promise.all(bodies);
  const all = [...files, ...inline.map((code) => Buffer.from(code))];
  const bytes = all.reduce(
    (sum, code) => sum + (code.length ? gzipSync(code, { level: 9 }).length : 0),
    0,
  );
  return { files: files.length, bytes };
}

type Tokens = { access: string; refresh: string };

async function api<T>(baseUrl: string, path: string, body: unknown, access?: string): Promise<T> {
  const response = await fetch(`${baseUrl}/be/api${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(access ? { authorization: `Bearer ${access}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * The demo learner, with one card rated: a learner with no activity gets /my-progress's empty
 * state, which draws no chart and so never fetches the chart library.
 */
async function demoLearnerWithAReview(baseUrl: string): Promise<Tokens> {
  const tokens = await api<Tokens>(baseUrl, '/auth/token/', {
    email: 'demo@memoria.app',
    password: 'demo-password',
  });
  const deck = await api<{ id: number }>(
    baseUrl,
    '/space-repetition/desks/',
    { name: 'Budget desk' },
    tokens.access,
  );
  const card = await api<{ id: number }>(
    baseUrl,
    '/space-repetition/cards/',
    { desk_id: deck.id, front: 'Budget', back: 'Presupuesto' },
    tokens.access,
  );
  await api(
    baseUrl,
    `/space-repetition/cards/${card.id}/update_difficulty/`,
    { difficulty: 'good' },
    tokens.access,
  );
  return tokens;
}

async function signIn(baseUrl: string, page: Page, tokens: Tokens) {
  await page.goto(`${baseUrl}/terms`);
  await page.evaluate((t) => {
    localStorage.setItem('access_token', t.access);
    localStorage.setItem('refresh_token', t.refresh);
  }, tokens);
  await page.context().addCookies([{ name: 'session_hint', value: '1', url: baseUrl }]);
}

const product = await startProduct({ SEED_DEMO: 'true' });
const debuggingPort = await freePort();
const browser = await launchChromium([`--remote-debugging-port=${debuggingPort}`]);
try {
  // A desktop wide enough for the right panel (`client:media="(min-width: 1285px)"`) to hydrate.
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  console.log('\nPage budgets (gzipped JS the page runs; targets: static ≤ 15 KB, app ≤ 180 KB)');
  console.log('| page | scripts | gzipped JS (KB) | target (KB) |');
  console.log('| --- | ---: | ---: | ---: |');
  for (const path of STATIC_PAGES) {
    const { files, bytes } = await gzippedJs(page, product.baseUrl + path);
    console.log(`| ${path} | ${files} | ${kb(bytes)} | 15 |`);
  }
  await context.close();
  const tokens = await demoLearnerWithAReview(product.baseUrl);
  // In each language: a page loads only its own language's messages, and the catalogs differ.
  for (const language of ['en', 'es'] as const) {
    for (const path of APP_PAGES) {
      // A fresh context per page: its first visit, with nothing in the browser's caches.
      const appContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      await appContext.addCookies([{ name: 'language', value: language, url: product.baseUrl }]);
      const appPage = await appContext.newPage();
      await signIn(product.baseUrl, appPage, tokens);
      const app = await gzippedJs(appPage, product.baseUrl + path, DRAWN[path]);
      console.log(`| ${path} (signed in, ${language}) | ${app.files} | ${kb(app.bytes)} | 180 |`);
      await appContext.close();
    }
  }

  console.log('\nLighthouse, median of 3 runs (mobile defaults; target 100 each)');
  console.log('| page | performance | accessibility | best practices | SEO |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  const categoryIds = ['performance', 'accessibility', 'best-practices', 'seo'];
  for (const path of STATIC_PAGES) {
    const runs: Record<string, number>[] = [];
    for (let run = 0; run < 3; run++) {
      const result = await lighthouse(product.baseUrl + path, {
        port: debuggingPort,
        output: 'json',
        logLevel: 'error',
        onlyCategories: categoryIds,
      });
      const categories = result?.lhr.categories ?? {};
      runs.push(
        Object.fromEntries(
          categoryIds.map((id) => [id, Math.round((categories[id]?.score ?? 0) * 100)]),
        ),
      );
    }
    const median = (id: string) => runs.map((r) => r[id] ?? 0).sort((a, b) => a - b)[1];
    console.log(`| ${path} | ${categoryIds.map(median).join(' | ')} |`);
  }
} finally {
  await browser.close();
  await product.stop();
}
