// Client-side navigation between app pages (Astro's <ClientRouter />, issue 11) in Chromium
// against the built product: no document is loaded, the first page's Content-Security-Policy
// allows everything the next pages bring (every app page is checked, then a browser walks
// through several), the layout islands follow the page, and a page shows data as fresh as a
// full page load would.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { launchChromium } from '../support/chromium.ts';
import { waitForQuiet } from '../support/quiet.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** Every app page kind (AppLayout), ids made up where the route has one. */
const APP_PAGES = [
  '/',
  '/space-repetition',
  '/space-repetition/1',
  '/friends',
  '/my-progress',
  '/profile',
  '/conversion-table',
  '/macro-images',
  '/macro-images/1',
  '/desk-duel',
  '/numbers-duel',
  '/images-duel',
  '/custom-duel',
  '/multiple-duels',
  '/duel/1',
  '/image-duel/1',
  '/table-duel/1',
  '/schools',
  '/schools/1',
  '/no-such-page',
];

const sha256 = async (text: string) => {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return `'sha256-${Buffer.from(digest).toString('base64')}'`;
};

/** A page's policy for scripts and styles, and the hashes of its inline scripts and styles. */
async function inlineParts(path: string) {
  const response = await fetch(`${baseUrl}${path}`, { headers: { cookie: 'session_hint=1' } });
  const html = await response.text();
  const policy = response.headers.get('content-security-policy') ?? '';
  const sources = (name: string) =>
    new Set(
      policy
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .find(([directive]) => directive === name)
        ?.slice(1) ?? [],
    );
  const bodies = (tag: string) =>
    [...html.matchAll(new RegExp(`<${tag}(\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'g'))]
      .filter((match) => !/\ssrc=/.test(match[1] ?? '') && (match[2] ?? '') !== '')
      .map((match) => match[2] ?? '');
  return {
    html,
    scriptSrc: sources('script-src'),
    styleSrc: sources('style-src'),
    scripts: await Promise.all(bodies('script').map(sha256)),
    styles: await Promise.all(bodies('style').map(sha256)),
  };
}

describe('every app page, whichever is loaded first', () => {
  test("each page's inline scripts and styles are allowed by every app page's policy", async () => {
    const pages = await Promise.all(
      APP_PAGES.map(async (path) => [path, await inlineParts(path)] as const),
    );
    for (const [path, parts] of pages) {
      // The router runs only between pages that carry it.
      expect(parts.html, path).toContain('name="astro-view-transitions-enabled"');
      expect(parts.styles.length, path).toBeGreaterThan(0);
    }
    const refused: string[] = [];
    for (const [first, policy] of pages) {
      for (const [next, parts] of pages) {
        for (const hash of parts.scripts) {
          if (!policy.scriptSrc.has(hash)) refused.push(`script ${hash} of ${next} on ${first}`);
        }
        for (const hash of parts.styles) {
          if (!policy.styleSrc.has(hash)) refused.push(`style ${hash} of ${next} on ${first}`);
        }
      }
    }
    expect(refused).toEqual([]);
  });
});

type Learner = { access: string; refresh: string };

async function api<T>(path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl}/be/api${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function newLearner(): Promise<Learner> {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `router-${stamp}@example.com`;
  const password = 'router-password';
  await api('/auth/users/', {
    email,
    username: `router_${stamp}`,
    password,
    password2: password,
    timezone: 'UTC',
  });
  return api<Learner>('/auth/token/', { email, password });
}

/** A signed-in context whose pages report CSP violations and page errors. */
async function signedIn(learner: Learner, width = 1440) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'en-US' });
  const problems: string[] = [];
  await context.exposeFunction('__reportCspViolation', (text: string) => problems.push(text));
  await context.addCookies([{ name: 'session_hint', value: '1', url: baseUrl }]);
  await context.addInitScript((tokens) => {
    localStorage.setItem('access_token', tokens.access);
    localStorage.setItem('refresh_token', tokens.refresh);
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __reportCspViolation(text: string): void }).__reportCspViolation(
        `${event.violatedDirective} refused on ${location.pathname}`,
      );
    });
  }, learner);
  const page = await context.newPage();
  page.on('pageerror', (error) => problems.push(error.message));
  return { context, page, problems };
}

/** A mark on the window: still there after a navigation means no document was loaded. */
const markWindow = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { __sameDocument?: boolean }).__sameDocument = true;
  });
const sameWindow = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

/** Clicks the first link to `href` and waits for that page's URL. */
async function follow(page: Page, href: string, scope = page.locator('body')) {
  await scope.locator(`a[href="${href}"]`).first().click();
  await page.waitForURL(`${baseUrl}${href}`);
}

/** True while the page's own styles apply (the layout's skip link is out of the flow). */
const styled = (page: Page) =>
  page.evaluate(() => {
    const skipLink = document.querySelector('a[href="#main"]');
    return skipLink !== null && getComputedStyle(skipLink).position === 'absolute';
  });

async function closing(context: BrowserContext, journey: () => Promise<void>) {
  try {
    await journey();
  } finally {
    await context.close();
  }
}

describe('moving between app pages in the browser', () => {
  test('no page load, no refused script or style, the sidebar and title follow', async () => {
    const { context, page, problems } = await signedIn(await newLearner());
    await closing(context, async () => {
      await page.goto(`${baseUrl}/space-repetition`);
      await page.getByRole('heading', { name: 'Space Repetition', level: 1 }).waitFor();
      await waitForQuiet(page);
      await markWindow(page);
      const sidebar = page.getByRole('navigation', { name: 'Main navigation' });
      const everywhere = page.locator('body');

      // Friends is linked from the right panel; the others from the sidebar, which marks them.
      for (const [href, heading, scope] of [
        ['/my-progress', 'My progress', sidebar],
        ['/profile', 'Profile', sidebar],
        ['/friends', 'Friends', everywhere],
        ['/space-repetition', 'Space Repetition', sidebar],
      ] as const) {
        await follow(page, href, scope);
        await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
        expect(await page.title()).toBe(`${heading} · Memoria`);
        if (scope === sidebar) {
          expect(await sidebar.locator(`a[href="${href}"]`).getAttribute('aria-current')).toBe(
            'page',
          );
        }
        expect(await sidebar.locator('[aria-current="page"]').count()).toBe(
          scope === sidebar ? 1 : 0,
        );
        expect(await styled(page), href).toBe(true);
      }
      await page.goBack();
      await page.waitForURL(`${baseUrl}/friends`);
      await page.getByRole('heading', { name: 'Friends', level: 1 }).waitFor();
      await waitForQuiet(page);

      expect(await sameWindow(page)).toBe(true);
      expect(problems).toEqual([]);
    });
  });

  test('a page shows what changed since it was last shown, as a page load would', async () => {
    const learner = await newLearner();
    const { context, page, problems } = await signedIn(learner);
    await closing(context, async () => {
      await page.goto(`${baseUrl}/space-repetition`);
      await page.getByText('No decks yet').first().waitFor();
      await markWindow(page);
      await follow(page, '/friends');
      await page.getByRole('heading', { name: 'Friends', level: 1 }).waitFor();

      // Made elsewhere (another tab, another device) seconds after the list was fetched: the
      // cached list is well within its 30 s stale time.
      const desk = await api<{ id: number }>(
        '/space-repetition/desks/',
        { name: 'Made meanwhile' },
        learner.access,
      );
      await follow(page, '/space-repetition');
      await page.locator(`a[href="/space-repetition/${desk.id}"]`).first().waitFor();
      expect(await sameWindow(page)).toBe(true);
      expect(problems).toEqual([]);
    });
  });

  test('on a phone, the drawer closes once the page it opened is there', async () => {
    const { context, page, problems } = await signedIn(await newLearner(), 390);
    await closing(context, async () => {
      await page.goto(`${baseUrl}/space-repetition`);
      await page.getByRole('heading', { name: 'Space Repetition', level: 1 }).waitFor();
      await waitForQuiet(page);
      await markWindow(page);
      await page.getByRole('button', { name: 'Open menu' }).click();
      const drawer = page.getByRole('dialog', { name: 'Menu' });
      await follow(page, '/my-progress', drawer);
      await page.getByRole('heading', { name: 'My progress', level: 1 }).waitFor();
      await drawer.waitFor({ state: 'detached' });
      expect(await sameWindow(page)).toBe(true);
      expect(problems).toEqual([]);
    });
  });
});
