// Browser figures of issue 11: navigating between two signed-in app pages (client-side, through
// the app layout's `<ClientRouter />`) in Debian's Chromium against the running product, and
// Lighthouse's performance score of the signed-in deck list. Prints figures; asserts nothing.
//
//   node tests/bench/navigation.ts                  starts the product on a temp database
//   BASE_URL=http://localhost:4321 node tests/bench/navigation.ts   uses a running product
//   NAV_ROUNDS=20                                    round trips list → deck → list measured
//   NAV_EMPTY_CACHE=1                                empties the page's query cache before each
//                                                    click (nothing to paint before the next
//                                                    page's answers, as on a full page load)
//
// The click is stamped in the page it leaves (a capture-phase listener writes
// `performance.timeOrigin + performance.now()` to sessionStorage); the page it opens watches its
// DOM for its content (the deck list: the deck's link; the deck: its first card), then stamps the
// frame that paints it (one requestAnimationFrame later). Both stamps are on the same clock. The
// watch starts on a new document and after a client-side swap (`astro:after-swap`), and each
// navigation is counted as a page load or not (a new window or the same one), so the figures say
// which navigation they measured.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { jsonApi } from '../support/api.ts';
import { launchPersistentChromium } from '../support/chromium.ts';
import { freePort, type RunningProduct, startProduct } from '../support/product.ts';
import { nearestRank } from './lib/stats.ts';

const ROUNDS = Number(process.env.NAV_ROUNDS ?? 20);
const EMPTY_CACHE = process.env.NAV_EMPTY_CACHE === '1';
const CARDS = 30;

const product: RunningProduct | undefined = process.env.BASE_URL ? undefined : await startProduct();
const baseUrl = process.env.BASE_URL ?? product?.baseUrl ?? '';

const summary = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return `p50 ${nearestRank(sorted, 50).toFixed(0)} ms · p95 ${nearestRank(sorted, 95).toFixed(0)} ms (${sorted.length} clicks)`;
};

// A learner with one deck of CARDS cards.
const stamp = Date.now().toString(36);
const email = `nav-${stamp}@example.com`;
const password = 'navigation-password';
const call = jsonApi(baseUrl);
const api = (p: string, body?: unknown, token?: string) =>
  call<unknown>(p, {
    method: body === undefined ? 'GET' : 'POST',
    body: JSON.stringify(body),
    token,
  });
await api('/auth/users/', {
  email,
  username: `nav_${stamp}`,
  password,
  password2: password,
  timezone: 'UTC',
});
const tokens = (await api('/auth/token/', { email, password })) as {
  access: string;
  refresh: string;
};
const deck = (await api('/space-repetition/desks/', { name: 'Navigation' }, tokens.access)) as {
  id: number;
};
for (let i = 1; i <= CARDS; i += 1) {
  await api(
    '/space-repetition/cards/',
    { desk_id: deck.id, front: `Question ${i}`, back: `Answer ${i}` },
    tokens.access,
  );
}

// A persistent profile with a debugging port, so that Lighthouse opens its tab in the same
// signed-in browser.
const profile = await mkdtemp(path.join(os.tmpdir(), 'memoria-nav-'));
const debuggingPort = await freePort();
const context = await launchPersistentChromium(profile, {
  extraArgs: [`--remote-debugging-port=${debuggingPort}`],
  viewport: { width: 1280, height: 900 },
});
try {
  await context.addCookies([
    { name: 'session_hint', value: '1', url: baseUrl },
    { name: 'user_email', value: email, url: baseUrl },
  ]);
  const deckPath = `/space-repetition/${deck.id}`;
  await context.addInitScript(
    ([access, refresh, deckHref]) => {
      if (!localStorage.getItem('access_token')) {
        localStorage.setItem('access_token', access ?? '');
        localStorage.setItem('refresh_token', refresh ?? '');
      }
      const w = window as unknown as { __paintedAt?: number };
      const now = () => performance.timeOrigin + performance.now();
      document.addEventListener(
        'click',
        (event) => {
          if ((event.target as Element | null)?.closest?.('a[href]')) {
            sessionStorage.setItem('navClickAt', String(now()));
          }
        },
        { capture: true },
      );
      const ready = () =>
        location.pathname === '/space-repetition'
          ? document.querySelector(`a[href="${deckHref}"]`) !== null
          : [...document.querySelectorAll('li')].some((li) =>
              li.textContent?.includes('Question 1'),
            );
      const watch = () => {
        if (ready()) {
          requestAnimationFrame(() => {
            w.__paintedAt = now();
          });
          return true;
        }
        return false;
      };
      const start = () => {
        if (watch()) return;
        const observer = new MutationObserver(() => {
          if (watch()) observer.disconnect();
        });
        observer.observe(document.body, { subtree: true, childList: true });
      };
      document.addEventListener('DOMContentLoaded', start);
      // Astro's client router swaps the body in without a page load.
      document.addEventListener('astro:after-swap', start);
    },
    [tokens.access, tokens.refresh, deckPath],
  );
  const page = context.pages()[0] ?? (await context.newPage());
  const painted = () =>
    page.waitForFunction(
      () => (window as unknown as { __paintedAt?: number }).__paintedAt !== undefined,
    );
  // A mark on the window: still there after a navigation means no page load happened.
  let pageLoads = 0;
  const navigate = async (link: string) => {
    await page.evaluate((emptyCache) => {
      const w = window as unknown as { __paintedAt?: number; __leftBehind?: boolean };
      w.__paintedAt = undefined;
      w.__leftBehind = true;
      // The page's shared QueryClient (packages/api: getQueryClient keeps it on globalThis).
      const shared = globalThis as unknown as Record<symbol, { clear(): void } | undefined>;
      if (emptyCache) shared[Symbol.for('memoria.queryClient')]?.clear();
    }, EMPTY_CACHE);
    await page.locator(`a[href="${link}"]`).first().click();
    await page.waitForURL(`**${link}`);
    await painted();
    const sameWindow = await page.evaluate(
      () => (window as unknown as { __leftBehind?: boolean }).__leftBehind === true,
    );
    if (!sameWindow) pageLoads += 1;
    return elapsed();
  };
  const elapsed = () =>
    page.evaluate(
      () =>
        ((window as unknown as { __paintedAt: number }).__paintedAt ?? Number.NaN) -
        Number(sessionStorage.getItem('navClickAt')),
    );
  await page.goto(`${baseUrl}/space-repetition`);
  await painted();
  const toDeck: number[] = [];
  const toList: number[] = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    toDeck.push(await navigate(deckPath));
    toList.push(await navigate('/space-repetition'));
  }
  const clicks = 2 * ROUNDS;
  const kind =
    (pageLoads === clicks
      ? 'full page loads'
      : `client-side (${clicks - pageLoads} of ${clicks} clicks without a page load)`) +
    (EMPTY_CACHE ? ', query cache emptied before each click' : '');
  console.log(
    `App navigation (click → next page's content painted), ${kind}, Chromium headless, ${baseUrl}:`,
  );
  console.log(`  desk list → desk: ${summary(toDeck)}`);
  console.log(`  desk → desk list: ${summary(toList)}`);
  console.log(`  both: ${summary([...toDeck, ...toList])}`);

  // Lighthouse, desktop preset, performance only, in the signed-in profile (storage kept).
  try {
    const { default: lighthouse } = await import('lighthouse');
    const { default: desktop } = await import('lighthouse/core/config/desktop-config.js');
    const result = await lighthouse(
      `${baseUrl}/space-repetition`,
      {
        port: debuggingPort,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        disableStorageReset: true,
      },
      desktop,
    );
    const lhr = result?.lhr;
    const metric = (id: string) => lhr?.audits[id]?.displayValue ?? '-';
    const score = lhr?.categories.performance?.score;
    console.log(
      `Lighthouse ${lhr?.lighthouseVersion} (desktop preset, simulated throttling), signed-in ` +
        `/space-repetition: performance ${score === null || score === undefined ? '-' : Math.round(score * 100)}` +
        ` · FCP ${metric('first-contentful-paint')} · LCP ${metric('largest-contentful-paint')}` +
        ` · TBT ${metric('total-blocking-time')} · CLS ${metric('cumulative-layout-shift')}` +
        `${lhr?.runtimeError ? ` · error: ${lhr.runtimeError.message}` : ''}`,
    );
  } catch (error) {
    console.log(`Lighthouse did not run: ${(error as Error).message}`);
  }
} finally {
  await context.close();
  await rm(profile, { recursive: true, force: true });
  await product?.stop();
}
