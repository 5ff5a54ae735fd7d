import { renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, test } from 'vitest';
import {
  Providers,
  renderWithProviders,
  signedInApi,
  testQueryClient,
} from '../shared/test/render.tsx';
import { GatedPage } from './GatedPage.tsx';
import { useFeatureAccess } from './useFeatureAccess.ts';

const signedIn = signedInApi();
const FREE = ['space_repetition', 'create_decks', 'create_cards'];
const info = (account_type: string, features: string[]) => ({
  account_type,
  role: 'student',
  is_paid: account_type !== 'free',
  features,
  subscription_end_date: null,
});

function renderAccess(feature: Parameters<typeof useFeatureAccess>[0]) {
  const client = testQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Providers client={client}>{children}</Providers>
  );
  return renderHook(() => useFeatureAccess(feature), { wrapper });
}

describe('useFeatureAccess (§6)', () => {
  test('denied while account info loads', async () => {
    let release: () => void = () => {};
    signedIn.server.handle(
      () =>
        new Promise((resolve) => {
          release = () => resolve({ status: 200, body: info('standard', ['duels']) });
        }),
    );
    const { result } = renderAccess('duels');
    expect(result.current).toMatchObject({ status: 'loading', allowed: false });
    await waitFor(() => expect(signedIn.server.requests).toHaveLength(1));
    release();
    await waitFor(() => expect(result.current.allowed).toBe(true));
  });

  test('denied when account info fails', async () => {
    signedIn.server.handle(() => ({ status: 500, body: { detail: 'x', code: 'internal_error' } }));
    const { result } = renderAccess('space_repetition');
    await waitFor(() => expect(result.current.status).toBe('denied'));
    expect(result.current.allowed).toBe(false);
  });

  test('free: only space_repetition, create_decks and create_cards', async () => {
    signedIn.server.handle(() => ({ status: 200, body: info('free', FREE) }));
    const duels = renderAccess('duels');
    const macro = renderAccess('macro_images');
    const spaced = renderAccess('space_repetition');
    await waitFor(() => expect(spaced.result.current.status).toBe('allowed'));
    await waitFor(() => expect(duels.result.current.status).toBe('denied'));
    expect(macro.result.current.status).toBe('denied');
  });

  test('standard: allowed', async () => {
    signedIn.server.handle(() => ({
      status: 200,
      body: info('standard', [...FREE, 'macro_images', 'conversion_table', 'duels']),
    }));
    const { result } = renderAccess('conversion_table');
    await waitFor(() => expect(result.current).toMatchObject({ status: 'allowed', allowed: true }));
  });
});

describe('GatedPage', () => {
  test('free user: the Premium modal titled by feature, with Upgrade now to /pricing', async () => {
    signedIn.server.handle(() => ({ status: 200, body: info('free', FREE) }));
    renderWithProviders(<GatedPage feature="duels" title="deskDuels" />);
    expect(await screen.findByText('Desk Duels')).toBeTruthy();
    expect(screen.getByText('Premium Features')).toBeTruthy();
    expect(screen.getByText('Priority support')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade now' }).getAttribute('href')).toBe('/pricing');
    expect(screen.getByRole('button', { name: 'Maybe later' })).toBeTruthy();
  });

  test('paid user: the content, no modal', async () => {
    signedIn.server.handle(() => ({ status: 200, body: info('standard', ['duels']) }));
    renderWithProviders(
      <GatedPage feature="duels" title="duels">
        <p>arena</p>
      </GatedPage>,
    );
    expect(await screen.findByText('arena')).toBeTruthy();
    expect(screen.queryByText('Upgrade now')).toBeNull();
  });
});
