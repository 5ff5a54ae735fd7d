// The Anki journey (issue 18) in Debian's Chromium against the real product: import the fixture
// package (tests/fixtures/anki/geography.apkg, written by scripts/anki-fixtures.ts) from
// /space-repetition and read its summary, open an imported deck and see its cards, review one
// imported card with the keyboard, export the deck as .apkg from its menu, and re-import that
// download: the same cards, and the imported reviews plus the new rating; then export it as CSV
// and import that back as a new deck.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { jsonApi } from '../support/api.ts';
import { journeyBrowser } from '../support/chromium.ts';
import { newLearner } from '../support/learners.ts';
import { LAPTOP_VIEWPORT } from '../support/viewport.ts';

const baseUrl = inject('baseUrl');
const FIXTURE = path.join(import.meta.dirname, '../fixtures/anki/geography.apkg');
let browser: Browser;

const call = jsonApi(baseUrl);

beforeAll(async () => {
  browser = await journeyBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('Anki import and export in the browser', () => {
  test('import a package, see its decks and cards, review one, export and re-import', async () => {
    const session = await newLearner(call, 'anki');
    const context = await browser.newContext({
      viewport: LAPTOP_VIEWPORT,
      acceptDownloads: true,
    });
    await context.addCookies([
      { name: 'language', value: 'en', url: baseUrl },
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
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const main = page.getByRole('main');
    try {
      await page.goto(`${baseUrl}/space-repetition`);
      await page.getByRole('heading', { name: 'No decks yet' }).waitFor();

      // Import: choose the fixture, Import, the summary.
      await main.getByRole('button', { name: 'Import from Anki' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('input[type=file]').setInputFiles(FIXTURE);
      await dialog.getByText(/^geography\.apkg · /).waitFor();
      await dialog.getByRole('button', { name: 'Import', exact: true }).click();
      const summary = dialog.getByRole('status');
      // The cloze note is a card now (issue 42): nothing is skipped.
      await summary.getByText('Imported 2 decks, 5 cards and 5 reviews.').waitFor();
      expect(await summary.getByText(/cloze note/).count()).toBe(0);
      await dialog.getByRole('button', { name: 'Done' }).click();

      // The decks are listed; the imported one shows its cards.
      await main.getByRole('link', { name: 'Geography', exact: true }).waitFor();
      await main.getByRole('link', { name: 'Geography::Capitals' }).click();
      await page.getByRole('heading', { name: 'Geography::Capitals', level: 1 }).waitFor();
      const list = page.getByRole('list', { name: 'Cards' });
      // France → Paris and its reverse card Paris → France: each text shows twice but Spain's.
      for (const front of ['Spain', 'France', 'Paris']) {
        await list.getByText(front, { exact: true }).first().waitFor();
      }

      // Review one imported card with the keyboard: Space reveals, 3 rates it Good.
      await page.goto(`${baseUrl}/space-repetition`);
      await main
        .locator('li', { has: page.getByRole('link', { name: 'Geography::Capitals' }) })
        .getByRole('link', { name: /^Study \(\d+\)$/ })
        .click();
      await page.locator('article[data-card-id]').waitFor();
      await page.keyboard.press('Space');
      await page.getByRole('button', { name: 'Good', exact: true }).waitFor();
      const rated = page.waitForResponse((r) => r.url().includes('/update_difficulty/'));
      await page.keyboard.press('3');
      expect((await rated).status()).toBe(200);

      // Export the deck as .apkg from its menu on the list.
      await page.goto(`${baseUrl}/space-repetition`);
      await main.getByRole('button', { name: /More actions for Geography::Capitals/ }).click();
      const download = page.waitForEvent('download');
      await page.getByRole('menuitem', { name: 'Export as Anki package' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('Geography_Capitals.apkg');
      const exported = await file.path();

      // The export re-imported: the same three cards; its five reviews (the deck's four
      // imported and the one just made) are already in the learner's history, so none is
      // counted again (issue 40).
      await main.getByRole('button', { name: 'Import from Anki' }).click();
      await dialog.locator('input[type=file]').setInputFiles(exported);
      await dialog.getByRole('button', { name: 'Import', exact: true }).click();
      await dialog
        .getByRole('status')
        .getByText('Imported 1 deck, 3 cards and 0 reviews.')
        .waitFor();
      expect(readFileSync(exported).subarray(0, 2).toString()).toBe('PK');

      // The deck as CSV from its menu, imported back through the same dialog: a new deck with
      // the same three cards (CSV carries no review history).
      await dialog.getByRole('button', { name: 'Done' }).click();
      await main
        .getByRole('button', { name: /More actions for Geography::Capitals/ })
        .first()
        .click();
      const csvDownload = page.waitForEvent('download');
      await page.getByRole('menuitem', { name: 'Export as CSV' }).click();
      const csv = await csvDownload;
      expect(csv.suggestedFilename()).toBe('Geography_Capitals.csv');
      const csvPath = path.join(mkdtempSync(path.join(tmpdir(), 'anki-csv-')), 'capitals.csv');
      await csv.saveAs(csvPath);
      await main.getByRole('button', { name: 'Import from Anki' }).click();
      await dialog.locator('input[type=file]').setInputFiles(csvPath);
      await dialog.getByRole('button', { name: 'Import', exact: true }).click();
      await dialog
        .getByRole('status')
        .getByText('Imported 1 deck, 3 cards and 0 reviews.')
        .waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
