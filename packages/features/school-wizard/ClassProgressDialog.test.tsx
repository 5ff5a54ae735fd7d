import { $session, ACCESS_TOKEN_KEY, setNavigate } from '@memoria/api';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders, startApiServer, type TestServer } from '../shared/test/render.tsx';
import { ClassProgressDialog } from './ClassProgressDialog.tsx';
import { courseFive, courseProgress, subjectProgress } from './test/storyData.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());
afterEach(() => {
  vi.restoreAllMocks();
});
beforeEach(() => {
  server.reset();
  localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
  $session.set({ signedIn: true, email: 'teacher@example.com' });
  setNavigate(vi.fn());
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

function serve(status = 200, body: unknown = courseProgress()) {
  server.handle((request) =>
    request.path.startsWith('/be/api/auth/courses/5/progress/')
      ? { status, body }
      : { status: 404, body: {} },
  );
}

const render = () =>
  renderWithProviders(<ClassProgressDialog open onClose={() => {}} course={courseFive} />);

const firstColumn = () =>
  within(screen.getByRole('table'))
    .getAllByRole('rowheader')
    .map((cell) => cell.firstChild?.textContent);

describe('ClassProgressDialog', () => {
  test('lists the students, the lowest predicted retention first, and sorts by a header', async () => {
    serve();
    render();
    await screen.findByRole('table');
    expect(firstColumn()).toEqual(['Carla Díaz', 'Bruno Ruiz', 'Diego Sosa', 'Ana García']);
    expect(
      screen.getByRole('columnheader', { name: /Retention at exam/ }).getAttribute('aria-sort'),
    ).toBe('ascending');
    fireEvent.click(screen.getByRole('button', { name: /Student/ }));
    expect(firstColumn()).toEqual(['Ana García', 'Bruno Ruiz', 'Carla Díaz', 'Diego Sosa']);
    fireEvent.click(screen.getByRole('button', { name: /Reviews \(7 days\)/ }));
    expect(firstColumn()[0]).toBe('Ana García');
    expect(screen.getByRole('img', { name: '123 reviews in 14 days' })).toBeTruthy();
    expect(screen.getByText('40 of 42')).toBeTruthy();
  });

  test('a student who has not started shows a neutral "Not started", not a red 0%', async () => {
    serve();
    render();
    await screen.findByRole('table');
    const carla = screen.getByRole('rowheader', { name: 'Carla Díaz' }).closest('tr');
    if (!carla) throw new Error('no row for Carla');
    const cells = within(carla).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).not.toContain('0%');
    const retention = within(carla).getByText('Not started');
    expect(retention.className).not.toContain('low');
  });

  test("the students' table, wider than a phone, is a region the keyboard can scroll", async () => {
    serve();
    render();
    const table = await screen.findByRole('table');
    const scroller = screen.getByRole('region', { name: 'Students' });
    expect(scroller.contains(table)).toBe(true);
    expect(scroller.tabIndex).toBe(0);
  });

  test('shows the hardest cards with the share predicted to forget them', async () => {
    serve();
    render();
    const heading = await screen.findByRole('heading', { name: 'Hardest cards' });
    const list = heading.parentElement?.querySelector('ul') as HTMLElement;
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(items[1]?.textContent).toContain('Function of the Golgi apparatus');
    expect(items[1]?.textContent).toContain('71% may forget · 43% lapses');
  });

  test('exports the table as sorted, as a CSV file made in the browser', async () => {
    serve();
    const blobs: Blob[] = [];
    const create = vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blobs.push(b as Blob);
      return 'blob:progress';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    // The page would follow the download link (and leave the test server's origin).
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(create).toHaveBeenCalledTimes(1);
    expect(clicked).toEqual(['La célula.csv']);
    const text = await (blobs[0] as Blob).text();
    const lines = text.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe(
      'Student,Cards started,Cards in deck,Reviews (7 days),Minutes (7 days),Predicted retention (%),Last active,Memory model',
    );
    expect(lines).toHaveLength(5);
    expect(lines[1]).toMatch(/^Carla Díaz,0,42,0,0,0.0,,defaults$/);
  });

  test('says when nothing is assigned, and offers Retry when the load fails', async () => {
    serve(200, { course_id: 5, computed_at: new Date().toISOString(), assignments: [] });
    const { unmount } = render();
    expect(await screen.findByText('Nothing assigned yet')).toBeTruthy();
    unmount();
    serve(500, { detail: 'boom', code: 'server_error' });
    render();
    expect(await screen.findByText('The class progress could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

describe('ClassProgressDialog for a subject', () => {
  const subject = { ...courseFive, id: 7, name: 'Biología' };

  test('reads the subject progress and shows its students', async () => {
    server.handle((request) =>
      request.path.startsWith('/be/api/auth/subjects/7/progress/')
        ? { status: 200, body: subjectProgress() }
        : { status: 404, body: {} },
    );
    renderWithProviders(
      <ClassProgressDialog open onClose={() => {}} kind="subjects" course={subject} />,
    );
    await screen.findByRole('table');
    expect(screen.getByRole('dialog', { name: 'Progress of Biología' })).toBeTruthy();
    expect(firstColumn()).toEqual(['Carla Díaz', 'Bruno Ruiz', 'Diego Sosa', 'Ana García']);
  });

  test('says to assign a deck to the subject when nothing is assigned', async () => {
    server.handle((request) =>
      request.path.startsWith('/be/api/auth/subjects/7/progress/')
        ? {
            status: 200,
            body: { subject_id: 7, computed_at: new Date().toISOString(), assignments: [] },
          }
        : { status: 404, body: {} },
    );
    renderWithProviders(
      <ClassProgressDialog open onClose={() => {}} kind="subjects" course={subject} />,
    );
    expect(
      await screen.findByText('Assign a deck to the subject to follow how each student is doing.'),
    ).toBeTruthy();
  });
});
