// Browser figure of issue 4, item 10: the time from a rating key press to the next card painted
// in the review island, in Debian's Chromium against the running product. Prints p50/p95; asserts
// nothing.
//
//   node tests/bench/review-latency.ts                  starts the product on a temp database
//   BASE_URL=http://localhost:4321 node tests/bench/review-latency.ts   uses a running product
//   REVIEW_CARDS=50 REVIEW_RATINGS=30                   cards in the deck, ratings measured
//
// The measure is key-to-paint.ts's (keys 1–4, the card element's `data-card-id`).
import { jsonApi } from '../support/api.ts';
import { launchChromium } from '../support/chromium.ts';
import { newLearner, signedIn } from '../support/learners.ts';
import { type RunningProduct, startProduct } from '../support/product.ts';
import { describePaints, paintsOf, waitForPaints, watchKeyToPaint } from './key-to-paint.ts';

const CARDS = Number(process.env.REVIEW_CARDS ?? 50);
const RATINGS = Math.min(Number(process.env.REVIEW_RATINGS ?? 30), CARDS - 1);

const product: RunningProduct | undefined = process.env.BASE_URL ? undefined : await startProduct();
const baseUrl = process.env.BASE_URL ?? product?.baseUrl ?? '';

const call = jsonApi(baseUrl);

const browser = await launchChromium();
try {
  // A fresh learner with one deck of CARDS new cards, all allowed today.
  const learner = await newLearner(call, 'latency');
  const token = learner.tokens.access;
  const deck = await call<{ id: number }>('/space-repetition/desks/', {
    method: 'POST',
    token,
    body: JSON.stringify({ name: 'Latency', new_cards_per_day: 9999 }),
  });
  for (let i = 1; i <= CARDS; i += 1) {
    await call('/space-repetition/cards/', {
      method: 'POST',
      token,
      body: JSON.stringify({ desk_id: deck.id, front: `Question ${i}`, back: `Answer ${i}` }),
    });
  }

  const { context, page } = await signedIn(browser, baseUrl, learner);
  await page.goto(`${baseUrl}/space-repetition/${deck.id}?study=1`);
  await page.locator('article[data-card-id]').waitFor();
  await watchKeyToPaint(page, {
    selector: 'article[data-card-id]',
    attribute: 'data-card-id',
    keys: ['1', '2', '3', '4'],
  });

  for (let i = 0; i < RATINGS; i += 1) {
    await page.keyboard.press('Space');
    await page.locator('[data-testid="answer"]').waitFor();
    await page.keyboard.press('3');
    await waitForPaints(page, i + 1);
  }
  const paints = await paintsOf(page);
  await context.close();

  console.log(
    `Review latency (rating key press → next card painted), ${paints.length} ratings, ` +
      `desk of ${CARDS} cards, Chromium headless, ${baseUrl}:`,
  );
  console.log(`  ${describePaints(paints)} (target < 50 ms)`);
} finally {
  await browser.close();
  await product?.stop();
}
