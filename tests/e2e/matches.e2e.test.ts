// The matches journey (issue 44) in Debian's Chromium, two browsers side by side: Ana challenges
// her friend Ben to a best of three with the form on the duels home, Ben accepts from the
// Matches section of his duels home, each vetoes one discipline (Ana first), Ben reloads and finds
// the match where it was, Ben picks Numbers and Ana Images; each game is memorised and recalled on
// both screens, the other screen following live, and Ana wins 2–0. Then Ben challenges Ana again,
// she accepts, and Ben forfeits it (with its confirmation): Ana's screen hears she won.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { jsonApi } from '../support/api.ts';
import { journeyBrowser } from '../support/chromium.ts';
import {
  befriend as befriendOf,
  type Learner,
  signedIn as signedInOf,
  standardLearner as standardOf,
} from '../support/learners.ts';

const baseUrl = inject('baseUrl');
const call = jsonApi(baseUrl);
let browser: Browser;

const standardLearner = (tag: string) => standardOf(call, baseUrl, `match-${tag}`);
const signedIn = (who: Learner) => signedInOf(browser, baseUrl, who);

beforeAll(async () => {
  browser = await journeyBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Waits until `page`'s main region shows `text` (live updates included). */
async function sees(page: Page, text: string | RegExp) {
  await expect.poll(() => page.getByRole('main').getByText(text).count()).toBeGreaterThan(0);
}

const button = (page: Page, name: string) =>
  page.getByRole('main').getByRole('button', { name, exact: true });

/** On the duels home, `page` challenges `friend` to a best of three and lands on the match. */
async function challenge(page: Page, friend: string): Promise<string> {
  await page.goto(`${baseUrl}/multiple-duels`);
  const form = page.getByRole('form', { name: 'Challenge a friend to a match' });
  await form.getByLabel('Friend').selectOption({ label: friend });
  await form.getByRole('button', { name: 'Challenge', exact: true }).click();
  await page.waitForURL(/\/match\/\d+$/);
  return page.url();
}

/** On the duels home, `page` accepts `from`'s challenge in the Matches section. */
async function acceptFrom(page: Page, from: string, matchUrl: string) {
  await page.goto(`${baseUrl}/multiple-duels`);
  const row = page
    .getByRole('region', { name: 'Matches' })
    .getByRole('listitem')
    .filter({ hasText: `${from} challenges you to a match` });
  await row.getByRole('button', { name: 'Accept', exact: true }).click();
  await page.waitForURL(matchUrl);
}

/** Opens the game, reads its content, then recalls it right (`right`) or leaves it blank. */
async function playGame(page: Page, right: boolean, label: string) {
  await button(page, 'Start the game').click();
  const content = page.getByTestId('match-content');
  await content.waitFor();
  const items = await content.locator('li').allTextContents();
  await button(page, 'Recall now').click();
  if (right) await page.getByRole('main').getByLabel(label).fill(items.join('\n'));
  await button(page, 'Submit').click();
}

describe('a match between two friends', () => {
  test('a best of three from challenge to winner, then one forfeit', async () => {
    const [ana, ben] = await Promise.all([standardLearner('ana'), standardLearner('ben')]);
    await befriendOf(call, ana, ben);
    const a = await signedIn(ana);
    const b = await signedIn(ben);
    try {
      const matchUrl = await challenge(a.page, ben.username);
      await sees(a.page, `Waiting for ${ben.username} to accept the match.`);
      await acceptFrom(b.page, ana.username, matchUrl);

      // Ana's screen hears the acceptance: she vetoes first.
      await sees(a.page, 'Veto one discipline for this match');
      await button(a.page, 'Cards').click();
      await sees(b.page, 'Veto one discipline for this match');
      await button(b.page, 'Words').click();

      // A reload finds the match where it was: Ben picks the first game.
      await b.page.reload();
      await sees(b.page, 'Pick the next game');
      await button(b.page, 'Numbers').click();

      await sees(a.page, 'Start the game');
      await playGame(a.page, true, 'The digits, in order');
      await sees(a.page, `Waiting for ${ben.username} to finish the game.`);
      await playGame(b.page, false, 'The digits, in order');
      await sees(a.page, '1 – 0');

      await sees(a.page, 'Pick the next game');
      await button(a.page, 'Images').click();
      await sees(b.page, 'Start the game');
      await playGame(b.page, false, 'The pictures in order, separated by spaces');
      await playGame(a.page, true, 'The pictures in order, separated by spaces');

      await sees(a.page, 'You won the match!');
      await sees(b.page, 'You lost the match.');
      await sees(b.page, '0 – 2');

      // A second match, ended by a forfeit: the friend's screen hears it at once.
      const second = await challenge(b.page, ana.username);
      await acceptFrom(a.page, ben.username, second);
      await sees(b.page, 'Veto one discipline for this match');
      await button(b.page, 'Forfeit the match').click();
      const dialog = b.page.getByRole('dialog', { name: 'Forfeit this match?' });
      await dialog.getByRole('button', { name: 'Forfeit', exact: true }).click();
      await sees(b.page, `You forfeited: ${ana.username} wins the match.`);
      await sees(a.page, `${ben.username} forfeited: you win the match!`);
    } finally {
      await a.context.close();
      await b.context.close();
    }
  });
});
