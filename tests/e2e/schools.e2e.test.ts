// The schools journey (issue 17) in Debian's Chromium against the real product: the demo
// Enterprise account runs the school wizard in Spanish (creates a school, adds the starter
// courses and subjects in Spanish, reviews them, reaches the finish step), then manages the
// school and edits a course.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { jsonApi } from '../support/api.ts';
import { launchChromium } from '../support/chromium.ts';
import { waitForQuiet } from '../support/quiet.ts';

const baseUrl = inject('baseUrl');
const SCHOOL_DEMO = { email: 'school@memoria.app', password: 'school-password' };
const call = jsonApi(baseUrl);
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

describe('schools in the browser', () => {
  test('an Enterprise account runs the wizard in Spanish and edits a course', async () => {
    const tokens = await call<{ access: string; refresh: string }>('/auth/token/', {
      method: 'POST',
      body: JSON.stringify(SCHOOL_DEMO),
    });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([
      { name: 'language', value: 'es', url: baseUrl },
      { name: 'session_hint', value: '1', url: baseUrl },
      { name: 'user_email', value: SCHOOL_DEMO.email, url: baseUrl },
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
      await page.goto(`${baseUrl}/schools`);
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

      // Invite: skipped (invitations are their own journey), then the finish step.
      await main.getByRole('button', { name: 'Siguiente' }).click();
      await main.getByRole('heading', { name: 'Colegio Journey está lista' }).waitFor();
      await main.getByText('3 cursos', { exact: true }).waitFor();
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
