// The mnemonics journey in Debian's Chromium against the real product: the Standard demo learner
// saves a word in their own 00-99 table, converts numbers (their word first), exports the table
// as CSV, generates a phrase, opens a macro-image chat, gets a streamed story for a 10-digit
// number (through their table) and a list of words, stops a story mid-way, edits the message
// (stopping its new reply once, then letting it finish), reloads and sees the chat.
// A new free learner opening either tool gets the Premium modal.
import { readFile } from 'node:fs/promises';
import type { MajorTable } from '@memoria/api';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { jsonApi } from '../support/api.ts';
import { journeyBrowser } from '../support/chromium.ts';
import { waitForQuiet } from '../support/quiet.ts';
import { LAPTOP_VIEWPORT } from '../support/viewport.ts';

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
  return { context, page, errors };
}

beforeAll(async () => {
  browser = await journeyBrowser();
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
      // The learner's own word for 28 (the other one when a run before saved this one).
      await page.getByRole('button', { name: 'Edit your table' }).click();
      const own = page.getByLabel('Word for 28', { exact: true });
      await own.waitFor();
      const word = (await own.inputValue()) === 'navy' ? 'nephew' : 'navy';
      await own.fill(word);
      await page.getByRole('button', { name: /^Save \d+ words?$/ }).click();
      await page.getByText(/^Saved: \d+ words?$/).waitFor();

      await page.getByLabel('Numbers (separated by spaces)').fill('28 3141592653');
      await page.getByRole('button', { name: 'Convert', exact: true }).click();
      const firstWord = page.getByRole('main').locator('article').first().getByRole('listitem');
      await firstWord.first().getByText(word, { exact: true }).waitFor();
      expect(await page.getByText('knife', { exact: true }).count()).toBeGreaterThan(0);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('major-system-table-en.csv');
      const csv = await readFile((await download.path()) as string, 'utf8');
      expect(csv.startsWith('\uFEFFnumber,word\r\n00,')).toBe(true);
      expect(csv).toContain(`\r\n28,${word}\r\n`);
      expect(csv.split('\r\n')).toHaveLength(102); // header, 100 rows, the final line end
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
      // The number went through the learner's table: every pair is their saved word.
      const table = await call<MajorTable>('/conversiontable/table/?language=en', {
        token: tokens.access,
      });
      const tableWord = (digits: string) => table.entries.find((e) => e.digits === digits)?.word;
      for (const pair of ['31', '41', '59', '26', '53']) {
        await page
          .getByText(`${tableWord(pair)} (${pair})`)
          .first()
          .waitFor();
      }

      // Stop mid-story: the offline engine writes a word every STORY_STREAM_DELAY_MS (150 ms on
      // the journeys' product, global-setup.ts), so the click lands while the reply is written.
      const writing = page.getByRole('main').locator('li[aria-busy="true"]');
      const stopped = 'owl, piano, bridge, candle, rocket';
      await sendMessage(page, stopped);
      await writing.getByText(/owl/).waitFor();
      await page.getByRole('button', { name: 'Stop', exact: true }).click();
      await writing.waitFor({ state: 'detached' });
      // Nothing stored: the message is back in the composer, the conversation as it was.
      expect(await page.getByLabel('Your message').inputValue()).toBe(stopped);
      await waitForQuiet(page);
      expect(await page.getByRole('main').locator('ol').getByText(/piano/).count()).toBe(0);
      await page.getByLabel('Your message').fill('');

      // An edit streams its new reply in place of the old one; Stop brings the old one back
      // and keeps the new text in the edit box; Save then writes the reply to its end.
      await page.getByRole('button', { name: 'Edit' }).click();
      const edit = page.getByLabel('Edit your message');
      await edit.fill('cat, lamp, violin');
      await page.getByRole('button', { name: 'Save' }).click();
      await writing.getByText(/cat/).waitFor();
      expect(await page.getByText(/Numbers become Major-System words/).count()).toBe(0);
      await page.getByRole('button', { name: 'Stop', exact: true }).click();
      await page.getByText(/Numbers become Major-System words/).waitFor();
      expect(await page.getByLabel('Edit your message').inputValue()).toBe('cat, lamp, violin');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText(/· edited$/).waitFor();
      await page
        .getByText(/violin/)
        .last()
        .waitFor();
      await waitForQuiet(page);

      await page.reload();
      await page
        .getByRole('main')
        .locator('ol')
        .getByText('cat, lamp, violin', { exact: true })
        .waitFor();
      // The chat was titled from the message edited, so its title follows the new text.
      await page.getByRole('heading', { name: 'cat, lamp, violin', level: 1 }).waitFor();
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
