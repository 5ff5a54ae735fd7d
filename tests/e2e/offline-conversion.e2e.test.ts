// The conversion table offline (issue 46) in Debian's Chromium against the release build: opened
// online, the page keeps the word index and the learner's table; reloaded with no network, it
// converts in the browser, the learner's own word first, with the server's answer, and the
// learner stays on the page (no "Connection lost" redirect).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { jsonApi } from '../support/api.ts';
import { journeyBrowser } from '../support/chromium.ts';
import { signedIn, standardLearner } from '../support/learners.ts';
import { workerInControl } from '../support/service-worker.ts';

const baseUrl = inject('baseUrl');
const call = jsonApi(baseUrl);
let browser: Browser;

beforeAll(async () => {
  browser = await journeyBrowser();
});

afterAll(async () => {
  await browser?.close();
});

type Conversion = { results: { number: string; words: string[] }[] };

test("offline, the conversion table converts a number, the learner's own word first", async () => {
  const learner = await standardLearner(call, baseUrl, 'offline-conversion');
  await call('/conversiontable/table/', {
    method: 'PUT',
    token: learner.tokens.access,
    body: JSON.stringify({ language: 'en', entries: [{ digits: '28', word: 'navy' }] }),
  });
  const { context, page } = await signedIn(browser, baseUrl, learner);
  try {
    await page.goto(`${baseUrl}/conversion-table`);
    await workerInControl(page);
    // Kept: the English index and the learner's table, in IndexedDB.
    await page.waitForFunction(
      () =>
        new Promise<boolean>((resolve) => {
          const open = indexedDB.open('memoria-conversion');
          open.onerror = () => resolve(false);
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('lexicons')) return resolve(false);
            const tx = db.transaction(['lexicons', 'tables']);
            const lexicon = tx.objectStore('lexicons').count('en');
            const table = tx.objectStore('tables').count('en');
            tx.oncomplete = () => resolve(lexicon.result === 1 && table.result === 1);
          };
        }),
      undefined,
      { polling: 250 },
    );

    await context.setOffline(true);
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await page.getByRole('status').getByText('Offline').waitFor();
    await page.getByLabel('Numbers (separated by spaces)').fill('28 3141592653');
    await page.getByRole('button', { name: 'Convert' }).click();
    const first = page.getByRole('article').filter({ hasText: '3141592653' });
    await first.waitFor();
    const shown = await page.getByRole('article').first().getByRole('listitem').allInnerTexts();
    expect(shown[0]).toBe('navy');
    expect(page.url()).toBe(`${baseUrl}/conversion-table`);
    expect(await page.getByText('Connection lost').count()).toBe(0);

    // The server answers the same words.
    await context.setOffline(false);
    const server = await call<Conversion>('/conversiontable/convert-numbers/', {
      method: 'POST',
      token: learner.tokens.access,
      body: JSON.stringify({ numbers: '28 3141592653', language: 'en' }),
    });
    expect(shown.slice(0, server.results[0]?.words.length)).toEqual(server.results[0]?.words);
  } finally {
    await context.close();
  }
});
