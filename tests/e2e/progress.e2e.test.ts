// The progress journey (issue 16) in Debian's Chromium against the real product: a new learner
// with a deck of two cards keeps /my-progress open in one tab and reviews in another. After each
// rating the right panel's streak, 31-day grid and weekly chart, the sidebar's History and the
// other tab's /my-progress change without a reload (the review's own invalidation in the
// reviewing tab, the events stream's `activity` event in the other). Clicking the History entry
// opens the deck. The dashboard and /my-progress rank the learner among a friend and move when
// the learner reviews on another device. Then the same panel in Spanish.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { jsonApi } from '../support/api.ts';
import { journeyBrowser } from '../support/chromium.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

type Tokens = { access: string; refresh: string };
type Session = { email: string; username: string; tokens: Tokens };

const call = jsonApi(baseUrl);

/** A new learner, registered through the API; returns their tokens. */
async function register(tag: string): Promise<Session> {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `pg-${tag}-${stamp}@example.com`;
  const username = `pg_${tag}_${stamp}`;
  const password = 'journey-password';
  await call('/auth/users/', {
    method: 'POST',
    body: JSON.stringify({ email, username, password, password2: password, timezone: 'UTC' }),
  });
  const tokens = await call<Tokens>('/auth/token/', {
    method: 'POST',
    body: JSON.stringify({ email, password }),
  });
  return { email, username, tokens };
}

/** A deck named `name` with the given cards, created through the API; returns its id. */
async function deckWith(session: Session, name: string, fronts: string[]): Promise<number> {
  const deck = await call<{ id: number }>('/space-repetition/desks/', {
    method: 'POST',
    token: session.tokens.access,
    body: JSON.stringify({ name }),
  });
  for (const front of fronts) {
    await call('/space-repetition/cards/', {
      method: 'POST',
      token: session.tokens.access,
      body: JSON.stringify({ desk_id: deck.id, front, back: `${front} back` }),
    });
  }
  return deck.id;
}

/** A browser context signed in as that learner, in `language`, wide enough for the panel. */
async function signedIn(
  session: Session,
  language: 'en' | 'es',
): Promise<{ context: BrowserContext; errors: string[]; open: (path: string) => Promise<Page> }> {
  // The right panel shows from 1285 px (spec §2).
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addCookies([
    { name: 'language', value: language, url: baseUrl },
    { name: 'session_hint', value: '1', url: baseUrl },
    { name: 'user_email', value: session.email, url: baseUrl },
  ]);
  await context.addInitScript(
    ([access, refresh]) => {
      if (!localStorage.getItem('access_token')) {
        localStorage.setItem('access_token', access ?? '');
        localStorage.setItem('refresh_token', refresh ?? '');
      }
    },
    [session.tokens.access, session.tokens.refresh],
  );
  const errors: string[] = [];
  const open = async (path: string) => {
    const page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${baseUrl}${path}`);
    return page;
  };
  return { context, errors, open };
}

/** The right panel's parts, found by their accessible names. */
function panel(page: Page, language: 'en' | 'es') {
  const names =
    language === 'en'
      ? { panel: 'Your activity', grid: 'Last 31 days', weekly: 'Reviews this week' }
      : { panel: 'Tu actividad', grid: 'Últimos 31 días', weekly: 'Repasos de esta semana' };
  const aside = page.getByRole('complementary', { name: names.panel });
  return {
    aside,
    streak: aside.getByRole('region', { name: language === 'en' ? 'Streak' : 'Racha' }),
    grid: aside.getByRole('list', { name: names.grid }),
    weekly: aside.getByRole('region', { name: names.weekly }),
  };
}

/** How many days of the grid (or bars of the chart) carry a label ending with `suffix`. */
function labelled(list: Locator, attribute: 'title' | 'aria-label', suffix: string): Locator {
  return list.locator(`li[${attribute}$="${suffix}"]`);
}

/** Rates the first due card of the deck Good through the API, as another device would. */
async function review(session: Session, deckId: number): Promise<void> {
  const due = await call<{ cards: { id: number }[] }>(
    `/space-repetition/cards/due_cards/?desk_id=${deckId}`,
    { token: session.tokens.access },
  );
  const card = due.cards[0];
  if (!card) throw new Error(`no card due in desk ${deckId}`);
  await call(`/space-repetition/cards/${card.id}/update_difficulty/`, {
    method: 'POST',
    token: session.tokens.access,
    body: JSON.stringify({ difficulty: 'good' }),
  });
}

/** Reveals the shown card and rates it Easy with the keyboard; waits until the server has it. */
async function rateEasy(page: Page): Promise<void> {
  await page.keyboard.press('Space');
  await page.getByRole('button', { name: 'Easy', exact: true }).waitFor();
  const saved = page.waitForResponse((r) => r.url().includes('/update_difficulty/'));
  await page.keyboard.press('4');
  expect((await saved).status()).toBe(200);
}

beforeAll(async () => {
  browser = await journeyBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('progress in the browser', () => {
  test('reviews move the streak, grid, weekly chart, History and /my-progress live', async () => {
    const session = await register('en');
    const deckId = await deckWith(session, 'Streak rivers', ['Nile', 'Danube']);
    const { context, errors, open } = await signedIn(session, 'en');
    try {
      // A new learner: /my-progress says so, in its own tab, and stays open.
      const progress = await open('/my-progress');
      await progress.getByRole('heading', { name: 'No progress yet' }).waitFor();

      // The reviewing tab: the panel and History start empty.
      const review = await open(`/space-repetition/${deckId}?study=1`);
      const side = panel(review, 'en');
      await side.streak.getByText('0 days', { exact: true }).waitFor();
      await side.streak.getByText('Study today to start a streak.').waitFor();
      await side.weekly.getByText('No reviews this week yet.').waitFor();
      expect(await labelled(side.grid, 'title', ': no activity').count()).toBe(31);
      const history = review.getByRole('navigation', { name: 'Main navigation' });
      await history.getByText('No activity yet').waitFor();

      // First rating: a one-day streak, today's cell, today's bar and the deck in History.
      await review.getByText('2 remaining today', { exact: true }).waitFor();
      await rateEasy(review);
      await side.streak.getByText('1 day', { exact: true }).waitFor();
      await labelled(side.grid, 'title', ': 1 activity').waitFor();
      expect(await labelled(side.grid, 'title', ': no activity').count()).toBe(30);
      await labelled(side.weekly, 'aria-label', ': 1 review').waitFor();
      await history.getByRole('link', { name: /Streak rivers/ }).waitFor();
      expect(await side.weekly.getByText('No reviews this week yet.').count()).toBe(0);

      // The other tab, never reloaded, left its empty state for the figures.
      const figures = progress.getByRole('main');
      await figures.getByRole('heading', { name: 'Streak calendar (last 31 days)' }).waitFor();
      await expect.poll(() => figureValue(progress, 'Total responses')).toBe('1');
      expect(await figureValue(progress, 'Streak')).toBe('1 day');

      // Second rating: the same day counts twice, the streak stays one day.
      await rateEasy(review);
      await review.getByRole('heading', { name: 'All done for today!' }).waitFor();
      await labelled(side.grid, 'title', ': 2 activities').waitFor();
      await labelled(side.weekly, 'aria-label', ': 2 reviews').waitFor();
      expect(await side.streak.getByText('1 day', { exact: true }).count()).toBe(1);
      await expect.poll(() => figureValue(progress, 'Total responses')).toBe('2');
      expect(await figureValue(progress, 'Days active')).toBe('1');
      // One History row per deck and day, updated in place.
      expect(await history.getByRole('link', { name: /Streak rivers/ }).count()).toBe(1);

      // The History entry opens its deck.
      await history.getByRole('link', { name: /Streak rivers/ }).click();
      await review.waitForURL(`${baseUrl}/space-repetition/${deckId}`);
      await review.getByRole('heading', { name: 'Streak rivers', level: 1 }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('the dashboard and /my-progress rank the learner among friends, live', async () => {
    const ana = await register('ana');
    const bo = await register('bo');
    const request = await call<{ id: number }>('/friends/friendships/', {
      method: 'POST',
      token: ana.tokens.access,
      body: JSON.stringify({ username: bo.username }),
    });
    await call(`/friends/friendships/${request.id}/accept/`, {
      method: 'POST',
      token: bo.tokens.access,
    });
    // Bo reviewed one card this week; Ana nothing yet.
    await review(bo, await deckWith(bo, 'Bo desk', ['Tagus']));
    const anaDeck = await deckWith(ana, 'Ana desk', ['Rhine', 'Loire']);
    const { context, errors, open } = await signedIn(ana, 'en');
    try {
      const home = await open('/');
      const glance = home.getByRole('main').getByRole('region', { name: 'Your progress' });
      await glance.getByText('2 of 2', { exact: true }).waitFor();
      await glance.getByText('Not yet today', { exact: true }).waitFor();

      // Two reviews elsewhere (the API, as another device would): the open dashboard moves up.
      await review(ana, anaDeck);
      await review(ana, anaDeck);
      await glance.getByText('1 of 2', { exact: true }).waitFor();
      await glance.getByText('Done for today', { exact: true }).waitFor();
      await glance.getByText('1 day', { exact: true }).waitFor();

      await glance.getByRole('link', { name: 'See my progress' }).click();
      await home.waitForURL(`${baseUrl}/my-progress`);
      const ranking = home.getByRole('list', { name: 'Friends ranking (last 7 days)' });
      await ranking.waitFor();
      expect(await ranking.getByRole('listitem').allTextContents()).toEqual([
        `1.${ana.username} (you)2 activities`,
        `2.${bo.username}1 activity`,
      ]);
      expect(await figureValue(home, 'Ranking among friends')).toBe('1 of 2');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('the panel and History in Spanish', async () => {
    const session = await register('es');
    const deckId = await deckWith(session, 'Ríos', ['Ebro']);
    const { context, errors, open } = await signedIn(session, 'es');
    try {
      const page = await open(`/space-repetition/${deckId}?study=1`);
      const side = panel(page, 'es');
      await side.streak.getByText('0 días', { exact: true }).waitFor();
      await side.weekly.getByText('Todavía no hay repasos esta semana.').waitFor();
      await page.getByText('Quedan 1 hoy', { exact: true }).waitFor();
      await page.keyboard.press('Space');
      await page.getByRole('button', { name: 'Fácil', exact: true }).waitFor();
      await page.keyboard.press('4');
      await side.streak.getByText('1 día', { exact: true }).waitFor();
      await labelled(side.grid, 'title', ': 1 actividad').waitFor();
      await labelled(side.weekly, 'aria-label', ': 1 repaso').waitFor();
      await page
        .getByRole('navigation', { name: 'Navegación principal' })
        .getByRole('link', { name: /Ríos/ })
        .waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

/** The value shown under a figure's label on /my-progress (a `dt`/`dd` pair). */
async function figureValue(page: Page, label: string): Promise<string | null> {
  const term = page.getByRole('main').locator('dt', { hasText: new RegExp(`^${label}$`) });
  // One read that never waits (a count, then a read, waits for ever if the figure goes between).
  const [value] = await term.locator('xpath=following-sibling::dd[1]').allTextContents();
  return value ?? null;
}
