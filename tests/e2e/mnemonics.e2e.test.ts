// The mnemonics journey in Debian's Chromium against the real product: the Standard demo learner
// converts numbers to Major-System words, generates a phrase, opens a macro-image chat, gets a
// story for a 10-digit number and a list of words, edits the message, reloads and sees the chat.
// A new free learner opening either tool gets the Premium modal.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { jsonApi } from '../support/api.ts';
import { launchChromium } from '../support/chromium.ts';
import { waitForQuiet } from '../support/quiet.ts';

const baseUrl = inject('baseUrl');
const call = jsonApi(baseUrl);
const STANDARD_DEMO = { email: 'standard@memoria.app', password: 'standard-password' };
let browser: Browser;

type Tokens = { access: string; refresh: string };

async function freeLearner(): Promise<{ email: string; tokens: Tokens }> {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `mn-${stamp}@example.com`;
  const password = 'journey-password';
  await call('/auth/users/', {
    method: 'POST',
    body: JSON.stringify({ email, username: `mn_${stamp}`, password, password2: password }),
  });
  const tokens = await call<Tokens>('/auth/token/', {
    method: 'POST',
    body: JSON.stringify({ email, password }),
  });
  return { email, tokens };
}

async function signedIn(email: string, tokens: Tokens) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
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
  return { context, page, errors };
}

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

async function sendMessage(page: Page, text: string) {
  const composer = page.getByLabel('Your message');
  await composer.fill(text);
  await composer.press('Enter');
}

describe('mnemonics', () => {
  test('a Standard learner converts numbers and builds a story chat', async () => {
    const tokens = await call<Tokens>('/auth/token/', {
      method: 'POST',
      body: JSON.stringify(STANDARD_DEMO),
    });
    const { context, page, errors } = await signedIn(STANDARD_DEMO.email, tokens);
    try {
      await page.goto(`${baseUrl}/conversion-table`);
      await page.getByRole('heading', { name: 'Conversion Table', level: 1 }).waitFor();
      await page.getByLabel('Numbers (separated by spaces)').fill('28 3141592653');
      await page.getByRole('button', { name: 'Convert', exact: true }).click();
      await page.getByText('knife', { exact: true }).waitFor();
      expect(await page.getByText('Ways to split it').count()).toBeGreaterThan(0);
      await page.getByLabel('Number for a phrase').fill('3141592653');
      await page.getByRole('button', { name: 'Generate phrase' }).click();
      await page
        .getByText(/^A [a-z]+/)
        .first()
        .waitFor();

      await page.goto(`${baseUrl}/macro-images`);
      await page.getByRole('heading', { name: 'Macro Images', level: 1 }).waitFor();
      await waitForQuiet(page);
      await page.getByRole('button', { name: 'New chat' }).first().click();
      await page.waitForURL(/\/macro-images\/\d+$/);
      await sendMessage(page, '3141592653\napple, moon, shoe, tree, river');
      await page.getByText(/Numbers become Major-System words/).waitFor();
      await page.getByRole('heading', { name: '3141592653', level: 1 }).waitFor();

      await page.getByRole('button', { name: 'Edit' }).click();
      const edit = page.getByLabel('Edit your message');
      await edit.fill('cat, lamp, violin');
      await page.getByRole('button', { name: 'Save' }).click();
      await page
        .getByText(/violin/)
        .last()
        .waitFor();
      await waitForQuiet(page);

      await page.reload();
      await page.getByText('cat, lamp, violin').waitFor();
      expect(await page.getByText(/Numbers become Major-System words/).count()).toBe(0);
      expect(await page.getByText('edited').count()).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('a free learner sees the Premium modal on both tools', async () => {
    const { email, tokens } = await freeLearner();
    const { context, page, errors } = await signedIn(email, tokens);
    try {
      for (const route of ['/conversion-table', '/macro-images']) {
        await page.goto(`${baseUrl}${route}`);
        await page.getByRole('dialog').waitFor();
        expect(await page.getByText(/Upgrade now/).count()).toBeGreaterThan(0);
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
