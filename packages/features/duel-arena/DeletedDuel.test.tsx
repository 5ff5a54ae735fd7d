import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderWithProviders, signedInApi } from '../shared/test/render.tsx';
import { QuizArena } from './QuizArena.tsx';
import { ImageArena, TableArena } from './RecallArena.tsx';
import { ME } from './test/storyData.ts';

const api = signedInApi();

describe('a duel that does not exist', () => {
  test.each([
    ['quiz', () => <QuizArena duelId={404} myId={ME} />],
    ['image', () => <ImageArena duelId={404} myId={ME} />],
    ['numbers', () => <TableArena duelId={404} myId={ME} />],
  ])('%s arena: the not-found state with the way back to the duels, not Retry', async (_, ui) => {
    api.server.handle(() => ({ status: 404, body: { detail: 'Not found.', code: 'not_found' } }));
    renderWithProviders(ui());
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to duels' }).getAttribute('href')).toBe(
      '/multiple-duels',
    );
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});
