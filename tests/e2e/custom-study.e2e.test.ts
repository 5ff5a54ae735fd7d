// The custom-study journey (issue 43) in Debian's Chromium against the real product: a learner
// with a deck of three cards (one already reviewed, so it has a schedule to keep) opens Custom
// study from the deck page, chooses Cram, plays the session under its banner and rates the three
// cards Good, then the session ends. On the server, every card's schedule (state, due, stability,
// difficulty, reps, lapses, last review) and the deck's counts are what they were before.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { jsonApi } from '../support/api.ts';
import { journeyBrowser } from '../support/chromium.ts';
import { newLearner, signedIn } from '../support/learners.ts';

const baseUrl = inject('baseUrl');
const call = jsonApi(baseUrl);
let browser: Browser;

beforeAll(async () => {
  browser = await journeyBrowser();
});

afterAll(async () => {
  await browser?.close();
});

type CardRow = Record<string, unknown> & { id: number };

/** What a rating would change: the schedule and counters of each card, by id. */
const SCHEDULE = ['state', 'due', 'stability', 'difficulty', 'reps', 'lapses', 'last_review'];

test('crams a deck: three ratings, no schedule changed on the server', async () => {
  const learner = await newLearner(call, 'cram');
  const token = learner.tokens.access;
  const deck = await call<{ id: number }>('/space-repetition/desks/', {
    method: 'POST',
    token,
    body: JSON.stringify({ name: 'Capitals' }),
  });
  const ids: number[] = [];
  for (const front of ['France', 'Spain', 'Italy']) {
    const card = await call<{ id: number }>('/space-repetition/cards/', {
      method: 'POST',
      token,
      body: JSON.stringify({ desk_id: deck.id, front, back: `${front} back` }),
    });
    ids.push(card.id);
  }
  await call(`/space-repetition/cards/${ids[0]}/update_difficulty/`, {
    method: 'POST',
    token,
    body: JSON.stringify({ difficulty: 'easy' }),
  });
  const schedules = async () => {
    const page = await call<{ results: CardRow[] }>(
      `/space-repetition/desks/${deck.id}/cards/?page_size=50`,
      { token },
    );
    return Object.fromEntries(
      page.results.map((card) => [card.id, SCHEDULE.map((field) => card[field])]),
    );
  };
  const counts = async () => {
    const d = await call<Record<string, unknown>>(`/space-repetition/desks/${deck.id}/`, { token });
    return [d.due_count, d.new_count, d.remaining_today];
  };
  const before = { schedules: await schedules(), counts: await counts() };

  const { context, page } = await signedIn(browser, baseUrl, learner);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  let answered = 0;
  page.on('response', (response) => {
    const rating = response.request().method() === 'POST';
    if (rating && response.url().includes('/update_difficulty/') && response.status() === 200) {
      answered += 1;
    }
  });

  await page.goto(`${baseUrl}/space-repetition/${deck.id}`);
  await page.getByRole('button', { name: 'Custom study' }).click();
  const dialog = page.getByRole('dialog', { name: 'Custom study' });
  await dialog.getByRole('radio', { name: /Cram by tag/ }).check();
  await dialog.getByRole('button', { name: 'Start studying' }).click();
  await page.waitForURL(/\?study=1&custom=cram/);
  await page.getByRole('region', { name: 'Custom study: cram' }).waitFor();

  const card = page.locator('article[data-card-id]');
  for (let n = 0; n < 3; n += 1) {
    const id = await card.getAttribute('data-card-id');
    await page.keyboard.press('Space');
    await page.getByTestId('answer').waitFor();
    await page.keyboard.press('3');
    if (n < 2) await expect.poll(() => card.getAttribute('data-card-id')).not.toBe(id);
  }
  await page.getByText('Custom study finished').waitFor();
  await expect.poll(() => answered).toBe(3);
  // Three ratings answered 200 and nothing moved: they were cram ratings (the request bodies
  // are not visible here, openapi-fetch sends a Request object; the component tests check them).
  expect(await schedules()).toEqual(before.schedules);
  expect(await counts()).toEqual(before.counts);
  expect(errors).toEqual([]);
  await context.close();
});
