// The card browser journey (issue 43) in Debian's Chromium against the real product: a learner
// with a deck of three cards opens /space-repetition/browse from the deck list, selects one card
// and suspends it (the review's `@` key is another change; here the browser's own bulk action),
// searches `is:suspended` and finds only that card, then unsuspends it and the search is empty.
// A new learner rather than the seeded demo, so the journey does not change the demo's cards
// other journeys read.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { jsonApi } from '../support/api.ts';
import { launchChromium } from '../support/chromium.ts';
import { LAPTOP_VIEWPORT } from '../support/viewport.ts';

const baseUrl = inject('baseUrl');
const call = jsonApi(baseUrl);
let browser: Browser;

type Tokens = { access: string; refresh: string };

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

async function learnerWithDeck(fronts: string[]): Promise<{ email: string; tokens: Tokens }> {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `cb-${stamp}@example.com`;
  const password = 'journey-password';
  await call('/auth/users/', {
    method: 'POST',
    body: JSON.stringify({ email, username: `cb_${stamp}`, password, password2: password }),
  });
  const tokens = await call<Tokens>('/auth/token/', {
    method: 'POST',
    body: JSON.stringify({ email, password }),
  });
  const deck = await call<{ id: number }>('/space-repetition/desks/', {
    method: 'POST',
    token: tokens.access,
    body: JSON.stringify({ name: 'Capitals' }),
  });
  for (const front of fronts) {
    await call('/space-repetition/cards/', {
      method: 'POST',
      token: tokens.access,
      body: JSON.stringify({ desk_id: deck.id, front, back: `${front} back` }),
    });
  }
  return { email, tokens };
}

test('suspends a card from the browser, finds it with is:suspended and unsuspends it', async () => {
  const { email, tokens } = await learnerWithDeck(['France', 'Spain', 'Italy']);
  const context = await browser.newContext({ viewport: LAPTOP_VIEWPORT });
  await context.addCookies([
    { name: 'language', value: 'en', url: baseUrl },
    { name: 'session_hint', value: '1', url: baseUrl },
    { name: 'user_email', value: email, url: baseUrl },
  ]);
  await context.addInitScript(
    ([access, refresh]) => {
      if (!localStorage.getItem('access_token')) {
        localStorage.setItem('access_token', access ?? '');
        localStorage.setItem('refresh_token', refresh ?? '');
      }
    },
    [tokens.access, tokens.refresh],
  );
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto(`${baseUrl}/space-repetition`);
  await page.getByRole('link', { name: 'Browse cards' }).click();
  await page.waitForURL(`${baseUrl}/space-repetition/browse`);
  const table = page.getByRole('table', { name: 'Cards' });
  const spain = table.getByRole('row', { name: /Spain/ });
  await spain.click();
  await page.getByRole('button', { name: 'Suspend', exact: true }).click();
  await page.getByText('1 card changed').waitFor();

  const box = page.getByRole('searchbox', { name: 'Search cards' });
  await box.fill('is:suspended');
  await box.press('Enter');
  await expect.poll(() => table.getByRole('row').count()).toBe(2);
  await expect.poll(() => spain.textContent()).toContain('Suspended');

  await spain.click();
  await page.getByRole('button', { name: 'Unsuspend' }).click();
  await page.getByText('No cards found').waitFor();
  expect(errors).toEqual([]);
  await context.close();
}, 120_000);
