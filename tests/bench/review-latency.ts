// Browser figure of issue 4, item 10: the time from a rating key press to the next card painted
// in the review island, in Debian's Chromium against the running product. Prints p50/p95; asserts
// nothing.
//
//   node tests/bench/review-latency.ts                  starts the product on a temp database
//   BASE_URL=http://localhost:4321 node tests/bench/review-latency.ts   uses a running product
//   REVIEW_CARDS=50 REVIEW_RATINGS=30                   cards in the desk, ratings measured
//
// In the page: a capture-phase keydown listener stamps `performance.now()` when the rating key
// goes down; a MutationObserver sees the card element change to the next card id, then one
// requestAnimationFrame later (the frame that paints it) the second stamp is taken.
import { launchChromium } from '../support/chromium.ts';
import { type RunningProduct, startProduct } from '../support/product.ts';

const CARDS = Number(process.env.REVIEW_CARDS ?? 50);
const RATINGS = Math.min(Number(process.env.REVIEW_RATINGS ?? 30), CARDS - 1);

const product: RunningProduct | undefined = process.env.BASE_URL ? undefined : await startProduct();
const baseUrl = process.env.BASE_URL ?? product?.baseUrl ?? '';

async function call<T>(path: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl}/be/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

const browser = await launchChromium();
try {
  // A fresh learner with one desk of CARDS new cards, all allowed today.
  const stamp = Date.now().toString(36);
  const email = `latency-${stamp}@example.com`;
  const password = 'latency-password';
  await call('/auth/users/', {
    email,
    username: `latency_${stamp}`,
    password,
    password2: password,
    timezone: 'UTC',
  });
  const tokens = await call<{ access: string; refresh: string }>('/auth/token/', {
    email,
    password,
  });
  const desk = await call<{ id: number }>(
    '/space-repetition/desks/',
    { name: 'Latency', new_cards_per_day: 9999 },
    tokens.access,
  );
  for (let i = 1; i <= CARDS; i += 1) {
    await call(
      '/space-repetition/cards/',
      { desk_id: desk.id, front: `Question ${i}`, back: `Answer ${i}` },
      tokens.access,
    );
  }

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([
    { name: 'session_hint', value: '1', url: baseUrl },
    { name: 'user_email', value: email, url: baseUrl },
  ]);
  await context.addInitScript(
    ([access, refresh]) => {
      localStorage.setItem('access_token', access ?? '');
      localStorage.setItem('refresh_token', refresh ?? '');
    },
    [tokens.access, tokens.refresh],
  );
  const page = await context.newPage();
  await page.goto(`${baseUrl}/space-repetition/${desk.id}?study=1`);
  await page.locator('article[data-card-id]').waitFor();

  await page.evaluate(() => {
    const w = window as unknown as { __pressAt?: number; __paints: number[] };
    w.__paints = [];
    window.addEventListener(
      'keydown',
      (event) => {
        if (['1', '2', '3', '4'].includes(event.key)) w.__pressAt = performance.now();
      },
      { capture: true },
    );
    let shown = document.querySelector('article[data-card-id]')?.getAttribute('data-card-id');
    new MutationObserver(() => {
      const id = document.querySelector('article[data-card-id]')?.getAttribute('data-card-id');
      if (!id || id === shown) return;
      shown = id;
      const pressed = w.__pressAt;
      if (pressed === undefined) return;
      w.__pressAt = undefined;
      requestAnimationFrame(() => w.__paints.push(performance.now() - pressed));
    }).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-card-id'],
    });
  });

  for (let i = 0; i < RATINGS; i += 1) {
    await page.keyboard.press('Space');
    await page.locator('[data-testid="answer"]').waitFor();
    await page.keyboard.press('3');
    await page.waitForFunction(
      (n) => (window as unknown as { __paints: number[] }).__paints.length >= n,
      i + 1,
    );
  }
  const paints = await page.evaluate(() => (window as unknown as { __paints: number[] }).__paints);
  await context.close();

  const sorted = [...paints].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, x) => sum + x, 0) / Math.max(1, sorted.length);
  console.log(
    `Review latency (rating key press → next card painted), ${sorted.length} ratings, ` +
      `desk of ${CARDS} cards, Chromium headless, ${baseUrl}:`,
  );
  console.log(
    `  p50 ${percentile(sorted, 50).toFixed(1)} ms · p95 ${percentile(sorted, 95).toFixed(1)} ms · ` +
      `mean ${mean.toFixed(1)} ms · max ${(sorted.at(-1) ?? Number.NaN).toFixed(1)} ms (target < 50 ms)`,
  );
} finally {
  await browser.close();
  await product?.stop();
}
