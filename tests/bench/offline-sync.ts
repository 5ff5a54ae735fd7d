// Offline review (issue 46): the time to sync 500 ratings queued offline, in Debian's Chromium
// against the release build. A learner with 500 new cards opens the deck list online, the network
// goes off, 500 ratings (one per card, a second apart, as the review queues them) are put in the
// offline queue, the network comes back: the time from the `online` event to the queue empty and
// 500 ratings on the server. The sync is the product's (offlineQueue.ts: one rating at a time, in
// order, each with its idempotency key). Before that, the time to first card painted offline:
// the deck's review opened online (page cached by the worker, cards kept in IndexedDB), the
// network off, the page reloaded `PAINT_RUNS` times: from navigation start to the first card's
// frame. Prints figures; asserts nothing.
//
//   node tests/bench/offline-sync.ts                      starts the product on a temp database
//   BASE_URL=http://localhost:4321 node tests/bench/offline-sync.ts   uses a running product
//   SYNC_RATINGS=500                                      ratings queued
//   PAINT_RUNS=5                                          offline reloads timed
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { jsonApi } from '../support/api.ts';
import { launchChromium } from '../support/chromium.ts';
import { newLearner, signedIn, type Tokens } from '../support/learners.ts';
import { offlineStoreCount } from '../support/offline-store.ts';
import { type RunningProduct, startProduct } from '../support/product.ts';
import { waitForQuiet } from '../support/quiet.ts';

const RATINGS = Number(process.env.SYNC_RATINGS ?? 500);
const PAINT_RUNS = Number(process.env.PAINT_RUNS ?? 5);

/** In the page: the time from navigation start to the frame after the first card appeared. */
function recordFirstCardPaint() {
  const seen = () => document.querySelector('article[data-card-id]') !== null;
  const observer = new MutationObserver(() => {
    if (!seen()) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      (window as { firstCardPaintMs?: number }).firstCardPaintMs = performance.now();
    });
  });
  observer.observe(document, { childList: true, subtree: true });
}
const product: RunningProduct | undefined = process.env.BASE_URL ? undefined : await startProduct();
const baseUrl = process.env.BASE_URL ?? product?.baseUrl ?? '';
const call = jsonApi(baseUrl);
const browser = await launchChromium();
try {
  console.log(
    `offline sync bench · load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  const learner = await newLearner(call, 'offline-sync');
  const token = learner.tokens.access;
  const deck = await call<{ id: number }>('/space-repetition/desks/', {
    method: 'POST',
    token,
    body: JSON.stringify({ name: 'Sync', new_cards_per_day: 9999 }),
  });
  const ids: number[] = [];
  for (let i = 1; i <= RATINGS; i += 1) {
    const card = await call<{ id: number }>('/space-repetition/cards/', {
      method: 'POST',
      token,
      body: JSON.stringify({ desk_id: deck.id, front: `Question ${i}`, back: `Answer ${i}` }),
    });
    ids.push(card.id);
  }
  const start = Date.now() - (RATINGS + 60) * 1000;
  const queue = ids.map((id, i) => ({
    card_id: id,
    difficulty: 'good',
    reviewed_at: new Date(start + i * 1000).toISOString(),
    idempotency_key: randomUUID(),
    answer_time_ms: 2000,
    email: null,
  }));

  if (PAINT_RUNS > 0) {
    // Time to first card painted offline, in a context of its own (its own IndexedDB) signed in
    // on its own: the sync below must not meet a refresh token this one rotated.
    const tokens = await call<Tokens>('/auth/token/', {
      method: 'POST',
      body: JSON.stringify({ email: learner.email, password: 'learner-password' }),
    });
    const { context, page } = await signedIn(browser, baseUrl, { ...learner, tokens });
    await context.addInitScript(recordFirstCardPaint);
    await page.goto(`${baseUrl}/space-repetition/${deck.id}?study=1`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.reload();
    await page.locator('article[data-card-id]').waitFor();
    const kept = () => offlineStoreCount(page, 'cards');
    while ((await kept()) < RATINGS) await page.waitForTimeout(200);
    await context.setOffline(true);
    const paints: number[] = [];
    for (let run = 0; run < PAINT_RUNS; run += 1) {
      await page.reload();
      await page.waitForFunction(
        () => (window as { firstCardPaintMs?: number }).firstCardPaintMs !== undefined,
      );
      paints.push(
        await page.evaluate(() => (window as { firstCardPaintMs?: number }).firstCardPaintMs ?? 0),
      );
    }
    paints.sort((a, b) => a - b);
    const median = paints[Math.floor(paints.length / 2)] ?? 0;
    console.log(`\nfirst card painted offline (${await kept()} cards kept, ${PAINT_RUNS} reloads)`);
    console.log(
      `  median ${median.toFixed(0)} ms · min ${paints[0]?.toFixed(0)} ms · max ${paints.at(-1)?.toFixed(0)} ms`,
    );
    await context.close();
  }

  const { context, page } = await signedIn(browser, baseUrl, learner);
  await page.goto(`${baseUrl}/space-repetition`);
  // Offline only once the islands are live: cut off mid-hydration, their chunks fail to load and
  // nothing on the page would sync (the bench hung here).
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await waitForQuiet(page);
  await context.setOffline(true);
  await page.evaluate(
    (q) => localStorage.setItem('memoria.pendingReviews', JSON.stringify(q)),
    queue,
  );
  const started = performance.now();
  await context.setOffline(false);
  await page.waitForFunction(
    () => localStorage.getItem('memoria.pendingReviews') === null,
    undefined,
    {
      polling: 50,
      timeout: 600_000,
    },
  );
  const ms = performance.now() - started;
  let rated = 0;
  for (let p = 1; p <= Math.ceil(RATINGS / 100); p += 1) {
    const cards = await call<{ results: { reps: number }[] }>(
      `/space-repetition/desks/${deck.id}/cards/?page_size=100&page=${p}`,
      { token },
    );
    rated += cards.results.filter((c) => c.reps === 1).length;
  }
  console.log('\nratings queued   synced on server   sync ms   ratings/s');
  console.log(
    `${String(RATINGS).padStart(14)}   ${String(rated).padStart(16)}   ${ms.toFixed(0).padStart(7)}   ${((RATINGS / ms) * 1000).toFixed(1).padStart(9)}`,
  );
  await context.close();
} finally {
  await browser.close();
  await product?.stop();
}
