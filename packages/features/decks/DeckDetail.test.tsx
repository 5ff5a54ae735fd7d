import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderWithProviders, signedInApi } from '../shared/test/render.tsx';
import { DeckDetail } from './DeckDetail.tsx';

const api = signedInApi();

describe('a deleted deck', () => {
  test('shows the not-found state with the way back to the decks, not Retry', async () => {
    api.server.handle(() => ({ status: 404, body: { detail: 'Not found.', code: 'not_found' } }));
    renderWithProviders(<DeckDetail deckId={7} />);
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeTruthy();
    expect(screen.getByText('This deck no longer exists: it may have been deleted.')).toBeTruthy();
    expect(screen.getByRole('link', { name: '← All decks' }).getAttribute('href')).toBe(
      '/space-repetition',
    );
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
