// The notes journey (issue 42) in Debian's Chromium against the real product: a learner creates a
// deck, adds a cloze note through "Add note" with bold (Ctrl+B in the field editor) and math
// (`\(x^2\)`), sees its two cards previewed, saves, and reviews both (the front hides the
// deletion as `[…]`, the answer shows it, the math is typeset by KaTeX); then imports an Anki
// package holding a sound and, in review, plays it with its button and with R.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { ankiPackage, type TestCollection } from '../../packages/server/src/test/anki-package.ts';
import { jsonApi } from '../support/api.ts';
import { journeyBrowser } from '../support/chromium.ts';
import { recordCspViolations } from '../support/csp.ts';
import { newLearner } from '../support/learners.ts';
import { LAPTOP_VIEWPORT } from '../support/viewport.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

const call = jsonApi(baseUrl);

/** A mono 8 kHz 16-bit PCM WAV of `seconds` of silence: long enough to still be playing. */
function wav(seconds: number): Uint8Array {
  const data = seconds * 8000 * 2;
  const b = Buffer.alloc(44 + data);
  b.write('RIFF', 0, 'ascii');
  b.writeUInt32LE(36 + data, 4);
  b.write('WAVEfmt ', 8, 'ascii');
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(8000, 24);
  b.writeUInt32LE(16000, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write('data', 36, 'ascii');
  b.writeUInt32LE(data, 40);
  return new Uint8Array(b);
}

/** One Basic note whose back holds a sound, in a deck of its own. */
const SOUND_PACKAGE: TestCollection = {
  decks: { 1: 'Default', 2: 'Spanish sounds' },
  notes: [
    { id: 1, fields: ['corazón', 'heart [sound:corazon.wav]'], cards: [{ id: 11, deck: 2 }] },
  ],
  revlog: [],
  media: { 'corazon.wav': wav(5) },
};

/** How many `play` events the page's media elements fired (media events do not bubble). */
const playCount = (page: Page) =>
  page.evaluate(() => (window as unknown as { plays: number }).plays);

beforeAll(async () => {
  browser = await journeyBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('notes in the browser', () => {
  test('a cloze note with bold and math, reviewed; an imported sound played', async () => {
    const session = await newLearner(call, 'notes');
    const context = await browser.newContext({ viewport: LAPTOP_VIEWPORT });
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
        const counter = window as unknown as { plays: number };
        counter.plays = 0;
        document.addEventListener('play', () => (counter.plays += 1), true);
      },
      [session.tokens.access, session.tokens.refresh],
    );
    // KaTeX's fonts must load under the policy (`font-src 'self'`), or math shows in a fallback.
    const violations = await recordCspViolations(context);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const main = page.getByRole('main');
    try {
      // A deck.
      await page.goto(`${baseUrl}/space-repetition`);
      await page.getByRole('heading', { name: 'No decks yet' }).waitFor();
      await page.getByRole('button', { name: 'New deck' }).first().click();
      await page.getByLabel('Deck name').fill('Journey notes');
      await page.getByRole('button', { name: 'Create' }).click();
      await main.getByRole('link', { name: 'Journey notes' }).click();
      await page.getByRole('heading', { name: 'Journey notes', level: 1 }).waitFor();

      // A cloze note typed in the field editor: Ctrl+B bolds the first deletion.
      await page.getByRole('button', { name: 'Add note' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Add a note' });
      await dialog.getByLabel('Note type').selectOption({ label: 'Cloze' });
      const text = dialog.getByRole('textbox', { name: 'Text', exact: true });
      await text.click();
      await page.keyboard.type('{{c1::');
      await page.keyboard.press('Control+b');
      await page.keyboard.type('Paris');
      await page.keyboard.press('Control+b');
      await page.keyboard.type('}} is the capital of {{c2::France}}, area \\(x^2\\)');
      expect(await text.innerHTML()).toContain('<strong>Paris</strong>');

      // Two previews, each with its deletion hidden on the front and the formula typeset.
      const previews = dialog.getByRole('listitem', { name: /^Card \d$/ });
      await expect.poll(() => previews.count()).toBe(2);
      for (const name of ['Card 1', 'Card 2']) {
        const preview = dialog.getByRole('listitem', { name });
        await preview.getByText('[…]').waitFor();
        await preview.locator('.katex').first().waitFor();
      }
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Note added.').waitFor();

      // Review both cards: the front hides one deletion, the answer shows it, bold and typeset.
      await page.goto(`${baseUrl}/space-repetition`);
      await main
        .locator('li', { has: page.getByRole('link', { name: 'Journey notes' }) })
        .getByRole('link', { name: 'Study (2)' })
        .click();
      const card = page.locator('article[data-card-id]');
      const seen: string[] = [];
      for (let left = 2; left > 0; left -= 1) {
        await page.getByText(`${left} remaining today`, { exact: true }).waitFor();
        const front = card.locator('[data-side="front"]').first();
        await front.getByText('[…]').waitFor();
        expect(await front.locator('.katex').count()).toBeGreaterThan(0);
        // The other deletion shows on the front: Paris (bold) on France's card, and back.
        const hidden = ((await front.textContent()) ?? '').includes('Paris') ? 'France' : 'Paris';
        seen.push(hidden);
        await page.keyboard.press('Space');
        const back = card.locator('[data-side="back"]').first();
        await back.getByText(hidden).first().waitFor();
        expect(await back.textContent()).not.toContain('[…]');
        expect(await back.locator('.katex').count()).toBeGreaterThan(0);
        await back.locator('strong, b', { hasText: 'Paris' }).waitFor();
        // Easy: a new card rated Good stays in today's learning steps.
        await page.getByRole('button', { name: 'Easy', exact: true }).waitFor();
        await page.keyboard.press('4');
        if (left > 1)
          await page.getByText(`${left - 1} remaining today`, { exact: true }).waitFor();
      }
      expect(seen.sort()).toEqual(['France', 'Paris']);
      await page.getByRole('heading', { name: 'All done for today!' }).waitFor();

      // An Anki package with a sound, imported from the deck list.
      await page.goto(`${baseUrl}/space-repetition`);
      await main.getByRole('button', { name: 'Import from Anki' }).click();
      const importDialog = page.getByRole('dialog');
      await importDialog.locator('input[type=file]').setInputFiles({
        name: 'sounds.apkg',
        mimeType: 'application/octet-stream',
        buffer: Buffer.from(ankiPackage(SOUND_PACKAGE)),
      });
      await importDialog.getByRole('button', { name: 'Import', exact: true }).click();
      await importDialog
        .getByRole('status')
        .getByText(/^Imported 1 deck, 1 card/)
        .waitFor();
      await importDialog.getByRole('button', { name: 'Done' }).click();

      // Its card in review: the answer plays its sound when shown (auto-play, on by default),
      // its play button plays it again, and so does R. Each play is one `play` event.
      await main
        .locator('li', { has: page.getByRole('link', { name: 'Spanish sounds' }) })
        .getByRole('link', { name: 'Study (1)' })
        .click();
      await card.getByText('corazón').first().waitFor();
      expect(await playCount(page)).toBe(0);
      await page.keyboard.press('Space');
      const play = card.getByRole('button', { name: 'Play sound' });
      await play.waitFor();
      await expect.poll(() => playCount(page)).toBe(1);
      await play.click();
      await expect.poll(() => playCount(page)).toBe(2);
      const audio = card.locator('audio');
      expect(await audio.evaluate((a: HTMLAudioElement) => a.paused)).toBe(false);
      await page.keyboard.press('r');
      await expect.poll(() => playCount(page)).toBe(3);
      expect(await audio.evaluate((a: HTMLAudioElement) => a.paused)).toBe(false);
      expect(errors).toEqual([]);
      expect(violations).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
