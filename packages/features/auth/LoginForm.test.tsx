import { getAccessToken, getCookie, getRefreshToken, setNavigate } from '@memoria/api';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders, startApiServer, type TestServer } from '../shared/test/render.tsx';
import { LoginForm } from './LoginForm.tsx';
import { PENDING_INVITATION_KEY } from './pendingInvitation.ts';

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

function fill(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });
}
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
const tokens = { access: 'access-1', refresh: 'refresh-1' };

describe('LoginForm validation (§5)', () => {
  test('email and password are required, before any call', async () => {
    renderWithProviders(<LoginForm />);
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('All fields are required');

    fill('Email', 'ana@example.com');
    submit();
    expect(screen.getByRole('alert').textContent).toBe('All fields are required');
    expect(server.requests).toHaveLength(0);
  });

  test('in Spanish', async () => {
    renderWithProviders(<LoginForm />, { locale: 'es' });
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Todos los campos son obligatorios',
    );
  });
});

describe('LoginForm failure (§8)', () => {
  test("shows the message of the error's code, not the server's English text", async () => {
    server.handle(() => ({
      status: 401,
      body: { detail: 'Wrong credentials (server wording)', code: 'invalid_credentials' },
    }));
    renderWithProviders(<LoginForm />);
    fill('Email', 'ana@example.com');
    fill('Password', 'wrong-password');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password.');
    expect(getAccessToken()).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  test('in Spanish, wrong credentials are said in Spanish', async () => {
    server.handle(() => ({
      status: 401,
      body: { detail: 'Invalid email or password', code: 'invalid_credentials' },
    }));
    renderWithProviders(<LoginForm />, { locale: 'es' });
    fill('Correo electrónico', 'ana@example.com');
    fill('Contraseña', 'wrong-password');
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Correo electrónico o contraseña incorrectos.',
    );
  });

  test('a field error shows once, under its field, translated from its key', async () => {
    server.handle(() => ({
      status: 400,
      body: {
        detail: 'Enter a valid email address.',
        code: 'validation_error',
        fields: { email: ['Enter a valid email address.'] },
        field_codes: { email: ['invalid_email'] },
      },
    }));
    renderWithProviders(<LoginForm />, { locale: 'es' });
    fill('Correo electrónico', 'ana@example');
    fill('Contraseña', 'secret-password');
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error al iniciar sesión');
    expect(screen.getAllByText('Introduce un correo electrónico válido.')).toHaveLength(1);
    expect(screen.queryByText(/Enter a valid email/)).toBeNull();
  });

  test("'Login failed' (translated) when the server has no message for the learner", async () => {
    server.handle(() => ({ status: 500, body: '' }));
    renderWithProviders(<LoginForm />, { locale: 'es' });
    fill('Correo electrónico', 'ana@example.com');
    fill('Contraseña', 'secret-password');
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error al iniciar sesión');
  });
});

describe('LoginForm success (§4)', () => {
  test('stores tokens and user_email, then goes to /', async () => {
    server.handle(() => ({ status: 200, body: tokens }));
    renderWithProviders(<LoginForm />);
    fill('Email', ' ana@example.com ');
    fill('Password', 'secret-password');
    submit();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
    expect(getAccessToken()).toBe('access-1');
    expect(getRefreshToken()).toBe('refresh-1');
    expect(getCookie('user_email')).toBe('ana@example.com');
    expect(JSON.parse(server.hits('/be/api/auth/token/')[0]?.body ?? '{}')).toEqual({
      email: 'ana@example.com',
      password: 'secret-password',
    });
  });

  test('/login/{code}: stores the pending invitation, applies it (enterprise, then teacher)', async () => {
    server.handle((request) => {
      if (request.path === '/be/api/auth/token/') return { status: 200, body: tokens };
      if (request.path === '/be/api/auth/enterprise-invitation/INV42/apply/') {
        return { status: 404, body: { detail: 'Not found', code: 'not_found' } };
      }
      if (request.path === '/be/api/auth/invitation/INV42/apply/') {
        return { status: 200, body: { detail: 'ok', user: {} } };
      }
      return { status: 500, body: { detail: 'unexpected', code: 'internal_error' } };
    });
    renderWithProviders(<LoginForm invitationCode="INV42" />);
    await waitFor(() => expect(localStorage.getItem(PENDING_INVITATION_KEY)).toBe('INV42'));
    fill('Email', 'ana@example.com');
    fill('Password', 'secret-password');
    submit();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
    expect(server.requests.map((r) => r.path)).toEqual([
      '/be/api/auth/token/',
      '/be/api/auth/enterprise-invitation/INV42/apply/',
      '/be/api/auth/invitation/INV42/apply/',
    ]);
    expect(server.hits('/be/api/auth/invitation/')[0]?.headers.authorization).toBe(
      'Bearer access-1',
    );
    expect(localStorage.getItem(PENDING_INVITATION_KEY)).toBeNull();
  });

  test('a failing invitation is only logged and never blocks the login', async () => {
    localStorage.setItem(PENDING_INVITATION_KEY, 'EXPIRED');
    server.handle((request) =>
      request.path === '/be/api/auth/token/'
        ? { status: 200, body: tokens }
        : { status: 501, body: { detail: 'Not implemented', code: 'not_implemented' } },
    );
    renderWithProviders(<LoginForm />);
    fill('Email', 'ana@example.com');
    fill('Password', 'secret-password');
    submit();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
    expect(server.hits('/be/api/auth/enterprise-invitation/EXPIRED/apply/')).toHaveLength(1);
    expect(server.hits('/be/api/auth/invitation/EXPIRED/apply/')).toHaveLength(1);
    expect(console.error).toHaveBeenCalledWith(
      '[auth] applying the pending invitation failed:',
      expect.anything(),
    );
  });
});

describe('LoginForm on a throttled account (issue 38)', () => {
  const throttled = {
    status: 429,
    headers: { 'Retry-After': '3600' },
    body: {
      detail: 'Too many failed sign-in attempts for this account.',
      code: 'rate_limited',
      sign_in_link: true,
    },
  };

  test('offers a sign-in link by email and says it is on its way', async () => {
    server.handle((request) =>
      request.path === '/be/api/auth/token/' ? throttled : { status: 202 },
    );
    renderWithProviders(<LoginForm />);
    fill('Email', ' ana@example.com ');
    fill('Password', 'secret-password');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many failed attempts to sign in to this account. We can email you a link that signs you in once.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'If an account uses this email, a sign-in link is on its way. It works once, for 15 minutes.',
    );
    expect(screen.queryByRole('alert')).toBeNull();
    const [asked] = server.hits('/be/api/auth/login-link/');
    expect(JSON.parse(asked?.body ?? '{}')).toEqual({ email: 'ana@example.com', locale: 'en' });
    expect(asked?.headers.authorization).toBeUndefined();
    expect(navigate).not.toHaveBeenCalled();
  });

  test('in Spanish, and the link email is asked for in Spanish', async () => {
    server.handle((request) =>
      request.path === '/be/api/auth/token/' ? throttled : { status: 202 },
    );
    renderWithProviders(<LoginForm />, { locale: 'es' });
    fill('Correo electrónico', 'ana@example.com');
    fill('Contraseña', 'secret-password');
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    fireEvent.click(
      await screen.findByRole('button', { name: 'Envíame un enlace para iniciar sesión' }),
    );
    expect((await screen.findByRole('status')).textContent).toContain('Funciona una sola vez');
    const [asked] = server.hits('/be/api/auth/login-link/');
    expect(JSON.parse(asked?.body ?? '{}').locale).toBe('es');
  });

  test('offers no link for a 429 of this address (no sign_in_link)', async () => {
    server.handle(() => ({
      status: 429,
      headers: { 'Retry-After': '60' },
      body: { detail: 'Too many failed sign-in attempts.', code: 'rate_limited' },
    }));
    renderWithProviders(<LoginForm />);
    fill('Email', 'ana@example.com');
    fill('Password', 'secret-password');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many requests. Wait a moment and try again.',
    );
    expect(screen.queryByRole('button', { name: 'Email me a sign-in link' })).toBeNull();
  });
});
