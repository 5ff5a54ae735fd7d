import type { School } from '@memoria/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { renderWithProviders, signedInApi } from '../shared/test/render.tsx';
import { SchoolWizard } from './SchoolWizard.tsx';

const api = signedInApi('owner@example.com');

const school: School = {
  id: 3,
  name: 'Colegio del Sur',
  address: '',
  phone: '',
  email: '',
  website: '',
  owner_id: 1,
  statistics: { courses_count: 0, subjects_count: 0, teachers_count: 0, students_count: 0 },
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
};

/** The school's answers: saving its details, and no courses or subjects yet. */
function serve() {
  api.server.handle((request) => {
    const path = request.path.split('?')[0] ?? '';
    if (path === '/be/api/auth/schools/3/' && request.method === 'PUT') {
      return { status: 200, body: { ...school, ...JSON.parse(request.body) } };
    }
    if (path === '/be/api/auth/schools/3/courses/' || path === '/be/api/auth/schools/3/subjects/')
      return { status: 200, body: [] };
    return { status: 404, body: { detail: 'Not found', code: 'not_found' } };
  });
}

const stepHeading = () => screen.getByRole('heading', { level: 3, name: /^Step \d of 5/ });
const currentSteps = () =>
  [...within(screen.getByRole('list', { name: 'School setup steps' })).getAllByRole('listitem')]
    .filter((li) => li.getAttribute('aria-current') === 'step')
    .map((li) => li.textContent);

describe('SchoolWizard steps', () => {
  test('the first render leaves the focus where it was; the step list marks the current step', () => {
    serve();
    renderWithProviders(<SchoolWizard school={school} initialStep="defaults" />);
    expect(stepHeading().textContent).toBe('Step 2 of 5: Starter data');
    expect(document.activeElement).toBe(document.body);
    expect(currentSteps()).toEqual(['2Starter data']);
  });

  test('Next (saving the details), Skip and Back by keyboard move the focus to the new step heading', async () => {
    serve();
    const user = userEvent.setup();
    renderWithProviders(<SchoolWizard school={school} />);
    expect(stepHeading().textContent).toBe('Step 1 of 5: Details');

    screen.getByRole('button', { name: 'Save' }).focus();
    await user.keyboard('{Enter}');
    // The save answers later: the step changes, then its effect moves the focus.
    await waitFor(() => expect(document.activeElement).toBe(stepHeading()));
    expect(stepHeading().textContent).toBe('Step 2 of 5: Starter data');
    expect(currentSteps()).toEqual(['2Starter data']);
    const list = screen.getByRole('list', { name: 'School setup steps' });
    expect(within(list).getAllByRole('listitem')[0]?.textContent).toBe('✓Details (completed)');

    screen.getByRole('button', { name: 'Skip' }).focus();
    await user.keyboard('{Enter}');
    expect(stepHeading().textContent).toBe('Step 3 of 5: Courses and subjects');
    expect(document.activeElement).toBe(stepHeading());
    // Tab goes on from the heading into the step.
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Next' }));

    screen.getByRole('button', { name: 'Back' }).focus();
    await user.keyboard('{Enter}');
    expect(stepHeading().textContent).toBe('Step 2 of 5: Starter data');
    expect(document.activeElement).toBe(stepHeading());
    expect(currentSteps()).toEqual(['2Starter data']);
  });

  test('in Spanish the list and the heading say the same', () => {
    serve();
    renderWithProviders(<SchoolWizard school={school} initialStep="review" />, { locale: 'es' });
    expect(screen.getByRole('list', { name: 'Pasos de la escuela' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Paso 3 de 5: Cursos y materias' }));
    expect(screen.getAllByText('(completado)')).toHaveLength(2);
  });

  test("the invite step asks for the invitee's email, not the reader's (issue 40)", () => {
    serve();
    const { unmount } = renderWithProviders(<SchoolWizard school={school} initialStep="invite" />);
    expect(screen.getByRole('textbox', { name: 'Their email' })).toBeTruthy();
    unmount();
    renderWithProviders(<SchoolWizard school={school} initialStep="invite" />, { locale: 'es' });
    expect(screen.getByRole('textbox', { name: 'Correo electrónico de la persona' })).toBeTruthy();
  });
});
