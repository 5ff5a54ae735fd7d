import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { renderWithProviders, signedInApi } from '../shared/test/render.tsx';
import { TrainingProgress } from './TrainingProgress.tsx';
import { history } from './test/storyData.ts';

const api = signedInApi();
let reply: unknown;

beforeEach(() => {
  reply = history();
  api.server.handle((req) =>
    req.path.startsWith('/be/api/duels/training/')
      ? { status: 200, body: reply }
      : { status: 404, body: { detail: 'Not found', code: 'not_found' } },
  );
});

describe('TrainingProgress: personal bests and a history per discipline (My progress)', () => {
  test('the bests, then one chart per discipline played, newest discipline first', async () => {
    renderWithProviders(<TrainingProgress />);
    const section = await screen.findByRole('region', { name: 'Memory training' });
    const bests = await within(section).findByRole('region', { name: 'Personal bests' });
    expect(within(bests).getAllByRole('listitem')).toHaveLength(2);
    const titles = within(section)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(titles).toEqual(['Names & Faces: your attempts', 'Numbers: your attempts']);
    // Eight Names & Faces attempts: eight rows in the chart's table (and its header row).
    const names = within(section).getByRole('region', { name: 'Names & Faces: your attempts' });
    expect(within(names).getAllByRole('row')).toHaveLength(9);
    // One Numbers attempt: the chart's caption is singular.
    const numbers = within(section).getByRole('region', { name: 'Numbers: your attempts' });
    expect(
      within(numbers).getByText(
        /^Score \(line\) and memorise time \(bars\) over your last attempt$/,
      ),
    ).toBeTruthy();
  });

  test('no attempt yet: a sentence and a link to training; in Spanish', async () => {
    reply = { attempts: [], personal_bests: [] };
    renderWithProviders(<TrainingProgress />, { locale: 'es' });
    const section = await screen.findByRole('region', { name: 'Entrenamiento de memoria' });
    const link = await within(section).findByRole('link', { name: 'Entrena una disciplina' });
    expect(link.getAttribute('href')).toBe('/training');
    expect(within(section).queryByRole('heading', { level: 3 })).toBeNull();
  });
});
