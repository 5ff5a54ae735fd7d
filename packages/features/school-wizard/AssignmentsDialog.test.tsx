import { $session, ACCESS_TOKEN_KEY, setNavigate } from '@memoria/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders, startApiServer, type TestServer } from '../shared/test/render.tsx';
import { AssignmentsDialog } from './AssignmentsDialog.tsx';
import { assignments, courseFive } from './test/storyData.ts';

let server: TestServer;
const deck = (id: number, name: string, isOwner = true) => ({ id, name, is_owner: isOwner });

beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
  $session.set({ signedIn: true, email: 'teacher@example.com' });
  setNavigate(vi.fn());
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

const BASE = '/be/api/auth/courses/5/assignments/';

/** Course 5's assignments (a list the test changes) and the teacher's decks. */
function serve(list = assignments()) {
  server.handle((request) => {
    const path = request.path.split('?')[0] ?? '';
    if (path === '/be/api/space-repetition/desks/') {
      return {
        status: 200,
        body: [deck(21, 'La célula'), deck(23, 'Capitales'), deck(40, 'Shared', false)],
      };
    }
    if (path === BASE && request.method === 'GET') return { status: 200, body: list };
    if (path === BASE && request.method === 'POST') {
      const body = JSON.parse(request.body);
      const made = {
        ...(list[0] as object),
        id: 9,
        desk_id: body.desk_id,
        due_date: body.due_date,
      };
      list.push(made as never);
      return { status: 201, body: made };
    }
    if (path.startsWith(BASE) && request.method === 'PUT') {
      return {
        status: 400,
        body: {
          code: 'validation_error',
          detail: 'due_date: The exam date is in the past.',
          fields: { due_date: ['The exam date is in the past.'] },
          field_codes: { due_date: ['exam_date_in_past'] },
        },
      };
    }
    if (path.startsWith(BASE) && request.method === 'DELETE') {
      list.splice(0, 1);
      return { status: 204 };
    }
    return { status: 404, body: { detail: 'Not found.', code: 'not_found' } };
  });
}

const open = (locale: 'en' | 'es' = 'en') =>
  renderWithProviders(
    <AssignmentsDialog open onClose={() => {}} kind="courses" group={courseFive} />,
    { locale },
  );

describe('a course’s assignments', () => {
  test('lists the decks with their exam dates; the picker offers only the other own decks', async () => {
    serve();
    open();
    const dialog = await screen.findByRole('dialog', { name: 'Assignments of Primero B' });
    await within(dialog).findByText('Verbos irregulares');
    expect(within(dialog).getByText('No exam date · 80 cards')).toBeTruthy();
    expect(within(dialog).getByText(/^Exam .* · 42 cards$/)).toBeTruthy();
    const picker = within(dialog).getByLabelText(/Deck/) as HTMLSelectElement;
    await waitFor(() => expect(picker.options.length).toBe(2));
    expect([...picker.options].map((o) => o.text)).toEqual([
      'Choose one of your decks',
      'Capitales',
    ]);
  });

  test('assigns a deck with an exam date, and says so when no deck is chosen', async () => {
    serve();
    open();
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Verbos irregulares');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await within(dialog).findByText('Choose a deck.');
    expect(server.hits(BASE).filter((r) => r.method === 'POST')).toHaveLength(0);
    const picker = within(dialog).getByLabelText(/Deck/);
    await waitFor(() => expect((picker as HTMLSelectElement).options.length).toBe(2));
    fireEvent.change(picker, { target: { value: '23' } });
    fireEvent.change(within(dialog).getByLabelText(/Exam date/), {
      target: { value: '2030-06-20' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() =>
      expect(server.hits(BASE).filter((r) => r.method === 'POST')).toHaveLength(1),
    );
    const post = server.hits(BASE).find((r) => r.method === 'POST');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({ desk_id: 23, due_date: '2030-06-20' });
  });

  test('a past date shows under the date; Remove deletes the assignment', async () => {
    serve();
    open();
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(
      await within(dialog).findByRole('button', { name: 'Change date of La célula' }),
    );
    await within(dialog).findByRole('heading', { name: 'Exam date of La célula' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save date' }));
    await within(dialog).findByText('The exam date is in the past.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove La célula' }));
    // Gone from the list, and back among the decks the picker offers (the deck's name is on the
    // page again, as an option: the list's own control says whether the assignment is there).
    await waitFor(() =>
      expect(within(dialog).queryByRole('button', { name: 'Remove La célula' })).toBeNull(),
    );
    const picker = within(dialog).getByLabelText(/Deck/) as HTMLSelectElement;
    await waitFor(() => expect([...picker.options].map((o) => o.text)).toContain('La célula'));
    expect(server.hits(`${BASE}1/`).map((r) => r.method)).toEqual(['PUT', 'DELETE']);
  });

  test('reads in Spanish', async () => {
    serve([]);
    open('es');
    const dialog = await screen.findByRole('dialog', { name: 'Asignaciones de Primero B' });
    await within(dialog).findByText('Todavía no hay mazos asignados');
    expect(within(dialog).getByRole('button', { name: 'Asignar' })).toBeTruthy();
  });
});
