// The schools journey (issue 17) in Debian's Chromium against the real product: the demo
// Enterprise account follows the sidebar's Schools link and runs the school wizard in Spanish
// (creates a school, adds the starter courses and subjects in Spanish, reviews them, enrolls a
// student who applied its invitation, reaches the finish step), then manages the school and
// edits a course.
import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { jsonApi } from '../support/api.ts';
import { journeyBrowser } from '../support/chromium.ts';
import { enterpriseAccount } from '../support/learners.ts';
import { waitForQuiet } from '../support/quiet.ts';
import { LAPTOP_VIEWPORT } from '../support/viewport.ts';

const baseUrl = inject('baseUrl');
const call = jsonApi(baseUrl);
let browser: Browser;

beforeAll(async () => {
  browser = await journeyBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('schools in the browser', () => {
  test('an Enterprise account opens Escuelas from the sidebar, runs the wizard in Spanish enrolling its invited student, and edits a course', async () => {
    // An Enterprise account of its own: the shared school demo account gets schools from other
    // journeys, and this one starts from none.
    const account = await enterpriseAccount(call, 'schools');
    const tokens = account.tokens;
    // A student who applied the school account's invitation: the wizard offers them to enroll.
    const n = randomBytes(4).toString('hex');
    const student = {
      email: `enrol-${n}@example.com`,
      username: `enrol${n}`,
      password: 'correct horse battery',
      password2: 'correct horse battery',
      first_name: 'Inés',
      last_name: `Journey ${n}`,
    };
    await call('/auth/users/', { method: 'POST', body: JSON.stringify(student) });
    const studentTokens = await call<{ access: string }>('/auth/token/', {
      method: 'POST',
      body: JSON.stringify({ email: student.email, password: student.password }),
    });
    const invitation = await call<{ code: string }>('/auth/teacher-invitations/', {
      method: 'POST',
      token: tokens.access,
      body: JSON.stringify({}),
    });
    await call(`/auth/invitation/${invitation.code}/apply/`, {
      method: 'POST',
      token: studentTokens.access,
    });
    const studentName = `Inés Journey ${n}`;
    const context = await browser.newContext({ viewport: LAPTOP_VIEWPORT });
    await context.addCookies([
      { name: 'language', value: 'es', url: baseUrl },
      { name: 'session_hint', value: '1', url: baseUrl },
      { name: 'user_email', value: account.email, url: baseUrl },
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
    try {
      const main = page.getByRole('main');
      await page.goto(`${baseUrl}/`);
      await page
        .getByRole('navigation', { name: 'Navegación principal' })
        .getByRole('link', { name: 'Escuelas' })
        .click();
      await page.waitForURL(`${baseUrl}/schools`);
      await main.getByRole('heading', { name: 'Aún no hay escuelas' }).waitFor();
      await main.getByRole('button', { name: 'Crear una escuela' }).click();

      // Details: a bad website is refused under its field, then fixed.
      await main.getByLabel('Nombre de la escuela').fill('Colegio Journey');
      await main.getByLabel('Sitio web').fill('colegio');
      await main.getByRole('button', { name: 'Siguiente' }).click();
      await main
        .getByText('Introduce una dirección web que empiece por http:// o https://.')
        .waitFor();
      await main.getByLabel('Sitio web').fill('https://colegio-journey.edu.ar');
      await main.getByRole('button', { name: 'Siguiente' }).click();

      // Starter data in Spanish (the interface's language is the default).
      await main.getByRole('button', { name: 'Crear cursos y materias iniciales' }).click();
      await main.getByText('Se crearon 3 cursos y 6 materias.').waitFor();
      await main.getByRole('button', { name: 'Siguiente' }).click();

      // Review: the Spanish courses and subjects.
      await main.getByText('Primer año', { exact: true }).waitFor();
      await main.getByText('Matemáticas', { exact: true }).waitFor();
      await main.getByRole('button', { name: 'Siguiente' }).click();

      // Invite: no new invitation (invitations are their own journey); the student who applied
      // one is enrolled in a course, then the finish step counts them.
      await main
        .getByLabel('Estudiante', { exact: true })
        .selectOption({ label: `${studentName} (${student.email})` });
      await main.getByLabel('Curso o materia').selectOption({ label: 'Curso: Primer año' });
      await main.getByRole('button', { name: 'Inscribir' }).click();
      await main.getByText(`${studentName} ahora es estudiante de Primer año.`).waitFor();
      await main.getByRole('button', { name: 'Siguiente' }).click();
      await main.getByRole('heading', { name: 'Colegio Journey está lista' }).waitFor();
      await main.getByText('3 cursos', { exact: true }).waitFor();
      await main.getByText('1 estudiante', { exact: true }).waitFor();
      await main.getByRole('link', { name: 'Gestionar cursos y materias' }).click();

      // Management: edit a course.
      await main.getByRole('heading', { name: 'Colegio Journey', level: 1 }).waitFor();
      await main.getByRole('button', { name: 'Editar Primer año' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Nombre').fill('Primer año A');
      await dialog.getByRole('button', { name: 'Guardar' }).click();
      await main.getByText('Primer año A', { exact: true }).waitFor();
      await waitForQuiet(page);

      // After a reload the change is still there.
      await page.reload();
      await main.getByText('Primer año A', { exact: true }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
