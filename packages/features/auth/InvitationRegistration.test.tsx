import { getAccessToken, type Schemas, setNavigate } from '@memoria/api';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders, startApiServer, type TestServer } from '../shared/test/render.tsx';
import { InvitationRegistration } from './InvitationRegistration.tsx';
import { PENDING_INVITATION_KEY } from './pendingInvitation.ts';

let server: TestServer;
let navigate: ReturnType<typeof vi.fn<(path: string) => void>>;

const invitation: Schemas['InvitationVerification'] = {
  valid: true,
  error: null,
  error_code: null,
  invitation_type: 'enterprise',
  plan_type: 'enterprise',
  expires_at: '2030-01-01T00:00:00Z',
  invited_by: 'owner',
  email: null,
};
const user = {
  id: 7,
  email: 'lucia@example.com',
  username: 'lucia',
  first_name: 'Lucía',
  last_name: 'Fernández',
  account_type: 'enterprise',
  role: 'teacher',
  timezone: 'UTC',
  date_joined: '2025-01-01T00:00:00Z',
};

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
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function fill(values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) {
    const input = document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
    if (!input) throw new Error(`no input ${name}`);
    fireEvent.change(input, { target: { value } });
  }
}
const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const heading = () => screen.getByRole('heading', { level: 2 }).textContent;
const alertText = () => screen.getByRole('alert').textContent;

function render(props: Partial<Parameters<typeof InvitationRegistration>[0]> = {}, locale?: 'es') {
  const onCancel = vi.fn();
  renderWithProviders(
    <InvitationRegistration code="ENT1" invitation={invitation} onCancel={onCancel} {...props} />,
    locale ? { locale } : {},
  );
  return { onCancel };
}

/** Walks the three data steps with good values, to the confirmation. */
function toConfirm() {
  fill({ email: 'lucia@example.com', username: 'lucia' });
  press('Next');
  fill({ password: 'a long password', password2: 'a long password' });
  press('Next');
  fill({ first_name: 'Lucía', last_name: 'Fernández' });
  press('Next');
}

describe('InvitationRegistration steps', () => {
  test('each step checks only its fields, with the spec messages, and Back keeps the values', () => {
    render();
    expect(heading()).toBe('Step 1 of 4: Account');
    press('Next');
    expect(alertText()).toBe('All fields are required');
    fill({ email: 'lucia@example.com', username: 'lucia' });
    press('Next');
    expect(heading()).toBe('Step 2 of 4: Password');
    expect(screen.queryByRole('alert')).toBeNull();

    fill({ password: 'short', password2: 'other' });
    press('Next');
    expect(alertText()).toBe('Passwords do not match');
    fill({ password2: 'short' });
    press('Next');
    expect(alertText()).toBe('Password must be at least 8 characters long');
    fill({ password: 'a long password', password2: 'a long password' });
    press('Next');
    expect(heading()).toBe('Step 3 of 4: Your name');

    fill({ first_name: 'Lucía' });
    press('Next');
    expect(alertText()).toBe('All fields are required');
    press('Back');
    expect(heading()).toBe('Step 2 of 4: Password');
    expect(document.querySelector<HTMLInputElement>('input[name="password"]')?.value).toBe(
      'a long password',
    );
    expect(server.requests).toHaveLength(0);
  });

  test('the step list marks the current step and the completed ones; focus goes to the heading', () => {
    render();
    fill({ email: 'lucia@example.com', username: 'lucia' });
    press('Next');
    const items = screen.getByRole('list', { name: 'Registration steps' }).querySelectorAll('li');
    expect([...items].map((li) => li.getAttribute('aria-current'))).toEqual([
      null,
      'step',
      null,
      null,
    ]);
    expect(items[0]?.textContent).toContain('(completed)');
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2 }));
  });

  test('Enter in a field goes to the next step (each step is a form)', () => {
    render();
    fill({ email: 'lucia@example.com', username: 'lucia' });
    const username = document.querySelector<HTMLInputElement>('input[name="username"]');
    if (!username?.form) throw new Error('no form');
    fireEvent.submit(username.form);
    expect(heading()).toBe('Step 2 of 4: Password');
  });

  test('Cancel calls onCancel', () => {
    const { onCancel } = render();
    press('Cancel');
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  test('in Spanish', () => {
    render({}, 'es');
    expect(heading()).toBe('Paso 1 de 4: Cuenta');
    press('Siguiente');
    expect(alertText()).toBe('Todos los campos son obligatorios');
  });

  test('an invitation for one address fills it in, read-only', () => {
    render({ invitation: { ...invitation, email: 'only@example.com' } });
    const email = document.querySelector<HTMLInputElement>('input[name="email"]');
    expect(email?.value).toBe('only@example.com');
    expect(email?.readOnly).toBe(true);
  });
});

describe('InvitationRegistration submit', () => {
  test('registers through the enterprise path, logs in, welcomes, goes to / after 2 s', async () => {
    localStorage.setItem(PENDING_INVITATION_KEY, 'ENT1');
    server.handle((request) => {
      if (request.path === '/be/api/auth/enterprise-invitation/ENT1/') {
        return { status: 201, body: user };
      }
      return { status: 200, body: { access: 'a', refresh: 'r' } };
    });
    render();
    toConfirm();
    expect(heading()).toBe('Step 4 of 4: Confirm');
    expect(screen.getByText('Lucía Fernández')).toBeTruthy();
    expect(screen.getByText('Enterprise')).toBeTruthy();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    press('Create account');
    expect((await screen.findByRole('status')).textContent).toContain(
      'Your account was created with the Enterprise plan.',
    );
    expect(server.requests.map((r) => r.path)).toEqual([
      '/be/api/auth/enterprise-invitation/ENT1/',
      '/be/api/auth/token/',
    ]);
    const sent = JSON.parse(server.requests[0]?.body ?? '{}');
    expect(sent).toMatchObject({
      email: 'lucia@example.com',
      username: 'lucia',
      password: 'a long password',
      password2: 'a long password',
      first_name: 'Lucía',
      last_name: 'Fernández',
    });
    expect(getAccessToken()).toBe('a');
    // The code is used: the pending copy is not applied again after a later login.
    expect(localStorage.getItem(PENDING_INVITATION_KEY)).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(2000);
    });
    expect(navigate).toHaveBeenCalledWith('/');
  });

  test('a teacher invitation registers through auth/invitation/{code}/', async () => {
    server.handle((request) =>
      request.path === '/be/api/auth/invitation/T1/'
        ? { status: 201, body: { ...user, account_type: 'standard' } }
        : { status: 200, body: { access: 'a', refresh: 'r' } },
    );
    render({
      code: 'T1',
      invitation: { ...invitation, invitation_type: 'teacher', plan_type: 'standard' },
    });
    toConfirm();
    press('Create account');
    expect((await screen.findByRole('status')).textContent).toContain('Standard plan');
  });

  test('a taken email goes back to the account step, the message under the field', async () => {
    server.handle(() => ({
      status: 400,
      body: {
        detail: 'A user with this email already exists.',
        code: 'validation_error',
        fields: { email: ['A user with this email already exists.'] },
        field_codes: { email: ['email_taken'] },
      },
    }));
    render({}, 'es');
    fill({ email: 'lucia@example.com', username: 'lucia' });
    press('Siguiente');
    fill({ password: 'a long password', password2: 'a long password' });
    press('Siguiente');
    fill({ first_name: 'Lucía', last_name: 'Fernández' });
    press('Siguiente');
    press('Crear cuenta');
    await waitFor(() => expect(heading()).toBe('Paso 1 de 4: Cuenta'));
    expect(screen.getByText('Ya existe un usuario con este correo electrónico.')).toBeTruthy();
    expect(alertText()).toBe('Error al registrarse');
    expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
  });

  test('a used code says why, translated, with no Retry', async () => {
    server.handle(() => ({
      status: 409,
      body: {
        detail: 'This invitation has already been used.',
        code: 'conflict',
        fields: { code: ['This invitation has already been used.'] },
        field_codes: { code: ['invitation_used'] },
      },
    }));
    render({ initialStep: 'confirm', initialValues: { email: 'a@b.co', username: 'a' } }, 'es');
    press('Crear cuenta');
    await waitFor(() => expect(alertText()).toBe('Esta invitación ya se usó.'));
    expect(heading()).toBe('Paso 4 de 4: Confirmar');
    expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
  });

  test('a server failure offers Retry, which sends the form again', async () => {
    let calls = 0;
    server.handle((request) => {
      if (request.path === '/be/api/auth/enterprise-invitation/ENT1/') {
        calls += 1;
        return calls === 1
          ? { status: 500, body: { detail: 'boom', code: 'internal_error' } }
          : { status: 201, body: user };
      }
      return { status: 200, body: { access: 'a', refresh: 'r' } };
    });
    render();
    toConfirm();
    press('Create account');
    await waitFor(() => expect(alertText()).toBe('Registration failed'));
    press('Retry');
    expect((await screen.findByRole('status')).textContent).toContain('Welcome to Memoria!');
    expect(calls).toBe(2);
  });

  test('goes to /login when the automatic login fails', async () => {
    server.handle((request) =>
      request.path === '/be/api/auth/enterprise-invitation/ENT1/'
        ? { status: 201, body: user }
        : { status: 429, body: { detail: 'Too many attempts', code: 'rate_limited' } },
    );
    render();
    toConfirm();
    press('Create account');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/login'));
  });
});
