// Media of cards kept offline (issue 46) in Debian's Chromium against the release build: a card
// whose HTML shows an image stored as a deck media is kept with that image's bytes; reloaded with
// no network, the review shows the image from IndexedDB.
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { jsonApi } from '../support/api.ts';
import { journeyBrowser } from '../support/chromium.ts';
import { newLearner, signedIn } from '../support/learners.ts';
import { offlineStoreCount } from '../support/offline-store.ts';
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

test('offline, a kept card shows its image', async () => {
  const learner = await newLearner(call, 'offline-media');
  const token = learner.tokens.access;
  const deck = await call<{ id: number }>('/space-repetition/desks/', {
    method: 'POST',
    token,
    body: JSON.stringify({ name: 'Flags' }),
  });
  const png = await sharp({
    create: { width: 40, height: 20, channels: 3, background: { r: 200, g: 30, b: 30 } },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'flag.png');
  const uploaded = await fetch(`${baseUrl}/be/api/space-repetition/desks/${deck.id}/media/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(uploaded.status).toBe(201);
  const { url } = (await uploaded.json()) as { url: string };
  // A note (its fields are HTML) whose front shows the image.
  await call('/space-repetition/notes/', {
    method: 'POST',
    token,
    body: JSON.stringify({
      desk_id: deck.id,
      note_type: 'basic',
      fields: { front: `<p>Which flag?</p><img src="${url}" alt="The flag">`, back: 'Red' },
    }),
  });

  const { context, page } = await signedIn(browser, baseUrl, learner);
  try {
    const reviewUrl = `${baseUrl}/space-repetition/${deck.id}?study=1`;
    await page.goto(reviewUrl);
    await workerInControl(page);
    await page.reload();
    await page.locator('article[data-card-id]').waitFor();
    // The card and its image are kept in IndexedDB.
    const keptMedia = () => offlineStoreCount(page, 'media');
    await expect.poll(keptMedia, { interval: 200 }).toBe(1);

    await context.setOffline(true);
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await page.getByRole('status').getByText('Offline').waitFor();
    const image = page.locator('article[data-card-id]').getByRole('img', { name: 'The flag' });
    await image.waitFor();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(40);
    expect(await image.getAttribute('src')).toMatch(/^blob:/);
  } finally {
    await context.close();
  }
});
