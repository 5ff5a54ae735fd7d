import { getAccessToken, getCookie, getRefreshToken, setNavigate } from '@memoria/api';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders, startApiServer, type TestServer } from '../shared/test/render.tsx';
import { SignInLinkPage, tokenFromHash } from './SignInLinkPage.tsx';

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

const TOKEN = 'a'.repeat(43);

describe('SignInLinkPage (issue 38)', () => {
  test('reads the token from the fragment only', () => {
    expect(tokenFromHash(`#token=${TOKEN}`)).toBe(TOKEN);
    expect(tokenFromHash('')).toBeNull();
    expect(tokenFromHash('#token=<script>')).toBeNull();
  });

  test('signs in with the token once, stores the session and goes to /', async () => {
    server.handle((request) => {
      if (request.path === '/be/api/auth/login-link/consume/') {
        return { status: 200, body: { access: 'access-9', refresh: 'refresh-9' } };
      }
      if (request.path === '/be/api/auth/users/me/') {
        return { status: 200, body: { id: 1, email: 'ana@example.com' } };
      }
      return { status: 500, body: { detail: 'unexpected', code: 'internal_error' } };
    });
    renderWithProviders(<SignInLinkPage token={TOKEN} />);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
    expect(getAccessToken()).toBe('access-9');
    expect(getRefreshToken()).toBe('refresh-9');
    expect(getCookie('user_email')).toBe('ana@example.com');
    const consumed = server.hits('/be/api/auth/login-link/consume/');
    expect(consumed).toHaveLength(1);
    expect(JSON.parse(consumed[0]?.body ?? '{}')).toEqual({ token: TOKEN });
  });

  test('a used or expired link says so and leads back to the login form', async () => {
    server.handle(() => ({
      status: 401,
      body: { detail: 'The sign-in link is invalid, used or expired.', code: 'token_invalid' },
    }));
    renderWithProviders(<SignInLinkPage token={TOKEN} />);
    expect(
      await screen.findByText('This sign-in link is invalid, already used or expired.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe('/login');
    expect(server.hits('/be/api/auth/token/refresh/')).toHaveLength(0);
    expect(navigate).not.toHaveBeenCalled();
  });

  test('a server failure offers Retry, in Spanish', async () => {
    server.handle(() => ({ status: 500, body: { detail: 'boom', code: 'internal_error' } }));
    renderWithProviders(<SignInLinkPage token={TOKEN} />, { locale: 'es' });
    fireEvent.click(await screen.findByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(server.hits('/be/api/auth/login-link/consume/')).toHaveLength(2));
  });
});
