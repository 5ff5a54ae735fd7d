// The card browser journey (issue 43) in Debian's Chromium against the real product: a learner
// with a deck of three cards studies it and suspends the first card shown with the review's `@`
// key, opens /space-repetition/browse from the deck list, finds that card by searching
// `is:suspended`, unsuspends it from the browser's bulk menu by keyboard, and the card is back
// in the review queue (three to study again). A new learner rather than the seeded demo, so the
// journey does not change the demo's cards other journeys read.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { jsonApi } from '../support/api.ts';
import { journeyBrowser } from '../support/chromium.ts';
import { type Learner, newLearner, signedIn } from '../support/learners.ts';

const baseUrl = inject('baseUrl');
const call = jsonApi(baseUrl);
let browser: Browser;

beforeAll(async () => {
  browser = await journeyBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function deckOf(who: Learner, fronts: string[]): Promise<void> {
  const deck = await call<{ id: number }>('/space-repetition/desks/', {
    method: 'POST',
    token: who.tokens.access,
    body: JSON.stringify({ name: 'Capitals' }),
  });
  for (const front of fronts) {
    await call('/space-repetition/cards/', {
      method: 'POST',
      token: who.tokens.access,
      body: JSON.stringify({ desk_id: deck.id, front, back: `${front} back` }),
    });
  }
}

/** The deck list's Study link of the learner's one deck, naming how many cards are to study. */
const studyLink = (page: Page) =>
  page.getByRole('main').getByRole('link', { name: /^Study \(\d+\)$/ });

test('suspends a card from the review with @, finds it with is:suspended, unsuspends it', async () => {
  const learner = await newLearner(call, 'cb');
  await deckOf(learner, ['France', 'Spain', 'Italy']);
  const { context, page } = await signedIn(browser, baseUrl, learner);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  // The review: `@` suspends the card shown, and the queue has one card fewer.
  await page.goto(`${baseUrl}/space-repetition`);
  expect(await studyLink(page).textContent()).toBe('Study (3)');
  await studyLink(page).click();
  await page.getByText('3 remaining today', { exact: true }).waitFor();
  const shown = page.locator('article[data-card-id] [data-side="front"]').first();
  const suspended = ((await shown.textContent()) ?? '').trim();
  expect(['France', 'Spain', 'Italy']).toContain(suspended);
  await page.keyboard.press('@');
  await page.getByText('Card suspended.').waitFor();
  await page.getByText('2 remaining today', { exact: true }).waitFor();

  // The browser: the search finds only that card, suspended.
  await page.goto(`${baseUrl}/space-repetition`);
  await page.getByRole('link', { name: 'Browse cards' }).click();
  await page.waitForURL(`${baseUrl}/space-repetition/browse`);
  const table = page.getByRole('table', { name: 'Cards' });
  await table.waitFor();
  const box = page.getByRole('searchbox', { name: 'Search cards' });
  await box.fill('is:suspended');
  await box.press('Enter');
  const row = table.getByRole('row', { name: new RegExp(suspended) });
  await expect.poll(() => table.getByRole('row').count()).toBe(2);
  await expect.poll(() => row.textContent()).toContain('Suspended');

  // Unsuspend it by keyboard: Space selects the row, the Actions menu opens with Enter.
  await row.focus();
  await page.keyboard.press('Space');
  await page.getByText('1 selected').waitFor();
  await page.getByRole('button', { name: 'Actions' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Suspend', exact: true }).waitFor();
  await page.keyboard.press('ArrowDown');
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.textContent))
    .toBe('Unsuspend');
  await page.keyboard.press('Enter');
  await page.getByText('1 card changed').waitFor();
  await page.getByText('No cards found').waitFor();

  // Back in the review queue: three cards to study again.
  await page.goto(`${baseUrl}/space-repetition`);
  await page.getByRole('main').getByRole('link', { name: 'Study (3)', exact: true }).click();
  await page.getByText('3 remaining today', { exact: true }).waitFor();
  expect(errors).toEqual([]);
  await context.close();
});
