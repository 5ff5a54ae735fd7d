import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderWithProviders, signedInApi } from '../shared/test/render.tsx';
import { ChatList } from './ChatList.tsx';
import { chats } from './test/storyData.ts';

const api = signedInApi();

function serve() {
  api.server.handle((request) =>
    request.path.split('?')[0] === '/be/api/macroimages/chats/'
      ? { status: 200, body: chats }
      : { status: 404, body: { detail: 'Not found', code: 'not_found' } },
  );
}

describe('ChatList row actions', () => {
  test("each chat's Rename and Delete are named with its title, and open that chat's dialog", async () => {
    serve();
    renderWithProviders(<ChatList />);
    const rename = await screen.findByRole('button', { name: 'Rename “Shopping list”' });
    expect(rename.textContent).toBe('Rename');
    expect(screen.getByRole('button', { name: 'Rename “unnamed chat”' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete “unnamed chat”' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Rename' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Delete “Shopping list”' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('“Shopping list” and all its messages will be deleted.'));
  });

  test('in Spanish', async () => {
    serve();
    renderWithProviders(<ChatList />, { locale: 'es' });
    expect(await screen.findByRole('button', { name: 'Renombrar «Shopping list»' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Eliminar «chat sin nombre»' })).toBeTruthy();
  });
});
