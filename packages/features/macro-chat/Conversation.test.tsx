import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderWithProviders, signedInApi } from '../shared/test/render.tsx';
import { Conversation } from './Conversation.tsx';
import { chats } from './test/storyData.ts';

const api = signedInApi();

describe('a deleted chat', () => {
  test('shows the not-found state with a way back, no Retry and no message box', async () => {
    api.server.handle((request) =>
      request.path.split('?')[0] === '/be/api/macroimages/chats/'
        ? { status: 200, body: chats }
        : { status: 404, body: { detail: 'Not found.', code: 'not_found' } },
    );
    renderWithProviders(<Conversation chatId={2} />);
    expect((await screen.findByRole('heading', { name: 'Not found' })).tagName).toBe('H2');
    expect(screen.getByText('This chat no longer exists: it may have been deleted.')).toBeTruthy();
    const back = screen.getByRole('link', { name: 'All chats' });
    expect(back.getAttribute('href')).toBe('/macro-images');
    expect(screen.queryByText('Something failed')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  test('in Spanish', async () => {
    api.server.handle(() => ({ status: 404, body: { detail: 'Not found.', code: 'not_found' } }));
    renderWithProviders(<Conversation chatId={2} />, { locale: 'es' });
    expect(await screen.findByRole('heading', { name: 'No encontrado' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Todos los chats' })).toBeTruthy();
  });
});
