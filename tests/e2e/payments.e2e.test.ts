// The payments journey (issue 14) in Debian's Chromium against the real product with the offline
// sandbox provider: the free demo user meets the Premium modal, goes to /pricing, buys Standard
// through the sandbox's checkout tab (approve), sees the plan change live, opens the premium route,
// finds the subscription and its payment in /profile's list, cancels (access stays until the end
// date), renews from /profile (a second subscription, listed beside the cancelled one, its month
// starting where the cancelled one's ends), and once the server's test clock (MEMORIA_TEST_CLOCK,
// set by global-setup.ts) is past both end dates is free again. Then a renewal is declined at the sandbox and the profile says why the account stayed free.
// A Spanish learner's declined purchase closes it.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { jsonApi } from '../support/api.ts';
import { journeyBrowser } from '../support/chromium.ts';
import { LAPTOP_VIEWPORT } from '../support/viewport.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

const call = jsonApi(baseUrl);
const FREE_DEMO = { email: 'demo@memoria.app', password: 'demo-password' };
const DAY_SECONDS = 24 * 60 * 60;

type Tokens = { access: string; refresh: string };

/** A browser context signed in as `email` (tokens from the API, as the login form stores them). */
async function signedIn(
  email: string,
  password: string,
  language: 'en' | 'es',
): Promise<{ context: BrowserContext; page: Page; errors: string[]; tokens: Tokens }> {
  const tokens = await call<Tokens>('/auth/token/', {
    method: 'POST',
    body: JSON.stringify({ email, password }),
  });
  const context = await browser.newContext({
    viewport: LAPTOP_VIEWPORT,
    locale: language === 'es' ? 'es-AR' : 'en-US',
  });
  await context.addCookies([
    { name: 'language', value: language, url: baseUrl },
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
  // A step that never comes fails with its locator, well inside the test's own time-out.
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors, tokens };
}

/** Moves the server's subscription clock `days` ahead of real time (0: back to real time). */
async function moveClock(token: string, days: number): Promise<void> {
  await call('/auth/subscriptions/test-clock/', {
    method: 'PUT',
    token,
    body: JSON.stringify({ offset_seconds: days * DAY_SECONDS }),
  });
}

/** Presses `confirm` in the purchase confirmation; returns the checkout tab it opened. */
async function confirmPurchase(page: Page, confirm: string): Promise<Page> {
  const opened = page.context().waitForEvent('page');
  await page.getByRole('dialog').getByRole('button', { name: confirm }).click();
  const checkout = await opened;
  await checkout.waitForLoadState('domcontentloaded');
  return checkout;
}

/** The premium route: the Premium modal for a free account, the tool itself for Standard. */
async function openMacroImages(page: Page): Promise<'modal' | 'open'> {
  await page.goto(`${baseUrl}/macro-images`);
  const modal = page.getByRole('dialog', { name: 'Macro Images' });
  const tool = page.getByRole('heading', { name: 'Macro Images', level: 1 });
  await modal.or(tool).first().waitFor();
  return (await modal.count()) > 0 ? 'modal' : 'open';
}

/** The profile's card titled `title` (a section with its heading). */
function section(page: Page, title: string) {
  return page
    .getByRole('main')
    .locator('section', { has: page.getByRole('heading', { name: title, level: 2, exact: true }) });
}

beforeAll(async () => {
  browser = await journeyBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('plans and payments in the browser', () => {
  test('signed out, /pricing shows the prices and currency the API lists', async () => {
    type Plan = { name: string; price: number | null; currency: string };
    const plans = await call<Plan[]>('/auth/subscription-plans/');
    const standardPlan = plans.find((p) => p.name === 'standard') as Plan;
    const context = await browser.newContext({ viewport: LAPTOP_VIEWPORT, locale: 'en-US' });
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const read = page.waitForResponse((r) =>
        r.url().endsWith('/be/api/auth/subscription-plans/'),
      );
      await page.goto(`${baseUrl}/pricing`);
      expect((await read).status()).toBe(200);
      const figure = `$${new Intl.NumberFormat('es-AR').format(standardPlan.price as number)}`;
      const standard = page.getByRole('article', { name: 'Standard' });
      await standard.getByText(figure, { exact: true }).waitFor();
      await standard.getByText(`${standardPlan.currency} per month`).waitFor();
      await page.getByRole('article', { name: 'Free' }).getByText('$0', { exact: true }).waitFor();
      await page
        .getByRole('article', { name: 'Enterprise' })
        .getByText('Custom price', { exact: true })
        .waitFor();
      expect(await page.locator('[aria-busy="true"]').count()).toBe(0);
      expect(await page.getByText('Loading the price…').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('the free demo user buys Standard at the sandbox, sees it listed, cancels, renews, is free after the end dates, and a declined renewal says why', async () => {
    const { context, page, errors, tokens } = await signedIn(
      FREE_DEMO.email,
      FREE_DEMO.password,
      'en',
    );
    const token = tokens.access;
    try {
      // A premium route opens the Premium modal; Upgrade now leads to /pricing.
      expect(await openMacroImages(page)).toBe('modal');
      const modal = page.getByRole('dialog', { name: 'Macro Images' });
      await modal.getByRole('link', { name: 'Upgrade now' }).click();
      await page.waitForURL(`${baseUrl}/pricing`);
      const standard = page.getByRole('article', { name: 'Standard' });
      const free = page.getByRole('article', { name: 'Free' });
      await free.getByText('Current plan').waitFor();

      // Buy now → confirmation → the checkout opens in a new tab with the spec's message.
      await standard.getByRole('button', { name: 'Buy now' }).click();
      await page.getByRole('dialog', { name: 'Confirm your purchase' }).waitFor();
      const checkout = await confirmPurchase(page, 'Confirm');
      await page.getByText('Redirecting to Mercado Pago to complete your payment...').waitFor();
      expect(new URL(checkout.url()).pathname).toMatch(/^\/be\/api\/auth\/sandbox-checkout\/sbx_/);

      // The sandbox's page is labelled as a test payment; approve it.
      await checkout.getByRole('heading', { name: 'Test payment' }).waitFor();
      await checkout.getByText('Sandbox checkout: this is a test payment.').waitFor();
      await checkout.getByText(FREE_DEMO.email).waitFor();
      await checkout.getByRole('button', { name: 'Approve test payment' }).click();
      await checkout.getByText('Test payment approved. Your plan is active').waitFor();

      // Back in the product the plan changed live (events stream), without a reload.
      await standard.getByText('Current plan').waitFor();
      expect(await free.getByText('Current plan').count()).toBe(0);

      // The sandbox's way back is the profile: active, next billing date, and in the list of
      // subscriptions this one with its payment.
      // The way back lands on /profile with the checkout's marker: the spec's "check your email"
      // confirmation shows once, and the marker leaves the address.
      await checkout.getByRole('link', { name: 'Back to Memoria' }).click();
      await checkout
        .getByText('Payment success: check your email to confirm the account.')
        .waitFor();
      expect(checkout.url()).toBe(`${baseUrl}/profile`);
      await checkout.close();
      await page.goto(`${baseUrl}/profile`);
      const subscription = section(page, 'Subscription');
      await subscription.getByText('Active', { exact: true }).waitFor();
      const list = section(page, 'Your subscriptions');
      const bought = list.getByRole('listitem', { name: 'Standard · Active' });
      const history = bought.getByRole('region', { name: 'Payment history' });
      const payment = history.getByRole('row').filter({ hasText: 'Approved' });
      await payment.waitFor();
      expect(await payment.textContent()).toContain('6,999.00');
      expect(await list.getByRole('listitem').count()).toBe(1);
      const nextBilling = subscription.locator('dt', { hasText: 'Next billing date' });
      expect(await nextBilling.locator('xpath=following-sibling::dd[1]').textContent()).toMatch(
        /^\w+ \d{1,2}, \d{4}$/,
      );

      // The premium route opens now.
      expect(await openMacroImages(page)).toBe('open');
      expect(await page.getByRole('dialog').count()).toBe(0);

      // Cancel, confirmed first: cannot be undone, access stays until the end date.
      await page.goto(`${baseUrl}/profile`);
      await subscription.getByRole('button', { name: 'Cancel subscription' }).click();
      const confirm = page.getByRole('dialog', { name: 'Cancel your subscription?' });
      await confirm.getByText(/^This cannot be undone\. You keep Standard until /).waitFor();
      await confirm.getByRole('button', { name: 'Cancel subscription' }).click();
      await page
        .getByText(/^Subscription cancelled\. You have access until \w+ \d+, \d{4}\.$/)
        .waitFor();
      await subscription.getByText('Cancelled', { exact: true }).waitFor();
      const cancelled = list.getByRole('listitem', { name: 'Standard · Cancelled' });
      await cancelled.getByText('Cancelled on').waitFor();
      await subscription.getByRole('button', { name: 'Renew subscription' }).waitFor();
      expect(await openMacroImages(page)).toBe('open');

      // Renew after the cancel: a new subscription through create_subscription, paid at the
      // sandbox; the list keeps the cancelled one and its payment below the new one.
      await page.goto(`${baseUrl}/profile`);
      await subscription.getByRole('button', { name: 'Renew subscription' }).click();
      const renewed = await confirmPurchase(page, 'Confirm');
      await renewed.getByRole('button', { name: 'Approve test payment' }).click();
      await renewed.getByText('Test payment approved. Your plan is active').waitFor();
      await renewed.close();
      await subscription.getByText('Active', { exact: true }).waitFor();
      await subscription.getByRole('button', { name: 'Cancel subscription' }).waitFor();
      const items = list.getByRole('listitem');
      await items.nth(1).waitFor();
      expect(
        await items.evaluateAll((li) => li.map((item) => item.querySelector('h3')?.textContent)),
      ).toEqual(['Standard · Active', 'Standard · Cancelled']);
      for (const item of [list.getByRole('listitem', { name: 'Standard · Active' }), cancelled]) {
        await item.getByRole('row').filter({ hasText: 'Approved' }).waitFor();
      }

      // The renewal's month starts where the cancelled one's paid access ends (no paid day lost);
      // past both end dates (the server's test clock 63 days ahead) the account is free again.
      await moveClock(token, 63);
      expect(await openMacroImages(page)).toBe('modal');
      await page.goto(`${baseUrl}/profile`);
      await subscription.getByText('Expired', { exact: true }).waitFor();
      // The list is its own read (GET auth/subscriptions/): the section above can show before it
      // has loaded, so wait for its items rather than count a skeleton.
      const expired = list.getByRole('listitem', { name: 'Standard · Expired' });
      await expired.nth(1).waitFor();
      expect(await expired.count()).toBe(2);
      const plan = subscription.locator('dt', { hasText: 'Account plan' });
      expect(await plan.locator('xpath=following-sibling::dd[1]').textContent()).toBe('Free');

      // Renew: a new purchase; the sandbox declines it and the profile says why, live.
      await subscription.getByRole('button', { name: 'Renew subscription' }).click();
      const renewal = await confirmPurchase(page, 'Confirm');
      await renewal.getByRole('button', { name: 'Decline test payment' }).click();
      await renewal.getByText('Test payment declined.').waitFor();
      await renewal.close();
      await subscription.getByText('Payment failed', { exact: true }).waitFor();
      await subscription
        .getByText('The payment was declined. Your account stays on the free plan.')
        .waitFor();
      expect(await plan.locator('xpath=following-sibling::dd[1]').textContent()).toBe('Free');
      expect(await openMacroImages(page)).toBe('modal');
      expect(errors).toEqual([]);
    } finally {
      await moveClock(token, 0);
      await context.close();
    }
  });

  test('a declined purchase in Spanish leaves the account free and says why', async () => {
    const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const email = `pay-es-${stamp}@example.com`;
    const password = 'journey-password';
    await call('/auth/users/', {
      method: 'POST',
      body: JSON.stringify({
        email,
        username: `pay_es_${stamp}`,
        password,
        password2: password,
        timezone: 'UTC',
      }),
    });
    const { context, page, errors } = await signedIn(email, password, 'es');
    try {
      await page.goto(`${baseUrl}/pricing`);
      const standard = page.getByRole('article', { name: 'Standard' });
      await standard.getByRole('button', { name: 'Comprar ahora' }).click();
      await page.getByRole('dialog', { name: 'Confirma tu compra' }).waitFor();
      const checkout = await confirmPurchase(page, 'Confirmar');
      await page.getByText('Redirigiendo a Mercado Pago para completar tu pago...').waitFor();
      await checkout.getByRole('heading', { name: 'Pago de prueba' }).waitFor();
      await checkout.getByRole('button', { name: 'Rechazar pago de prueba' }).click();
      await checkout.getByText('Pago de prueba rechazado.').waitFor();
      await checkout.close();

      await page.goto(`${baseUrl}/profile`);
      const subscription = section(page, 'Suscripción');
      await subscription.getByText('Pago fallido', { exact: true }).waitFor();
      await subscription
        .getByText('El pago fue rechazado. Tu cuenta sigue en el plan gratuito.')
        .waitFor();
      const failed = section(page, 'Tus suscripciones').getByRole('listitem', {
        name: 'Standard · Pago fallido',
      });
      const history = failed.getByRole('region', { name: 'Historial de pagos' });
      await history.getByRole('row').filter({ hasText: 'Rechazado' }).waitFor();
      await subscription.getByRole('button', { name: 'Renovar suscripción' }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
