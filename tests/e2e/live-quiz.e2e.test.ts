// The live class quiz journey (issue 45) in Debian's Chromium, three browsers side by side: the
// school's teacher starts a live quiz from the course's Assignments dialog, two students join
// with the code the projector shows, both answer two questions on their screens (one by mouse,
// one by the keys), the projector shows the answer distribution and the leaderboard after each
// question, and the report at the end lists both students.
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { jsonApi } from '../support/api.ts';
import { journeyBrowser } from '../support/chromium.ts';
import { type Learner, newLearner, signedIn as signedInOf } from '../support/learners.ts';

const baseUrl = inject('baseUrl');
const call = jsonApi(baseUrl);
const SCHOOL_DEMO = { email: 'school@memoria.app', password: 'school-password' };
let browser: Browser;
const PHONE_VIEWPORT = { width: 390, height: 844 };

beforeAll(async () => {
  browser = await journeyBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Waits until `page`'s main region shows `text` (live updates included). */
async function sees(page: Page, text: string | RegExp) {
  try {
    await expect.poll(() => page.getByRole('main').getByText(text).count()).toBeGreaterThan(0);
  } catch {
    const shown = await page.getByRole('main').textContent();
    throw new Error(`${page.url()} does not show ${text}; it shows:\n${shown}`);
  }
}

const button = (page: Page, name: string | RegExp) =>
  page.getByRole('main').getByRole('button', { name, exact: typeof name === 'string' });

/** The card backs by front: the student knows the answer to each prompt. */
const CARDS: Record<string, string> = { Spain: 'Madrid', France: 'Paris' };

/** The right and a wrong option of the question on a student's screen. */
async function question(page: Page): Promise<{ right: string; wrong: string }> {
  await sees(page, /Answer with a tap or the keys/);
  const shown = (await page.getByTestId('live-quiz-prompt').textContent()) ?? '';
  const right = CARDS[shown] ?? '';
  const options = page.getByRole('main').getByRole('listitem').getByRole('button');
  const texts = (await options.allTextContents()).map((t) => t.replace(/^\d/, ''));
  return { right, wrong: texts.find((t) => t !== right) ?? '' };
}

describe('a live class quiz', () => {
  test('a teacher and two students play two questions; the report lists both', async () => {
    const tokens = await call<{ access: string; refresh: string }>('/auth/token/', {
      method: 'POST',
      body: JSON.stringify(SCHOOL_DEMO),
    });
    const me = await call<{ id: number; username: string }>('/auth/users/me/', {
      token: tokens.access,
    });
    const teacher: Learner = { ...me, email: SCHOOL_DEMO.email, tokens };
    const n = randomBytes(3).toString('hex');
    const school = await call<{ id: number }>('/auth/schools/', {
      method: 'POST',
      token: tokens.access,
      body: JSON.stringify({ name: `Quiz school ${n}` }),
    });
    const course = await call<{ id: number }>('/auth/courses/', {
      method: 'POST',
      token: tokens.access,
      body: JSON.stringify({ name: `Geography ${n}`, school_id: school.id }),
    });
    const students = await Promise.all([
      newLearner(call, 'quiz-ana'),
      newLearner(call, 'quiz-ben'),
    ]);
    for (const student of students) {
      const invitation = await call<{ code: string }>('/auth/teacher-invitations/', {
        method: 'POST',
        token: tokens.access,
        body: JSON.stringify({}),
      });
      await call(`/auth/invitation/${invitation.code}/apply/`, {
        method: 'POST',
        token: student.tokens.access,
      });
      await call(`/auth/courses/${course.id}/enroll/`, {
        method: 'POST',
        token: tokens.access,
        body: JSON.stringify({ user_id: student.id }),
      });
    }
    const deck = await call<{ id: number }>('/space-repetition/desks/', {
      method: 'POST',
      token: tokens.access,
      body: JSON.stringify({ name: `Capitals ${n}` }),
    });
    for (const [front, back] of Object.entries(CARDS)) {
      await call('/space-repetition/cards/', {
        method: 'POST',
        token: tokens.access,
        body: JSON.stringify({ desk_id: deck.id, front, back }),
      });
    }
    await call(`/auth/courses/${course.id}/assignments/`, {
      method: 'POST',
      token: tokens.access,
      body: JSON.stringify({ desk_id: deck.id }),
    });

    // The teacher starts it from the course's assignments: the projector opens on the lobby.
    const { page: projector } = await signedInOf(browser, baseUrl, teacher);
    await projector.goto(`${baseUrl}/schools/${school.id}`);
    await projector
      .getByRole('button', { name: `Assignments of Geography ${n}`, exact: true })
      .click();
    await projector
      .getByRole('button', { name: `Start a live quiz of Capitals ${n}`, exact: true })
      .click();
    await projector.waitForURL(/\/live-quiz\/\d+$/);
    const code = (await projector.getByTestId('live-quiz-code').textContent()) ?? '';
    expect(code).toMatch(/^\d{6}$/);

    // Each student joins with the code on /live-quiz, one of them on a phone.
    const [ana, ben] = await Promise.all(
      students.map(async (student, i) => {
        const { page } = await signedInOf(
          browser,
          baseUrl,
          student,
          i === 1 ? PHONE_VIEWPORT : undefined,
        );
        await page.goto(`${baseUrl}/live-quiz`);
        // The running quiz of their course is listed once the island is live (before that, a
        // typed code would be reset by hydration).
        await sees(page, 'Running now in your courses');
        await page.getByLabel('Six-digit code').fill(code);
        await page.getByRole('button', { name: 'Join', exact: true }).click();
        await sees(page, 'You are in. Waiting for your teacher to start…');
        return page;
      }),
    );
    if (!ana || !ben) throw new Error('two students');
    await sees(projector, '2 players');

    for (const round of [1, 2]) {
      await button(projector, round === 1 ? 'Start the quiz' : 'Next question').click();
      await sees(projector, `Question ${round} of 2`);
      // Ana answers right with the mouse; Ben wrong in round 1 (by mouse), right in round 2 (key).
      const asked = await question(ana);
      await button(ana, new RegExp(`^\\d\\s*${asked.right}$`)).click();
      await sees(ana, 'Answer received.');
      const benAsked = await question(ben);
      if (round === 1) {
        await button(ben, new RegExp(`^\\d\\s*${benAsked.wrong}$`)).click();
      } else {
        const options = await ben.getByRole('main').getByRole('listitem').allTextContents();
        const key = options.findIndex((t) => t.endsWith(benAsked.right)) + 1;
        await ben.keyboard.press(String(key));
      }
      await sees(ben, 'Answer received.');
      await sees(projector, '2 of 2 answered');
      await button(projector, 'Close the question').click();
      // The projector: the distribution (one answer each in round 1) and the leaderboard.
      const distribution = projector.getByTestId('live-quiz-distribution');
      await distribution.waitFor();
      const counts = await distribution.getByRole('listitem').allTextContents();
      expect(counts.join(' | ')).toMatch(round === 1 ? /1 answer.*1 answer/ : /2 answers/);
      const board = projector.getByTestId('live-quiz-leaderboard');
      expect(await board.textContent()).toContain(students[0]?.username ?? '');
      // The students see how they did, live.
      await sees(ana, /^Right! \+\d+ points$/);
      await sees(ben, round === 1 ? /^Wrong\. The answer was/ : /^Right! \+\d+ points$/);
    }

    await button(projector, 'Show the results').click();
    await sees(projector, 'The quiz is over.');
    const report = projector.getByTestId('live-quiz-report-students');
    await report.waitFor();
    const rows = await report.locator('tbody tr').allTextContents();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain(students[0]?.username);
    expect(rows[0]).toContain('2 / 2');
    expect(rows[1]).toContain(students[1]?.username);
    expect(rows[1]).toContain('1 / 2');
    await sees(ana, /^Final score: \d+ points, rank 1\.$/);
  });
});
