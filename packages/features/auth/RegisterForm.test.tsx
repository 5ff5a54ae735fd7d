import { getAccessToken, setNavigate } from '@memoria/api';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders, startApiServer, type TestServer } from '../shared/test/render.tsx';
import { PENDING_INVITATION_KEY } from './pendingInvitation.ts';
import { RegisterForm } from './RegisterForm.tsx';

let server: TestServer;
let navigate: ReturnType<typeof vi.fn<(path: string) => void>>;

beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  localStorage.clear();
  navigate = vi.fn<(path: string) => void>();
  setNavigate(navigate);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

function fill(values: Partial<Record<'email' | 'username' | 'password' | 'password2', string>>) {
  for (const [name, value] of Object.entries(values)) {
    const input = document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
    if (!input) throw new Error(`no input ${name}`);
    fireEvent.change(input, { target: { value } });
  }
}
const submit = (name = 'Register') => fireEvent.click(screen.getByRole('button', { name }));
const user = {
  id: 1,
  email: 'ana@example.com',
  username: 'ana',
  first_name: '',
  last_name: '',
  account_type: 'free',
  role: 'student',
  timezone: 'UTC',
  date_joined: '2025-01-01T00:00:00Z',
};

describe('RegisterForm validation order (§5)', () => {
  test('required, then matching passwords, then 8 characters', async () => {
    renderWithProviders(<RegisterForm />);
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('All fields are required');

    // A short, mismatched pair: the mismatch is reported first.
    fill({ email: 'ana@example.com', username: 'ana', password: 'short', password2: 'other' });
    submit();
    expect(screen.getByRole('alert').textContent).toBe('Passwords do not match');

    fill({ password2: 'short' });
    submit();
    expect(screen.getByRole('alert').textContent).toBe(
      'Password must be at least 8 characters long',
    );

    fill({ username: '' });
    submit();
    expect(screen.getByRole('alert').textContent).toBe('All fields are required');
    expect(server.requests).toHaveLength(0);
  });

  test('in Spanish', async () => {
    renderWithProviders(<RegisterForm />, { locale: 'es' });
    submit('Registrarse');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Todos los campos son obligatorios',
    );
    fill({
      email: 'ana@example.com',
      username: 'ana',
      password: 'abcdefgh',
      password2: 'abcdefgX',
    });
    submit('Registrarse');
    expect(screen.getByRole('alert').textContent).toBe('Las contraseñas no coinciden');
    fill({ password: 'abc', password2: 'abc' });
    submit('Registrarse');
    expect(screen.getByRole('alert').textContent).toBe(
      'La contraseña debe tener al menos 8 caracteres',
    );
  });
});

describe('RegisterForm server answers', () => {
  const emailTaken = {
    status: 400,
    body: {
      detail: 'A user with this email already exists.',
      code: 'validation_error',
      fields: { email: ['A user with this email already exists.'] },
      field_codes: { email: ['email_taken'] },
    },
  };

  test("shows each field's error once, beside its field, and 'Registration failed' on top", async () => {
    server.handle(() => emailTaken);
    renderWithProviders(<RegisterForm />);
    fill({
      email: 'ana@example.com',
      username: 'ana',
      password: 'password1',
      password2: 'password1',
    });
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Registration failed');
    expect(screen.getAllByText('A user with this email already exists.')).toHaveLength(1);
    const email = document.querySelector<HTMLInputElement>('input[name="email"]');
    expect(email?.getAttribute('aria-invalid')).toBe('true');
    expect(navigate).not.toHaveBeenCalled();
  });

  test('in Spanish, a taken email is said in Spanish', async () => {
    server.handle(() => emailTaken);
    renderWithProviders(<RegisterForm />, { locale: 'es' });
    fill({
      email: 'ana@example.com',
      username: 'ana',
      password: 'password1',
      password2: 'password1',
    });
    submit('Registrarse');
    expect((await screen.findByRole('alert')).textContent).toBe('Error al registrarse');
    expect(screen.getAllByText('Ya existe un usuario con este correo electrónico.')).toHaveLength(
      1,
    );
    expect(screen.queryByText(/already exists/)).toBeNull();
  });

  test('a field error of a field the form does not show goes to the banner', async () => {
    server.handle(() => ({
      status: 400,
      body: {
        detail: 'Invalid input: timezone',
        code: 'validation_error',
        fields: { timezone: ['Enter a valid IANA time zone, such as Europe/Madrid.'] },
        field_codes: { timezone: ['invalid_timezone'] },
      },
    }));
    renderWithProviders(<RegisterForm />);
    fill({
      email: 'ana@example.com',
      username: 'ana',
      password: 'password1',
      password2: 'password1',
    });
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a valid time zone.');
  });

  test('registers, logs in, applies the pending invitation, goes to /', async () => {
    localStorage.setItem(PENDING_INVITATION_KEY, 'TEACH1');
    server.handle((request) => {
      if (request.path === '/be/api/auth/users/') return { status: 201, body: user };
      if (request.path === '/be/api/auth/token/') {
        return { status: 200, body: { access: 'a', refresh: 'r' } };
      }
      return { status: 200, body: { detail: 'ok', user } };
    });
    renderWithProviders(<RegisterForm />);
    fill({
      email: 'ana@example.com',
      username: 'ana',
      password: 'password1',
      password2: 'password1',
    });
    submit();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
    expect(server.requests.map((r) => r.path)).toEqual([
      '/be/api/auth/users/',
      '/be/api/auth/token/',
      '/be/api/auth/enterprise-invitation/TEACH1/apply/',
    ]);
    expect(getAccessToken()).toBe('a');
    expect(localStorage.getItem(PENDING_INVITATION_KEY)).toBeNull();
  });

  test('goes to /login when the automatic login fails', async () => {
    server.handle((request) =>
      request.path === '/be/api/auth/users/'
        ? { status: 201, body: user }
        : { status: 429, body: { detail: 'Too many attempts', code: 'rate_limited' } },
    );
    renderWithProviders(<RegisterForm />);
    fill({
      email: 'ana@example.com',
      username: 'ana',
      password: 'password1',
      password2: 'password1',
    });
    submit();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/login'));
    expect(navigate).not.toHaveBeenCalledWith('/');
  });
});
