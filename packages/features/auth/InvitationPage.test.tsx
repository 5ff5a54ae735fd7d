import { $session, ACCESS_TOKEN_KEY, setNavigate } from '@memoria/api';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders, startApiServer, type TestServer } from '../shared/test/render.tsx';
import { InvitationPage } from './InvitationPage.tsx';

let server: TestServer;
let navigate: ReturnType<typeof vi.fn<(path: string) => void>>;
const valid = {
  valid: true,
  error: null,
  error_code: null,
  invitation_type: 'teacher',
  plan_type: 'standard',
  expires_at: '2030-01-01T00:00:00Z',
  invited_by: 'profe',
  email: null,
};
const account = (account_type: string) => ({
  account_type,
  role: 'student',
  is_paid: account_type !== 'free',
  features: ['space_repetition'],
  subscription_end_date: null,
});

beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  localStorage.clear();
  $session.set({ signedIn: false, email: null });
  navigate = vi.fn<(path: string) => void>();
  setNavigate(navigate);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function signIn() {
  localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
  $session.set({ signedIn: true, email: 'ana@example.com' });
}

describe('InvitationPage', () => {
  test('a server that cannot verify yet (501) shows the invalid view, once (no retry)', async () => {
    server.handle(() => ({
      status: 501,
      body: { detail: 'verifyInvitation is not implemented', code: 'not_implemented' },
    }));
    renderWithProviders(<InvitationPage code="ABC" />);
    expect(screen.getByText('Checking your invitation…', { selector: 'p' })).toBeTruthy();
    expect(await screen.findByText('Invalid Invitation')).toBeTruthy();
    expect(screen.getByText(/Invalid or expired invitation link/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe('/login');
    expect(server.hits('/be/api/auth/verify-invitation/ABC/')).toHaveLength(1);
  });

  test("an invalid code says why in the visitor's language, from error_code", async () => {
    server.handle(() => ({
      status: 200,
      body: {
        ...valid,
        valid: false,
        error: 'This invitation has expired.',
        error_code: 'invitation_expired',
      },
    }));
    renderWithProviders(<InvitationPage code="OLD" />, { locale: 'es' });
    expect(await screen.findByText('Invitación no válida')).toBeTruthy();
    expect(screen.getByText(/Esta invitación venció\./)).toBeTruthy();
    expect(screen.queryByText(/has expired/)).toBeNull();
  });

  test('a check refused for too many tries says so, and Retry checks again', async () => {
    let calls = 0;
    server.handle(() => {
      calls += 1;
      return calls === 1
        ? { status: 429, body: { detail: 'Too many requests.', code: 'rate_limited' } }
        : { status: 200, body: valid };
    });
    renderWithProviders(<InvitationPage code="T1" />);
    expect(await screen.findByText(/Too many requests\. Wait a moment/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Standard')).toBeTruthy();
    expect(calls).toBe(2);
  });

  test('signed out: the Login tab links to /login/{code}; Register opens the steps, Cancel closes them', async () => {
    server.handle(() => ({ status: 200, body: valid }));
    renderWithProviders(<InvitationPage code="T1" />);
    expect(await screen.findByText('Standard')).toBeTruthy();
    expect(screen.getByText('profe')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in to accept' }).getAttribute('href')).toBe(
      '/login/T1',
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Register' }));
    fireEvent.click(screen.getByRole('button', { name: 'Register to accept' }));
    expect(screen.getByRole('heading', { name: 'Step 1 of 4: Account' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const start = screen.getByRole('button', { name: 'Register to accept' });
    expect(document.activeElement).toBe(start);
  });

  test('signed out: registering through the steps signs in and still shows the welcome, then /', async () => {
    server.handle((r) => {
      if (r.path === '/be/api/auth/invitation/T1/') {
        return { status: 201, body: { id: 3, email: 'lu@example.com', username: 'lu' } };
      }
      if (r.path === '/be/api/auth/token/') {
        return { status: 200, body: { access: 'a', refresh: 'r' } };
      }
      if (r.path.startsWith('/be/api/auth/users/account_info/')) {
        return { status: 200, body: account('standard') };
      }
      return { status: 200, body: valid };
    });
    renderWithProviders(<InvitationPage code="T1" />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Register' }));
    fireEvent.click(screen.getByRole('button', { name: 'Register to accept' }));
    const fill = (name: string, value: string) => {
      const input = document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
      if (!input) throw new Error(`no input ${name}`);
      fireEvent.change(input, { target: { value } });
    };
    const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fill('email', 'lu@example.com');
    fill('username', 'lu');
    next();
    fill('password', 'a long password');
    fill('password2', 'a long password');
    next();
    fill('first_name', 'Lu');
    fill('last_name', 'Paz');
    next();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Welcome to Memoria!')).toBeTruthy();
    await waitFor(() => expect($session.get().signedIn).toBe(true));
    expect(screen.getByText('Welcome to Memoria!')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Apply Invitation' })).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(2000);
    });
    expect(navigate).toHaveBeenCalledWith('/');
  });

  test('signed in on the same plan: a notice and no Apply button', async () => {
    signIn();
    server.handle((r) =>
      r.path.startsWith('/be/api/auth/users/account_info/')
        ? { status: 200, body: account('standard') }
        : { status: 200, body: valid },
    );
    renderWithProviders(<InvitationPage code="T1" />);
    expect(await screen.findByText(/already on the Standard plan/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Apply Invitation' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toBeTruthy();
  });

  test('signed in: Apply succeeds, shows the message, goes to / after 2 s', async () => {
    signIn();
    server.handle((r) => {
      if (r.path.startsWith('/be/api/auth/users/account_info/')) {
        return { status: 200, body: account('free') };
      }
      if (r.path.endsWith('/apply/')) return { status: 200, body: { detail: 'ok', user: {} } };
      return { status: 200, body: valid };
    });
    renderWithProviders(<InvitationPage code="T1" />);
    const apply = await screen.findByRole('button', { name: 'Apply Invitation' });
    await waitFor(() => expect((apply as HTMLButtonElement).disabled).toBe(false));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(apply);
    expect(
      await screen.findByText('Invitation applied successfully! Your account has been upgraded.'),
    ).toBeTruthy();
    expect(navigate).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(2000);
    });
    expect(navigate).toHaveBeenCalledWith('/');
  });

  test('signed in: a refused Apply says why, from the enterprise answer when the teacher path does not know the code', async () => {
    signIn();
    server.handle((r) => {
      if (r.path.startsWith('/be/api/auth/users/account_info/')) {
        return { status: 200, body: account('free') };
      }
      if (r.path === '/be/api/auth/enterprise-invitation/E1/apply/') {
        return {
          status: 409,
          body: {
            detail: 'This invitation has already been used.',
            code: 'conflict',
            fields: { code: ['This invitation has already been used.'] },
            field_codes: { code: ['invitation_used'] },
          },
        };
      }
      if (r.path.endsWith('/apply/')) {
        return {
          status: 404,
          body: {
            detail: 'Invalid or expired invitation link',
            code: 'not_found',
            fields: { code: ['Invalid or expired invitation link'] },
            field_codes: { code: ['invitation_invalid'] },
          },
        };
      }
      return { status: 200, body: { ...valid, invitation_type: 'enterprise' } };
    });
    renderWithProviders(<InvitationPage code="E1" />, { locale: 'es' });
    const apply = await screen.findByRole('button', { name: 'Aplicar invitación' });
    await waitFor(() => expect((apply as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(apply);
    expect((await screen.findByRole('alert')).textContent).toBe('Esta invitación ya se usó.');
  });

  test('signed in: Apply failure shows the error', async () => {
    signIn();
    server.handle((r) => {
      if (r.path.startsWith('/be/api/auth/users/account_info/')) {
        return { status: 200, body: account('free') };
      }
      if (r.path.endsWith('/apply/')) {
        return { status: 409, body: { detail: 'Used', code: 'conflict' } };
      }
      return { status: 200, body: valid };
    });
    renderWithProviders(<InvitationPage code="T1" />);
    const apply = await screen.findByRole('button', { name: 'Apply Invitation' });
    await waitFor(() => expect((apply as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(apply);
    expect(await screen.findByText('Error applying invitation. Please try again.')).toBeTruthy();
    expect(server.hits('/be/api/auth/enterprise-invitation/T1/apply/')).toHaveLength(1);
    expect(server.hits('/be/api/auth/invitation/T1/apply/')).toHaveLength(1);
  });
});
