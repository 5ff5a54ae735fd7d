// Issue 45's class journey in Debian's Chromium, a teacher's and a student's browser side by side:
// the teacher assigns a deck with an exam date to a course from the school area; the student sees
// it under "Assigned" on the dashboard and studies two of its cards; the teacher's class progress
// shows that student's cards started and reviews; the teacher runs a one-question live quiz, the
// student joins it from the dashboard in one click (no code typed) and answers; after a reload
// the student still sees the points of that answer; the report lists the student.
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { jsonApi } from '../support/api.ts';
import { journeyBrowser } from '../support/chromium.ts';
import { type Learner, newLearner, signedIn } from '../support/learners.ts';

const baseUrl = inject('baseUrl');
const call = jsonApi(baseUrl);
const SCHOOL_DEMO = { email: 'school@memoria.app', password: 'school-password' };
/** The deck's cards, front to back: the student knows each answer. */
const CARDS: Record<string, string> = { Spain: 'Madrid', France: 'Paris', Italy: 'Rome' };
const EXAM_IN_DAYS = 14;
let browser: Browser;

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

/** The school demo teacher, a school and a course of theirs, a student in it, a deck of three. */
async function classroom() {
  const tokens = await call<{ access: string; refresh: string }>('/auth/token/', {
    method: 'POST',
    body: JSON.stringify(SCHOOL_DEMO),
  });
  const me = await call<{ id: number; username: string }>('/auth/users/me/', {
    token: tokens.access,
  });
  const teacher: Learner = { ...me, email: SCHOOL_DEMO.email, tokens };
  const post = <T>(path: string, body: unknown, token = tokens.access) =>
    call<T>(path, { method: 'POST', token, body: JSON.stringify(body) });
  const n = randomBytes(3).toString('hex');
  const school = await post<{ id: number }>('/auth/schools/', { name: `Class school ${n}` });
  const course = await post<{ id: number; name: string }>('/auth/courses/', {
    name: `Geography ${n}`,
    school_id: school.id,
  });
  const student = await newLearner(call, 'class-ana');
  const invitation = await post<{ code: string }>('/auth/teacher-invitations/', {});
  await post(`/auth/invitation/${invitation.code}/apply/`, {}, student.tokens.access);
  await post(`/auth/courses/${course.id}/enroll/`, { user_id: student.id });
  const deck = await post<{ id: number; name: string }>('/space-repetition/desks/', {
    name: `Capitals ${n}`,
  });
  for (const [front, back] of Object.entries(CARDS)) {
    await post('/space-repetition/cards/', { desk_id: deck.id, front, back });
  }
  return { teacher, student, school, course, deck, post };
}

describe('a class', () => {
  test('assigns, studies, follows the class and plays a live quiz joined in one click', async () => {
    const { teacher, student, school, course, deck, post } = await classroom();

    // The teacher assigns the deck with an exam date from the course's Assignments dialog.
    const { page: desk } = await signedIn(browser, baseUrl, teacher);
    await desk.goto(`${baseUrl}/schools/${school.id}`);
    await desk.getByRole('button', { name: `Assignments of ${course.name}`, exact: true }).click();
    const assignments = desk.getByRole('dialog');
    await assignments.getByLabel('Deck').selectOption({ label: deck.name });
    const exam = new Date(Date.now() + EXAM_IN_DAYS * 86_400_000).toISOString().slice(0, 10);
    await assignments.getByLabel('Exam date (optional)').fill(exam);
    await assignments.getByRole('button', { name: 'Assign', exact: true }).click();
    await assignments
      .getByRole('button', { name: `Change date of ${deck.name}`, exact: true })
      .waitFor();

    // The student sees it under "Assigned", with the days left, and studies two cards.
    const { page: phone } = await signedIn(browser, baseUrl, student);
    await phone.goto(baseUrl);
    const assigned = phone.getByRole('region', { name: 'Assigned' });
    await assigned.getByRole('link', { name: deck.name, exact: true }).waitFor();
    expect(await assigned.textContent()).toMatch(/\d+ days left/);
    await assigned.getByRole('link', { name: deck.name, exact: true }).click();
    await phone.getByRole('link', { name: 'Study (3)' }).first().click();
    const shown = phone.locator('article[data-card-id] [data-side="front"]').first();
    for (const left of [3, 2]) {
      await phone.getByText(`${left} remaining today`, { exact: true }).waitFor();
      const front = (await shown.textContent()) ?? '';
      await phone.keyboard.press('Space');
      await phone.getByRole('button', { name: 'Easy', exact: true }).waitFor();
      await phone.keyboard.press('4');
      await shown.filter({ hasNotText: front }).waitFor();
    }
    await phone.getByText('1 remaining today', { exact: true }).waitFor();

    // The teacher's class progress: the student has started 2 of 3 cards, with 2 reviews.
    await desk.goto(`${baseUrl}/schools/${school.id}`);
    await desk.getByRole('button', { name: `Progress of ${course.name}`, exact: true }).click();
    const row = desk.getByRole('dialog').getByRole('row', { name: new RegExp(student.username) });
    await row.waitFor();
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells.slice(0, 2)).toEqual(['2 of 3', '2']);

    // A one-question live quiz: the student joins from the dashboard with one click.
    const quiz = await post<{ id: number }>(`/auth/courses/${course.id}/live-quizzes/`, {
      desk_id: deck.id,
      question_count: 1,
      seconds_per_question: 60,
    });
    await desk.goto(`${baseUrl}/live-quiz/${quiz.id}`);
    await sees(desk, 'Nobody has joined yet');
    await phone.goto(baseUrl);
    await button(phone, `Join ${deck.name} · ${course.name}`).click();
    await phone.waitForURL(`${baseUrl}/live-quiz/${quiz.id}`);
    await sees(phone, 'You are in. Waiting for your teacher to start…');
    await sees(desk, '1 player');

    await button(desk, 'Start the quiz').click();
    await sees(phone, /Answer with a tap or the keys/);
    const prompt = (await phone.getByTestId('live-quiz-prompt').textContent()) ?? '';
    await button(phone, new RegExp(`^\\d\\s*${CARDS[prompt]}$`)).click();
    await sees(phone, 'Answer received.');
    await sees(desk, '1 of 1 answered');
    await button(desk, 'Close the question').click();
    await sees(phone, /^Right! \+\d+ points$/);
    // A reload reads the points back from the quiz's state.
    await phone.reload();
    await sees(phone, /^Right! \+\d+ points$/);

    await button(desk, 'Show the results').click();
    const report = desk.getByTestId('live-quiz-report-students');
    await report.waitFor();
    const rows = await report.locator('tbody tr').allTextContents();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(student.username);
    expect(rows[0]).toContain('1 / 1');
  });
});
