// The training journey (issue 44) in Debian's Chromium against the real product: a learner opens
// Training from the duels home, plays Names & Faces alone (5 faces), recalls a few names and sees
// the result with its first personal best; then trains again, names every face, and sees the
// better score with the Personal best! badge, and the start screen's best and chart updated.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { jsonApi } from '../support/api.ts';
import { journeyBrowser } from '../support/chromium.ts';
import { signedIn, standardLearner } from '../support/learners.ts';

const baseUrl = inject('baseUrl');
const call = jsonApi(baseUrl);
let browser: Browser;

type Face = { svg: string; first_name: string; last_name: string };
type Started = { content: { faces: Face[]; recall_faces: string[] } };

beforeAll(async () => {
  browser = await journeyBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/**
 * Starts a Names & Faces attempt of 5 faces and memorises until Recall now; returns the names of
 * the recall's faces in their shuffled order (read from the attempt the server sent, by face).
 */
async function startNames(page: Page): Promise<Face[]> {
  const main = page.getByRole('main');
  await main.getByRole('radio', { name: /Names & Faces/ }).check();
  await main.getByRole('spinbutton', { name: 'How many faces' }).fill('5');
  const started = page.waitForResponse(
    (r) => r.url().endsWith('/be/api/duels/training/') && r.request().method() === 'POST',
  );
  await main.getByRole('button', { name: 'Start' }).click();
  const attempt = (await (await started).json()) as Started;
  await main.getByRole('heading', { name: 'Names & Faces · Memorise, in order' }).waitFor();
  // The memorise screen shows each face's full name.
  for (const face of attempt.content.faces) {
    await main.getByText(`${face.first_name} ${face.last_name}`, { exact: true }).waitFor();
  }
  await main.getByRole('button', { name: 'Recall now' }).click();
  return attempt.content.recall_faces.map((svg) => {
    const face = attempt.content.faces.find((f) => f.svg === svg);
    if (!face) throw new Error('a recall face not among the faces memorised');
    return face;
  });
}

async function nameFace(page: Page, n: number, face: Face, which: 'first' | 'both') {
  const main = page.getByRole('main');
  await main
    .getByRole('textbox', { name: `First name, Face ${n}`, exact: true })
    .fill(face.first_name);
  if (which === 'both') {
    await main
      .getByRole('textbox', { name: `Last name, Face ${n}`, exact: true })
      .fill(face.last_name);
  }
}

test('a solo Names & Faces training, played twice, to a better personal best', async () => {
  // Duels (whose home links Training) are a plan feature: a Standard learner sees the home.
  const learner = await standardLearner(call, baseUrl, 'train');
  const { context, page } = await signedIn(browser, baseUrl, learner);
  try {
    await page.goto(`${baseUrl}/multiple-duels`);
    await page.getByRole('link', { name: /Training/ }).click();
    await page.waitForURL(`${baseUrl}/training`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: 'Training', level: 1 }).waitFor();
    await main.getByText('No attempts yet.').waitFor();

    // First attempt: two first names.
    let faces = await startNames(page);
    await main.getByRole('heading', { name: 'Names & Faces · Recall' }).waitFor();
    await nameFace(page, 1, faces[0] as Face, 'first');
    await nameFace(page, 2, faces[1] as Face, 'first');
    await main.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => main.getByRole('status').textContent()).toBe('2 of 10');
    // The first attempt is a best by itself.
    await main.getByText('Personal best!').waitFor();
    await main.getByText(/^Memorised in/).waitFor();
    expect(await main.getByText('✓ Right').count()).toBe(2);

    // Second attempt: every face named in full.
    await main.getByRole('button', { name: 'Train again' }).click();
    await expect
      .poll(() => main.getByRole('radio', { name: /Names & Faces/ }).isChecked())
      .toBe(true);
    faces = await startNames(page);
    for (const [i, face] of faces.entries()) await nameFace(page, i + 1, face, 'both');
    await main.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => main.getByRole('status').textContent()).toBe('10 of 10');
    await main.getByText('Personal best!').waitFor();
    expect(await main.getByText('✗ Wrong').count()).toBe(0);

    // Back at the start: the best is the second attempt, the chart has both.
    await main.getByRole('button', { name: 'Train again' }).click();
    const bests = main.getByRole('region', { name: 'Personal bests' });
    await expect
      .poll(() => bests.getByRole('listitem').first().textContent())
      .toMatch(/^Names & Faces10 of 10 · memorised in/);
    await main
      .getByText('Score (line) and memorise time (bars) over your last 2 attempts')
      .waitFor();
  } finally {
    await context.close();
  }
});
