// Offline review (issue 46) in Debian's Chromium against the release build: a learner opens a
// deck's review online (the page is cached by the service worker, the next days' cards are kept
// in IndexedDB), the network goes off, the page reloads from the worker and plays the kept cards:
// five ratings, the last one undone. The header counts the ratings waiting. Back online they are
// sent in order with their keys and review times: the server has exactly four ratings, each
// card's last review at the time the browser rated it, and nothing waits.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { jsonApi } from '../support/api.ts';
import { journeyBrowser } from '../support/chromium.ts';
import { newLearner, signedIn } from '../support/learners.ts';
import { offlineStoreCount } from '../support/offline-store.ts';
import { workerInControl } from '../support/service-worker.ts';

const baseUrl = inject('baseUrl');
const call = jsonApi(baseUrl);
let browser: Browser;

beforeAll(async () => {
  browser = await journeyBrowser();
});

afterAll(async () => {
  await browser?.close();
});

type CardRow = { id: number; reps: number; last_review: string | null };
type Queued = { card_id: number; reviewed_at: string; idempotency_key: string };

test('reviews five cards offline, undoes one, and syncs exactly four', async () => {
  const learner = await newLearner(call, 'offline-review');
  const token = learner.tokens.access;
  const deck = await call<{ id: number }>('/space-repetition/desks/', {
    method: 'POST',
    token,
    body: JSON.stringify({ name: 'Capitals' }),
  });
  for (const front of ['France', 'Spain', 'Italy', 'Peru', 'Chile', 'Japan']) {
    await call('/space-repetition/cards/', {
      method: 'POST',
      token,
      body: JSON.stringify({ desk_id: deck.id, front, back: `${front} back` }),
    });
  }
  const cards = async () =>
    (
      await call<{ results: CardRow[] }>(`/space-repetition/desks/${deck.id}/cards/?page_size=50`, {
        token,
      })
    ).results;

  const { context, page } = await signedIn(browser, baseUrl, learner);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    const reviewUrl = `${baseUrl}/space-repetition/${deck.id}?study=1`;
    await page.goto(reviewUrl);
    await workerInControl(page);
    // Online once more, now under the worker: the review page's answer is kept in its cache.
    await page.reload();
    await page.locator('article[data-card-id]').waitFor();
    // The six cards are kept in IndexedDB.
    const keptCards = () => offlineStoreCount(page, 'cards');
    await expect.poll(keptCards, { interval: 200 }).toBe(6);

    await context.setOffline(true);
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await page.getByRole('status').getByText('Offline').waitFor();

    const card = page.locator('article[data-card-id]');
    for (let n = 0; n < 5; n += 1) {
      const id = await card.getAttribute('data-card-id');
      await page.keyboard.press('Space');
      await page.getByTestId('answer').waitFor();
      // Easy: a new card leaves today's session (Good would bring it back in 10 minutes).
      await page.keyboard.press('4');
      await expect.poll(() => card.getAttribute('data-card-id')).not.toBe(id);
    }
    await page.getByRole('status').getByText('5 ratings waiting').waitFor();
    await page.keyboard.press('Control+z');
    await page.getByRole('status').getByText('4 ratings waiting').waitFor();
    // Still signed in, still on the review: no "Connection lost", no /login.
    expect(page.url()).toBe(reviewUrl);
    expect(await page.getByText('Connection lost').count()).toBe(0);

    const queued = await page.evaluate(
      () => JSON.parse(localStorage.getItem('memoria.pendingReviews') ?? '[]') as Queued[],
    );
    expect(queued).toHaveLength(4);
    expect(new Set(queued.map((q) => q.card_id)).size).toBe(4);
    // Nothing reached the server while offline.
    expect((await cards()).filter((c) => c.reps > 0)).toEqual([]);

    await context.setOffline(false);
    await page.getByText('4 ratings waiting').waitFor({ state: 'detached' });
    await expect.poll(async () => (await cards()).filter((c) => c.reps > 0).length).toBe(4);
    const onServer = (await cards()).filter((c) => c.reps > 0);
    expect(
      onServer
        .map((c) => [c.id, c.reps, c.last_review])
        .sort((a, b) => Number(a[0]) - Number(b[0])),
    ).toEqual(
      queued.map((q) => [q.card_id, 1, q.reviewed_at]).sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    expect(await page.evaluate(() => localStorage.getItem('memoria.pendingReviews'))).toBeNull();
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});
