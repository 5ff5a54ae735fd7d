import { $session, ACCESS_TOKEN_KEY, setNavigate } from '@memoria/api';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders, startApiServer, type TestServer } from '../shared/test/render.tsx';
import { EnrolPeople } from './EnrolPeople.tsx';

let server: TestServer;
const diego = {
  id: 44,
  email: 'diego@example.com',
  username: 'dsosa',
  first_name: 'Diego',
  last_name: 'Sosa',
};
const rosa = {
  id: 33,
  email: 'rosa@example.com',
  username: 'rvega',
  first_name: 'Rosa',
  last_name: 'Vega',
};
const group = (id: number, name: string) => ({
  id,
  name,
  description: '',
  school_id: 3,
  students_count: 0,
  teachers_count: 0,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
});

beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
  $session.set({ signedIn: true, email: 'owner@example.com' });
  setNavigate(vi.fn());
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

/** The owner's people and school; `studentsFail` makes the students' list fail while it is true. */
function serve(options: { students?: object[]; studentsFail?: () => boolean } = {}) {
  server.handle((request) => {
    const path = request.path.split('?')[0] ?? '';
    if (path === '/be/api/auth/teacher-student-relationships/my_students/') {
      if (options.studentsFail?.()) {
        return { status: 500, body: { detail: 'boom', code: 'internal_error' } };
      }
      return { status: 200, body: options.students ?? [diego] };
    }
    if (path === '/be/api/auth/enterprise-teacher-relationships/my_enterprise_teachers/') {
      return { status: 200, body: [rosa] };
    }
    if (path === '/be/api/auth/schools/3/courses/')
      return { status: 200, body: [group(11, 'First year')] };
    if (path === '/be/api/auth/schools/3/subjects/')
      return { status: 200, body: [group(22, 'History')] };
    const enroll = /^\/be\/api\/auth\/(courses|subjects)\/(\d+)\/enroll\/$/.exec(path);
    if (enroll && request.method === 'POST') {
      const { user_id } = JSON.parse(request.body) as { user_id: number };
      const who = user_id === rosa.id ? rosa : diego;
      return {
        status: 200,
        body: {
          [enroll[1] === 'courses' ? 'course_id' : 'subject_id']: Number(enroll[2]),
          user: who,
          role: who === rosa ? 'teacher' : 'student',
          enrolled_at: '2026-11-20T10:00:00Z',
        },
      };
    }
    return { status: 404, body: { detail: 'Not found', code: 'not_found' } };
  });
}

describe('enrolling the people an owner invited', () => {
  test('offers the invited students and the school’s courses and subjects, and enrolls one', async () => {
    serve();
    renderWithProviders(<EnrolPeople schoolId={3} audience="students" />);
    const person = await screen.findByLabelText('Student');
    expect([...(person as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'Diego Sosa (diego@example.com)',
    ]);
    const target = screen.getByLabelText('Course or subject') as HTMLSelectElement;
    expect([...target.options].map((o) => o.text)).toEqual([
      'Course: First year',
      'Subject: History',
    ]);
    fireEvent.change(target, { target: { value: 'subjects:22' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enroll student' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Diego Sosa is now a student of History.',
    );
    const posted = server.requests.filter((r) => r.method === 'POST');
    expect(posted.map((r) => [r.path, JSON.parse(r.body)])).toEqual([
      ['/be/api/auth/subjects/22/enroll/', { user_id: 44 }],
    ]);
  });

  test('offers an Enterprise+ owner’s enterprise teachers, who join as teachers', async () => {
    serve();
    renderWithProviders(<EnrolPeople schoolId={3} audience="teachers" />);
    await screen.findByLabelText('Teacher');
    fireEvent.click(screen.getByRole('button', { name: 'Enroll teacher' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Rosa Vega now teaches First year.',
    );
    // Only the list asked for is read.
    expect(server.requests.some((r) => r.path.includes('my_students'))).toBe(false);
  });

  test('says when nobody accepted an invitation yet', async () => {
    serve({ students: [] });
    renderWithProviders(<EnrolPeople schoolId={3} audience="students" />);
    expect(
      await screen.findByText('Nobody has accepted your student invitations yet'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enroll student' })).toBeNull();
  });

  test('a failed read shows an alert with Retry, which loads the list', async () => {
    let fails = true;
    serve({ studentsFail: () => fails });
    renderWithProviders(<EnrolPeople schoolId={3} audience="students" />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your students could not be loaded.');
    fails = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByLabelText('Student');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
