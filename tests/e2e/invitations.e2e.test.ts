// The joined invitations journey (issue 17) in Debian's Chromium against the real product: the
// seeded Enterprise+ owner creates an enterprise invitation on /profile and copies its link; a new
// teacher opens it signed out and registers through the multi-step form, in Spanish, and is
// Enterprise; the teacher runs the school wizard in Spanish and invites a student from its invite
// step; the student opens that link, registers through the steps (the address is the invited
// one, filled in and locked) and is Standard; the teacher's profile lists the student.
import { randomBytes, randomInt } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { jsonApi } from '../support/api.ts';
import { journeyBrowser } from '../support/chromium.ts';
import { waitForQuiet } from '../support/quiet.ts';
import { LAPTOP_VIEWPORT } from '../support/viewport.ts';

const baseUrl = inject('baseUrl');
const call = jsonApi(baseUrl);
const OWNER = { email: 'owner@memoria.app', password: 'owner-password' };
const PASSWORD = 'a long enough password';
let browser: Browser;

beforeAll(async () => {
  browser = await journeyBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type Tokens = { access: string; refresh: string };
type Language = 'en' | 'es';

/**
 * A browser context in `language`, signed in with `tokens` when given. Each context is its own
 * client address (the product allows 10 registrations per address an hour, and the journeys
 * together register more than that from this machine; see tests/support/api.ts).
 */
async function newPage(
  language: Language,
  tokens?: Tokens,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const address = `198.${18 + randomInt(2)}.${randomInt(256)}.${1 + randomInt(254)}`;
  const context = await browser.newContext({
    viewport: LAPTOP_VIEWPORT,
    extraHTTPHeaders: { 'x-forwarded-for': address },
  });
  await context.addCookies([{ name: 'language', value: language, url: baseUrl }]);
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
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/** The owner creates an enterprise invitation on /profile; returns its link. */
async function ownerInvitesTeacher(): Promise<string> {
  const tokens = await call<Tokens>('/auth/token/', {
    method: 'POST',
    body: JSON.stringify(OWNER),
  });
  const { context, page } = await newPage('en', tokens);
  try {
    await page.goto(`${baseUrl}/profile`);
    const region = page.getByRole('main').locator('section', {
      has: page.getByRole('heading', { name: 'Enterprise invitations', level: 2 }),
    });
    await region.getByRole('button', { name: 'Create invitation' }).click();
    const link = region.getByRole('textbox', { name: 'Invitation link' }).first();
    await link.waitFor();
    const value = await link.inputValue();
    expect(value).toContain('/invitation/');
    return value;
  } finally {
    await context.close();
  }
}

const TEXT = {
  en: {
    registerTab: 'Register',
    start: 'Register to accept',
    email: 'Email',
    username: 'Username',
    password: 'Password',
    confirm: 'Confirm password',
    firstName: 'First name',
    lastName: 'Last name',
    next: 'Next',
    create: 'Create account',
    welcome: 'Welcome to Memoria!',
    step: (n: number, name: string) => `Step ${n} of 4: ${name}`,
    confirmStep: 'Confirm',
  },
  es: {
    registerTab: 'Registrarse',
    start: 'Registrarse para aceptar',
    email: 'Correo electrónico',
    username: 'Nombre de usuario',
    password: 'Contraseña',
    confirm: 'Confirmar contraseña',
    firstName: 'Nombre',
    lastName: 'Apellido',
    next: 'Siguiente',
    create: 'Crear cuenta',
    welcome: '¡Te damos la bienvenida a Memoria!',
    step: (n: number, name: string) => `Paso ${n} de 4: ${name}`,
    confirmStep: 'Confirmar',
  },
} as const;

/**
 * On an invitation page, signed out: the Register tab, Register to accept, then the four steps.
 * Ends on `/` signed in (the page's own session). `email` null: the invitation's bound address,
 * which the form fills in and locks.
 */
async function registerInSteps(
  page: Page,
  language: Language,
  who: { email: string | null; username: string; first: string; last: string },
  plan: string,
): Promise<string> {
  const t = TEXT[language];
  const main = page.getByRole('main');
  await main.getByText(plan, { exact: true }).first().waitFor();
  await main.getByRole('tab', { name: t.registerTab }).click();
  await main.getByRole('button', { name: t.start }).click();

  const email = main.getByLabel(t.email, { exact: true });
  if (who.email) await email.fill(who.email);
  else expect(await email.getAttribute('readonly')).not.toBeNull();
  const address = await email.inputValue();
  // Next with a field left empty stays on the step and says why.
  await main.getByRole('button', { name: t.next }).click();
  await main.getByRole('alert').waitFor();
  await main.getByLabel(t.username, { exact: true }).fill(who.username);
  await main.getByLabel(t.username, { exact: true }).press('Enter');

  await main.getByRole('heading', { name: t.step(2, t.password) }).waitFor();
  await main.getByLabel(t.password, { exact: true }).fill(PASSWORD);
  await main.getByLabel(t.confirm, { exact: true }).fill(PASSWORD);
  await main.getByRole('button', { name: t.next }).click();

  await main.getByLabel(t.firstName, { exact: true }).fill(who.first);
  await main.getByLabel(t.lastName, { exact: true }).fill(who.last);
  await main.getByRole('button', { name: t.next }).click();

  await main.getByRole('heading', { name: t.step(4, t.confirmStep) }).waitFor();
  await main.getByText(`${who.first} ${who.last}`, { exact: true }).waitFor();
  await main.getByRole('button', { name: t.create }).click();
  await main.getByText(t.welcome).waitFor();
  await page.waitForURL(`${baseUrl}/`);
  return address;
}

const planOf = async (email: string) => {
  const tokens = await call<Tokens>('/auth/token/', {
    method: 'POST',
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  return (
    await call<{ account_type: string }>('/auth/users/account_info/', { token: tokens.access })
  ).account_type;
};

/** The teacher runs the wizard in Spanish and invites `studentEmail` at its invite step. */
async function teacherRunsWizard(page: Page, studentEmail: string): Promise<string> {
  const main = page.getByRole('main');
  await page.goto(`${baseUrl}/schools`);
  await main.getByRole('heading', { name: 'Aún no hay escuelas' }).waitFor();
  await main.getByRole('button', { name: 'Crear una escuela' }).click();
  await main.getByLabel('Nombre de la escuela').fill('Instituto del Journey');
  await main.getByRole('button', { name: 'Siguiente' }).click();
  await main.getByRole('button', { name: 'Crear cursos y materias iniciales' }).click();
  await main.getByText('Se crearon 3 cursos y 6 materias.').waitFor();
  await main.getByRole('button', { name: 'Siguiente' }).click();
  await main.getByText('Matemáticas', { exact: true }).waitFor();
  await main.getByRole('button', { name: 'Siguiente' }).click();

  await main.getByLabel('Correo electrónico de la persona').fill(studentEmail);
  await main.getByRole('button', { name: 'Crear invitación' }).click();
  await main.getByText(`Enlace de invitación para ${studentEmail}`).waitFor();
  const link = (await main.locator('code').first().textContent()) ?? '';
  expect(link).toContain('/invitation/');
  await main.getByRole('button', { name: 'Siguiente' }).click();
  await main.getByRole('heading', { name: 'Instituto del Journey está lista' }).waitFor();
  return link;
}

test('an owner invites a teacher, who registers in steps, runs the wizard and invites a Standard student', async () => {
  const suffix = randomBytes(3).toString('hex');
  const teacherLink = await ownerInvitesTeacher();

  const teacher = await newPage('es');
  try {
    await teacher.page.goto(teacherLink);
    const teacherEmail = await registerInSteps(
      teacher.page,
      'es',
      {
        email: `teacher${suffix}@example.com`,
        username: `teacher${suffix}`,
        first: 'Lucía',
        last: 'Fernández',
      },
      'Empresa',
    );
    expect(await planOf(teacherEmail)).toBe('enterprise');

    const studentEmail = `student${suffix}@example.com`;
    const studentLink = await teacherRunsWizard(teacher.page, studentEmail);

    const student = await newPage('en');
    try {
      await student.page.goto(studentLink);
      const used = await registerInSteps(
        student.page,
        'en',
        { email: null, username: `student${suffix}`, first: 'Mateo', last: 'Ruiz' },
        'Standard',
      );
      expect(used).toBe(studentEmail);
      expect(student.errors).toEqual([]);
    } finally {
      await student.context.close();
    }
    expect(await planOf(studentEmail)).toBe('standard');

    await teacher.page.goto(`${baseUrl}/profile`);
    const students = teacher.page.getByRole('main').locator('section', {
      has: teacher.page.getByRole('heading', { name: 'Mis estudiantes', level: 2 }),
    });
    await students.getByText(`@student${suffix}`, { exact: false }).waitFor();
    await waitForQuiet(teacher.page);
    expect(teacher.errors).toEqual([]);
  } finally {
    await teacher.context.close();
  }
}, 400_000);
