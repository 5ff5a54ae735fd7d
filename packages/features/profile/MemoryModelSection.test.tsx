import { $session, ACCESS_TOKEN_KEY, setNavigate } from '@memoria/api';
import { fireEvent, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders, startApiServer, type TestServer } from '../shared/test/render.tsx';
import { MemoryModelSection } from './MemoryModelSection.tsx';

let server: TestServer;
const fitted = {
  desired_retention: 0.9,
  uses_fitted_parameters: true,
  fitting: false,
  reviews_count: 2510,
  min_reviews: 400,
  new_reviews: 80,
  refit_after: 200,
  fit_outcome: 'fitted',
  fitted_at: '2026-11-20T10:00:00Z',
  fitted_reviews: 2430,
  evaluated_reviews: 412,
  log_loss: 0.3124,
  default_log_loss: 0.3518,
};

beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
  $session.set({ signedIn: true, email: 'ana@example.com' });
  setNavigate(vi.fn());
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('memory model section', () => {
  test('shows the fit and its held-out log loss, and saves the retention as a fraction', async () => {
    let saved: unknown;
    server.handle((request) => {
      if (request.method === 'PUT') {
        saved = JSON.parse(request.body);
        return { status: 200, body: { ...fitted, desired_retention: 0.8 } };
      }
      return { status: 200, body: fitted };
    });
    renderWithProviders(<MemoryModelSection />);
    expect(await screen.findByText(/from 2,430 reviews/)).toBeTruthy();
    expect(screen.getByText(/0\.312 with your parameters, 0\.352 with the defaults/)).toBeTruthy();
    const input = screen.getByLabelText('Desired retention (%)') as HTMLInputElement;
    expect(input.value).toBe('90');
    fireEvent.change(input, { target: { value: '80' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save retention' }));
    expect(await screen.findByText('Your desired retention was saved.')).toBeTruthy();
    expect(saved).toEqual({ desired_retention: 0.8 });
  });

  test('refuses a retention outside 70–97 without a request, in Spanish', async () => {
    server.handle(() => ({ status: 200, body: { ...fitted, uses_fitted_parameters: false } }));
    renderWithProviders(<MemoryModelSection />, { locale: 'es' });
    const input = (await screen.findByLabelText('Retención deseada (%)')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '60' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar retención' }));
    expect(await screen.findByText('Escribe un número entero de 70 a 97.')).toBeTruthy();
    expect(
      server.hits('/be/api/space-repetition/memory-model/').filter((h) => h.method === 'PUT'),
    ).toHaveLength(0);
  });
});
