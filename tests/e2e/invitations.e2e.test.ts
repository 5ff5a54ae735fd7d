// The invitations journey (issue 17) in Debian's Chromium against the real product: the seeded
// Enterprise+ owner creates an enterprise invitation on /profile and copies its link; a new
// teacher opens it signed out, registers through it and is Enterprise; the teacher creates a
// student invitation; a new student registers through that link and is Standard; the teacher's
// profile lists the student.
import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { jsonApi } from '../support/api.ts';
import { launchChromium } from '../support/chromium.ts';

const baseUrl = inject('baseUrl');
const call = jsonApi(baseUrl);
const OWNER = { email: 'owner@memoria.app', password: 'owner-password' };
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

type Tokens = { access: string; refresh: string };

async function newPage(tokens?: Tokens): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: 'language', value: 'en', url: baseUrl }]);
  if (tokens) {
    await context.addCookies([{ name: 'session_hint', value: '1', url: baseUrl }]);
    await context.addInitScript(
      ([access, refresh]) => {
        if (!localStorage.getItem('access_token')) {
          localStorage.setItem('access_token', access ?? '');
          localStorage.setItem('refresh_token', refresh ?? '');
        }
      },
      [tokens.access, tokens.refresh],
    );
  }
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  return { context, page };
}

/** Creates an invitation in the profile section named `section`; returns its link. */
async function createInvitation(page: Page, section: string): Promise<string> {
  await page.goto(`${baseUrl}/profile`);
  const region = page.getByRole('main').locator('section', {
    has: page.getByRole('heading', { name: section, level: 2 }),
  });
  await region.getByRole('button', { name: 'Create invitation' }).click();
  const link = region.getByRole('textbox', { name: 'Invitation link' }).first();
  await link.waitFor();
  const value = await link.inputValue();
  expect(value).toContain('/invitation/');
  return value;
}

/** Opens an invitation link signed out and registers through it; returns the new tokens. */
async function registerThrough(link: string, name: string, plan: string): Promise<Tokens> {
  const { context, page } = await newPage();
  try {
    await page.goto(link);
    await page.getByText(plan, { exact: true }).first().waitFor();
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByRole('link', { name: 'Register to accept' }).click();
    await page.waitForURL(/\/register\//);
    const email = `${name}@example.com`;
    const password = 'a long enough password';
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Username').fill(name);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL(`${baseUrl}/`);
    return await call<Tokens>('/auth/token/', {
      method: 'POST',
      body: JSON.stringify({ email, password }),
    });
  } finally {
    await context.close();
  }
}

const planOf = async (tokens: Tokens) =>
  (await call<{ account_type: string }>('/auth/users/account_info/', { token: tokens.access }))
    .account_type;

test('an owner invites a teacher, who registers as Enterprise and invites a Standard student', async () => {
  const suffix = randomBytes(3).toString('hex');
  const ownerTokens = await call<Tokens>('/auth/token/', {
    method: 'POST',
    body: JSON.stringify(OWNER),
  });
  const owner = await newPage(ownerTokens);
  const teacherLink = await createInvitation(owner.page, 'Enterprise invitations');
  await owner.context.close();

  const teacherTokens = await registerThrough(teacherLink, `teacher${suffix}`, 'Enterprise');
  expect(await planOf(teacherTokens)).toBe('enterprise');

  const teacher = await newPage(teacherTokens);
  const studentLink = await createInvitation(teacher.page, 'Student invitations');
  const studentTokens = await registerThrough(studentLink, `student${suffix}`, 'Standard');
  expect(await planOf(studentTokens)).toBe('standard');

  await teacher.page.reload();
  const students = teacher.page.getByRole('main').locator('section', {
    has: teacher.page.getByRole('heading', { name: 'My students', level: 2 }),
  });
  await students.getByText(`@student${suffix}`, { exact: false }).waitFor();
  await teacher.context.close();
}, 400_000);
