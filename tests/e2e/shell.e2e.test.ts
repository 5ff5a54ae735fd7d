// The shell journeys (issue 3, item 8) in Debian's Chromium against the real product: a visitor
// reads the landing and pricing, registers (each validation message in order), reaches the
// dashboard, logs out and in; the guard; Spanish and dark surviving a reload; the cookie choice
// remembered; the Premium modal for a free user on Duels (and none for Standard); an expired
// access token refreshed once without the user noticing.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { journeyBrowser } from '../support/chromium.ts';
import { waitForQuiet } from '../support/quiet.ts';
import { LAPTOP_VIEWPORT } from '../support/viewport.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

const FREE_DEMO = { email: 'demo@memoria.app', password: 'demo-password' };
const STANDARD_DEMO = { email: 'standard@memoria.app', password: 'standard-password' };
const REFRESH_PATH = '/be/api/auth/token/refresh/';

/** A fresh context (English browser, desktop width) and its page, collecting uncaught errors. */
async function freshPage(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport: LAPTOP_VIEWPORT,
    locale: 'en-US',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/** Runs `journey` in a fresh context, closed afterwards whatever happens. */
async function inFreshContext(
  journey: (page: Page, errors: string[], context: BrowserContext) => Promise<void>,
): Promise<void> {
  const { context, page, errors } = await freshPage();
  try {
    await journey(page, errors, context);
  } finally {
    await context.close();
  }
}

function unique(tag: string) {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    email: `shell-${tag}-${stamp}@example.com`,
    username: `shell_${tag}_${stamp}`,
    password: 'journey-password',
  };
}

/** A new learner, registered through the API (the journeys that are not about registering). */
async function registerThroughApi(tag: string) {
  const user = unique(tag);
  const response = await fetch(`${baseUrl}/be/api/auth/users/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...user, password2: user.password, timezone: 'UTC' }),
  });
  if (!response.ok) throw new Error(`register: ${response.status} ${await response.text()}`);
  return user;
}

function path(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Fills the login form already on screen and submits it; ends on the dashboard. */
async function logInWithForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('heading', { name: 'Log in', level: 1 }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(`${baseUrl}/`);
  await dashboard(page).waitFor();
  // The greeting names the user once the islands are live and have their data.
  await page.getByRole('heading', { name: /^Welcome( back)?, .+!$/, level: 1 }).waitFor();
}

async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await logInWithForm(page, email, password);
}

/** The signed-in dashboard's list of modes (never on the landing). */
function dashboard(page: Page, title = 'Modes') {
  return page.getByRole('main').getByRole('heading', { name: title, level: 2 });
}

function cookieBanner(page: Page) {
  return page.getByRole('region', { name: 'We use cookies' });
}

function html(page: Page) {
  return page.evaluate(() => ({
    lang: document.documentElement.lang,
    theme: document.documentElement.dataset.theme,
  }));
}

beforeAll(async () => {
  browser = await journeyBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('a visitor becomes a learner', () => {
  test('landing, pricing, register with each message in order, dashboard, logout, login', async () => {
    await inFreshContext(async (page, errors) => {
      // The landing: hero, stats band and the two plan cards.
      await page.goto(`${baseUrl}/`);
      await page.getByRole('heading', { name: 'Remember more, in less time', level: 1 }).waitFor();
      const stats = page.getByRole('region', { name: 'Results that stick' });
      for (const [value, label] of [
        ['95%', 'retention improvement'],
        ['3x', 'faster learning'],
        ['1k+', 'active students'],
      ] as const) {
        await stats.getByText(value, { exact: true }).waitFor();
        await stats.getByText(label, { exact: true }).waitFor();
      }
      const landingPlans = page.getByRole('region', { name: 'Simple plans' }).getByRole('article');
      expect(await landingPlans.count()).toBe(2);
      await page.getByRole('article', { name: 'Free' }).getByText('$0').waitFor();
      await page.getByRole('article', { name: 'Standard' }).getByText('$6.999').waitFor();
      expect(await dashboard(page).count()).toBe(0);

      // Pricing: three plans and a working back-to-home link.
      await page.getByRole('link', { name: 'See pricing' }).click();
      await page.waitForURL(`${baseUrl}/pricing`);
      await page.getByRole('heading', { name: 'Plans and pricing', level: 1 }).waitFor();
      for (const plan of ['Free', 'Standard', 'Enterprise']) {
        await page.getByRole('article', { name: plan }).waitFor();
      }
      expect(await page.getByRole('article').count()).toBe(3);
      // Contact sales is the same working form as on the signed-in pricing (issue 9, item 9).
      expect(await page.getByText('coming to this page very soon').count()).toBe(0);
      await page
        .getByRole('article', { name: 'Enterprise' })
        .getByRole('button', { name: 'Contact sales' })
        .click();
      const contact = page.getByRole('dialog', { name: 'Contact sales' });
      await contact.waitFor();
      // Focus starts in the first field, not on the close button (issue 9, item 3).
      expect(await contact.getByLabel('Name').evaluate((el) => el === document.activeElement)).toBe(
        true,
      );
      await page.keyboard.type('Ada Lovelace');
      await contact.getByLabel('Email').fill('ada@example.com');
      // The message goes to the sales outbox, which needs one (issue 14): the form stays open.
      await contact.getByLabel('Email').press('Enter');
      await contact.locator('textarea[aria-invalid="true"]').waitFor();
      await contact.getByLabel('Message').fill('Fifty seats for our school, please.');
      await contact.getByLabel('Email').press('Enter');
      await contact.waitFor({ state: 'hidden' });
      await page.getByText('Thank you! Our sales team will contact you soon.').waitFor();
      await page.getByRole('link', { name: 'Back to home' }).click();
      await page.waitForURL(`${baseUrl}/`);
      await page.getByRole('heading', { name: 'Remember more, in less time', level: 1 }).waitFor();

      // Register: each validation message, in the spec's order.
      await page
        .getByRole('navigation', { name: 'Account' })
        .getByRole('link', { name: 'Sign up' })
        .click();
      await page.waitForURL(`${baseUrl}/register`);
      await page.getByRole('heading', { name: 'Create your account', level: 1 }).waitFor();
      const submit = page.getByRole('button', { name: 'Register' });
      const alert = page.getByRole('alert');
      await submit.click();
      await alert.filter({ hasText: 'All fields are required' }).waitFor();

      const user = unique('visitor');
      await page.getByLabel('Email').fill(user.email);
      await page.getByLabel('Username').fill(user.username);
      await page.getByLabel('Password', { exact: true }).fill(user.password);
      await page.getByLabel('Confirm password').fill('another-password');
      await submit.click();
      await alert.filter({ hasText: 'Passwords do not match' }).waitFor();

      await page.getByLabel('Password', { exact: true }).fill('seven77');
      await page.getByLabel('Confirm password').fill('seven77');
      await submit.click();
      await alert.filter({ hasText: 'Password must be at least 8 characters long' }).waitFor();

      // Valid data: the account is created, signed in automatically, and `/` is the dashboard.
      await page.getByLabel('Password', { exact: true }).fill(user.password);
      await page.getByLabel('Confirm password').fill(user.password);
      await submit.click();
      await page.waitForURL(`${baseUrl}/`);
      await dashboard(page).waitFor();
      await page.getByRole('heading', { name: `Welcome, ${user.username}!`, level: 1 }).waitFor();
      expect(await page.getByRole('heading', { name: 'Remember more, in less time' }).count()).toBe(
        0,
      );

      // Logout, then login again.
      await page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('button', { name: 'Logout' })
        .click();
      // Logout navigates twice (the guard on auth-change, then the logout itself): wait for the
      // page that stays rather than for one navigation, which the other may abort.
      await page.getByRole('heading', { name: 'Log in', level: 1 }).waitFor();
      expect(path(page)).toBe('/login');
      expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
      await logInWithForm(page, user.email, user.password);
      await page.getByRole('heading', { name: `Welcome, ${user.username}!`, level: 1 }).waitFor();
      expect(errors).toEqual([]);
    });
  });

  test('the guard sends a signed-out visit of /friends to /login', async () => {
    await inFreshContext(async (page) => {
      await page.goto(`${baseUrl}/friends`);
      await page.waitForURL(`${baseUrl}/login`);
      await page.getByRole('heading', { name: 'Log in', level: 1 }).waitFor();
      expect(path(page)).toBe('/login');
    });
  });
});

describe('language and theme', () => {
  test('a signed-in learner switches to Spanish and dark in the top bar; both survive a reload', async () => {
    const user = await registerThroughApi('prefs');
    await inFreshContext(async (page, errors) => {
      await logIn(page, user.email, user.password);
      expect(await html(page)).toEqual({ lang: 'en', theme: 'light' });

      const language = page.getByRole('group', { name: 'Language' });
      await language.getByRole('button', { name: /Español/ }).click();
      // The islands re-render in Spanish at once.
      await dashboard(page, 'Modos').waitFor();
      await page.getByRole('button', { name: 'Cambiar al tema oscuro' }).click();
      await page.getByRole('button', { name: 'Cambiar al tema claro' }).waitFor();
      expect(await html(page)).toEqual({ lang: 'es', theme: 'dark' });

      await page.reload();
      expect(await html(page)).toEqual({ lang: 'es', theme: 'dark' });
      await page
        .getByRole('heading', { name: `¡Te damos la bienvenida, ${user.username}!`, level: 1 })
        .waitFor();
      await dashboard(page, 'Modos').waitFor();
      await page
        .getByRole('group', { name: 'Idioma' })
        .getByRole('button', { name: /Español/, pressed: true })
        .waitFor();
      expect(errors).toEqual([]);
    });
  });

  test('a visitor switches to Spanish and dark with the landing header links; both survive a reload', async () => {
    await inFreshContext(async (page) => {
      await page.goto(`${baseUrl}/`);
      await page.getByRole('heading', { name: 'Remember more, in less time', level: 1 }).waitFor();
      expect(await html(page)).toEqual({ lang: 'en', theme: 'light' });

      const preferences = page.getByRole('navigation', { name: 'Display preferences' });
      await preferences.getByRole('link', { name: 'Español' }).click();
      await page.getByRole('heading', { name: 'Recuerda más en menos tiempo', level: 1 }).waitFor();
      await page
        .getByRole('navigation', { name: 'Preferencias de visualización' })
        .getByRole('link', { name: 'Cambiar al tema oscuro' })
        .click();
      await page.getByRole('link', { name: 'Cambiar al tema claro' }).waitFor();
      expect(path(page)).toBe('/');
      expect(await html(page)).toEqual({ lang: 'es', theme: 'dark' });

      await page.reload();
      expect(await html(page)).toEqual({ lang: 'es', theme: 'dark' });
      await page.getByRole('heading', { name: 'Recuerda más en menos tiempo', level: 1 }).waitFor();
      // Another static page follows the same choice.
      await page.goto(`${baseUrl}/terms`);
      expect(await html(page)).toEqual({ lang: 'es', theme: 'dark' });
    });
  });
});

describe('the cookie banner', () => {
  test('Accept all hides it, and it stays hidden after a reload', async () => {
    await inFreshContext(async (page) => {
      await page.goto(`${baseUrl}/`);
      const banner = cookieBanner(page);
      await banner.waitFor();
      for (const chip of ['Essential', 'Analytics', 'Preferences']) {
        await banner.getByText(chip, { exact: true }).waitFor();
      }
      await banner.getByRole('button', { name: 'Accept all' }).click();
      await banner.waitFor({ state: 'hidden' });
      expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBe('accepted');

      await page.reload();
      await page.getByRole('heading', { name: 'Remember more, in less time', level: 1 }).waitFor();
      expect(await cookieBanner(page).isVisible()).toBe(false);
      // And on the other static pages too.
      await page.goto(`${baseUrl}/terms`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await cookieBanner(page).isVisible()).toBe(false);
    });
  });

  test('Decline hides it, and it stays hidden after a reload', async () => {
    await inFreshContext(async (page) => {
      await page.goto(`${baseUrl}/terms`);
      const banner = cookieBanner(page);
      await banner.waitFor();
      await banner.getByRole('button', { name: 'Decline' }).click();
      await banner.waitFor({ state: 'hidden' });
      expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBe('declined');

      await page.reload();
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await cookieBanner(page).isVisible()).toBe(false);
    });
  });
  test('the choice survives a login and a logout (issue 9, item 7)', async () => {
    const user = await registerThroughApi('consent');
    await inFreshContext(async (page) => {
      await page.goto(`${baseUrl}/login`);
      await cookieBanner(page).getByRole('button', { name: 'Accept all' }).click();
      await cookieBanner(page).waitFor({ state: 'hidden' });
      await logInWithForm(page, user.email, user.password);
      await page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('button', { name: 'Logout' })
        .click();
      await page.getByRole('heading', { name: 'Log in', level: 1 }).waitFor();
      expect(path(page)).toBe('/login');
      expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBe('accepted');
      expect(await cookieBanner(page).isVisible()).toBe(false);
    });
  });
});

describe('the plans gate', () => {
  test('the free demo user opening Duels gets the Premium modal; Upgrade now lands on /pricing', async () => {
    await inFreshContext(async (page, errors) => {
      await logIn(page, FREE_DEMO.email, FREE_DEMO.password);
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      const duels = nav.getByRole('link', { name: /^Duels/ });
      // PREMIUM badges once the plan is known: on every mode but Space Repetition.
      await duels.getByText('PREMIUM', { exact: false }).waitFor();
      expect(await nav.getByRole('link', { name: /^Space Repetition/ }).textContent()).not.toMatch(
        /premium/i,
      );
      await duels.click();
      await page.waitForURL(`${baseUrl}/multiple-duels`);

      const modal = page.getByRole('dialog', { name: 'Duels' });
      await modal.waitFor();
      await modal.getByText('AI assistance', { exact: false }).waitFor();
      await modal.getByRole('button', { name: 'Maybe later' }).waitFor();
      await modal.getByRole('link', { name: 'Upgrade now' }).click();
      await page.waitForURL(`${baseUrl}/pricing`);
      await page.getByRole('heading', { name: 'Plans and pricing', level: 1 }).waitFor();
      expect(errors).toEqual([]);
    });
  });

  test('the standard demo user opening Duels gets no modal', async () => {
    await inFreshContext(async (page, errors) => {
      await logIn(page, STANDARD_DEMO.email, STANDARD_DEMO.password);
      await page.goto(`${baseUrl}/multiple-duels`);
      // The page's own content shows once access is known to be allowed.
      await page.getByRole('heading', { name: 'Duels', level: 1 }).waitFor();
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Upgrade now' }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Upgrade now' }).count()).toBe(0);
      expect(errors).toEqual([]);
    });
  });
});

describe('the session', () => {
  for (const variant of ['expired', 'garbage'] as const) {
    test(`${variant === 'expired' ? 'an expired' : 'a garbage'} access token is refreshed once, unnoticed`, async () => {
      const user = await registerThroughApi(`refresh-${variant}`);
      await inFreshContext(async (page, errors) => {
        await logIn(page, user.email, user.password);
        const before = await page.evaluate(() => ({
          access: localStorage.getItem('access_token') ?? '',
          refresh: localStorage.getItem('refresh_token') ?? '',
        }));
        expect(before.access).not.toBe('');
        expect(before.refresh).not.toBe('');

        // The dashboard is live and quiet: nothing of this page is still on its way.
        await waitForQuiet(page);

        // Replace the access token: a well-formed JWT that expired an hour ago (its signature no
        // longer matches either), or plain garbage. The refresh token stays. Requests are counted
        // from the reloaded document on (the page being left can send nothing more that counts).
        const stale = variant === 'expired' ? expiredCopy(before.access) : 'garbage.token.value';
        const refreshes: string[] = [];
        const loginVisits: string[] = [];
        let reloaded = false;
        page.on('framenavigated', (frame) => {
          if (frame !== page.mainFrame()) return;
          reloaded = true;
          if (new URL(frame.url()).pathname === '/login') loginVisits.push(frame.url());
        });
        page.on('request', (request) => {
          const url = new URL(request.url());
          if (reloaded && request.method() === 'POST' && url.pathname === REFRESH_PATH) {
            refreshes.push(request.url());
          }
        });
        await Promise.all([
          page.waitForEvent('load'),
          page.evaluate((token) => {
            localStorage.setItem('access_token', token);
            setTimeout(() => location.reload());
          }, stale),
        ]);
        await page.getByRole('heading', { name: `Welcome, ${user.username}!`, level: 1 }).waitFor();
        await waitForQuiet(page);
        expect(path(page)).toBe('/');
        expect(loginVisits).toEqual([]);
        expect(refreshes).toHaveLength(1);

        const after = await page.evaluate(() => localStorage.getItem('access_token'));
        // A fresh, unexpired token (the same second may sign the same claims as at login).
        expect(after).not.toBe(stale);
        expect(expiresAt(after ?? '')).toBeGreaterThan(Date.now());

        // The new token works: another signed-in page with data, and no further refresh.
        await page.goto(`${baseUrl}/space-repetition`);
        await page.getByRole('heading', { name: 'No decks yet' }).waitFor();
        await waitForQuiet(page);
        expect(refreshes).toHaveLength(1);
        expect(path(page)).toBe('/space-repetition');
        expect(errors).toEqual([]);
      });
    });
  }
});

/** The `exp` of a JWT, in ms. */
function expiresAt(token: string): number {
  const payload = token.split('.')[1] ?? '';
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp: number };
  return claims.exp * 1000;
}

/** The same JWT with `exp` an hour in the past (header and signature kept). */
function expiredCopy(token: string): string {
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || signature === undefined) throw new Error('not a JWT');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
    exp?: number;
  };
  claims.exp = Math.floor(Date.now() / 1000) - 3600;
  return [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');
}
