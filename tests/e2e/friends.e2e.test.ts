// The friends journey (issue 12) in Debian's Chromium against the real product, with two browser
// contexts signed in as two learners: Ana at a desktop width (the right panel shows) and Ben on a
// phone (the bottom bar's Friends badge shows). Each keeps their page open and never reloads: what
// the other does reaches them through the events stream. Ana finds Ben by a username prefix and
// asks; Ben sees the badge, the bell and the request, and accepts from the bell; Ana sees Ben in
// the right panel and her friends. Ana removes Ben; asks again by email and cancels; Ben asks Ana
// and she rejects. Each side sees each change live. Only lasting states are awaited: the
// snackbars hide after 6 s, which a loaded machine can let pass unseen.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { jsonApi } from '../support/api.ts';
import { journeyBrowser } from '../support/chromium.ts';

const baseUrl = inject('baseUrl');
const call = jsonApi(baseUrl);
let browser: Browser;

type Tokens = { access: string; refresh: string };
interface Learner {
  email: string;
  username: string;
  tokens: Tokens;
}

/** A new learner, registered through the API. */
async function register(name: string, stamp: string): Promise<Learner> {
  const email = `fr-${name}-${stamp}@example.com`;
  const username = `fr_${name}_${stamp}`;
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

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** A browser context signed in as `learner`, in English, at `viewport`. */
async function signedIn(
  learner: Learner,
  viewport: { width: number; height: number },
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport });
  await context.addCookies([
    { name: 'language', value: 'en', url: baseUrl },
    { name: 'session_hint', value: '1', url: baseUrl },
    { name: 'user_email', value: learner.email, url: baseUrl },
  ]);
  await context.addInitScript(
    ([access, refresh]) => {
      if (!localStorage.getItem('access_token')) {
        localStorage.setItem('access_token', access ?? '');
        localStorage.setItem('refresh_token', refresh ?? '');
      }
    },
    [learner.tokens.access, learner.tokens.refresh],
  );
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/**
 * Opens /friends and resolves once its events stream is open. The server answers the stream only
 * after it listens for the user's events, so nothing sent after this can be missed.
 */
async function openFriends(page: Page): Promise<void> {
  const stream = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/be/api/events/' && r.status() === 200,
  );
  await page.goto(`${baseUrl}/friends`);
  await stream;
}

/** One of the page's sections (Add a friend, Requests received, Requests sent, Your friends). */
const section = (page: Page, name: string) =>
  page.getByRole('main').getByRole('region', { name, exact: true });

/** The right panel's Friends card (desktop widths). */
const panelFriends = (page: Page) =>
  page.getByRole('complementary').getByRole('region', { name: 'Friends', exact: true });

/** The bottom bar's Friends badge (phone widths), read as "1 pending friend request". */
const badge = (page: Page) =>
  page.getByRole('navigation', { name: 'Quick navigation' }).getByText(/pending friend request/);

const bell = (page: Page, unseen: number) =>
  page.getByRole('button', {
    name: unseen === 0 ? 'Notifications' : `Notifications, ${unseen} new`,
    exact: true,
  });

/** Opens the bell, waits for `text` among its items, and closes it again. */
async function bellShows(page: Page, unseen: number, text: string): Promise<void> {
  await bell(page, unseen).click();
  await page.getByRole('menuitem', { name: new RegExp(`^${text}`) }).waitFor();
  await page.keyboard.press('Escape');
  await page.getByRole('menu').waitFor({ state: 'hidden' });
}

beforeAll(async () => {
  browser = await journeyBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('friends between two open browsers', () => {
  test('request, live badge and bell, accept, right panel, remove, cancel and reject', async () => {
    const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const ana = await register('ana', stamp);
    const ben = await register('ben', stamp);
    const a = await signedIn(ana, DESKTOP);
    const b = await signedIn(ben, PHONE);
    try {
      // Both open /friends: nothing yet on either side.
      await openFriends(b.page);
      await section(b.page, 'Requests received')
        .getByText('No friend requests waiting for you.')
        .waitFor();
      await b.page.getByRole('navigation', { name: 'Quick navigation' }).waitFor();
      expect(await badge(b.page).count()).toBe(0);
      await openFriends(a.page);
      await panelFriends(a.page).getByText('No friends yet.').waitFor();
      await section(a.page, 'Your friends')
        .getByText(/^No friends yet\./)
        .waitFor();

      // Ana finds Ben by the start of his username and asks.
      await a.page.getByLabel('Username or email').fill(ben.username.slice(0, -2));
      const add = section(a.page, 'Add a friend').getByRole('button', {
        name: `Add friend: ${ben.username}`,
      });
      await add.click();
      const sent = section(a.page, 'Requests sent');
      await sent.getByRole('button', { name: `Cancel request to ${ben.username}` }).waitFor();
      // The result now says where they stand.
      await section(a.page, 'Add a friend').getByText('Request sent').waitFor();

      // Ben, without reloading: the request, the badge and the bell.
      const received = section(b.page, 'Requests received');
      await received.getByRole('button', { name: `Accept ${ana.username}` }).waitFor();
      await badge(b.page).filter({ hasText: '1 pending friend request' }).waitFor();
      await bell(b.page, 1).click();
      await b.page
        .getByRole('menuitem', { name: new RegExp(`^${ana.username} sent you a friend request`) })
        .waitFor();
      // He accepts from the bell.
      await b.page.getByRole('menuitem', { name: `Accept ${ana.username}` }).click();
      await section(b.page, 'Your friends')
        .getByRole('button', { name: `Remove ${ana.username}` })
        .waitFor();
      await received.getByText('No friend requests waiting for you.').waitFor();
      await badge(b.page).waitFor({ state: 'detached' });

      // Ana, without reloading: Ben in the right panel and in her friends, her request gone.
      await panelFriends(a.page).getByText(ben.username, { exact: true }).waitFor();
      const anasFriends = section(a.page, 'Your friends');
      const duel = anasFriends.getByRole('link', { name: `Duel ${ben.username}` });
      await duel.waitFor();
      expect(await duel.getAttribute('href')).toBe(
        `/multiple-duels?opponent=${encodeURIComponent(ben.username)}`,
      );
      await sent.getByText('You have no requests waiting for an answer.').waitFor();
      await bellShows(a.page, 1, `${ben.username} accepted your friend request`);

      // Ana removes Ben, after confirming; both lists empty live.
      await anasFriends.getByRole('button', { name: `Remove ${ben.username}` }).click();
      const confirm = a.page.getByRole('dialog', { name: `Remove ${ben.username}?` });
      await confirm.getByRole('button', { name: 'Remove friend' }).click();
      await anasFriends.getByText(/^No friends yet\./).waitFor();
      await panelFriends(a.page).getByText('No friends yet.').waitFor();
      await section(b.page, 'Your friends')
        .getByText(/^No friends yet\./)
        .waitFor();
      await bellShows(b.page, 1, `${ana.username} removed you from their friends`);

      // Ana asks again by Ben's whole email (Enter sends), then cancels: Ben sees both.
      const field = a.page.getByLabel('Username or email');
      await field.fill(ben.email);
      await field.press('Enter');
      await sent.getByRole('button', { name: `Cancel request to ${ben.username}` }).waitFor();
      await received.getByRole('button', { name: `Accept ${ana.username}` }).waitFor();
      await badge(b.page).filter({ hasText: '1 pending friend request' }).waitFor();
      await sent.getByRole('button', { name: `Cancel request to ${ben.username}` }).click();
      await sent.getByText('You have no requests waiting for an answer.').waitFor();
      await received.getByText('No friend requests waiting for you.').waitFor();
      await badge(b.page).waitFor({ state: 'detached' });
      await bellShows(b.page, 2, `${ana.username} withdrew their friend request`);

      // Ben asks Ana by her username; she rejects; his sent request goes away live.
      const benField = b.page.getByLabel('Username or email');
      await benField.fill(ana.username);
      await benField.press('Enter');
      const bensSent = section(b.page, 'Requests sent');
      await bensSent.getByRole('button', { name: `Cancel request to ${ana.username}` }).waitFor();
      const anaReceived = section(a.page, 'Requests received');
      await anaReceived.getByRole('button', { name: `Reject ${ben.username}` }).click();
      await anaReceived.getByText('No friend requests waiting for you.').waitFor();
      await bensSent.getByText('You have no requests waiting for an answer.').waitFor();
      await bellShows(b.page, 1, `${ana.username} declined your friend request`);

      expect(a.errors).toEqual([]);
      expect(b.errors).toEqual([]);
    } finally {
      await a.context.close();
      await b.context.close();
    }
  });
});
