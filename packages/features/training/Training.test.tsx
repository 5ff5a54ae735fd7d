import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { describe, expect, test, vi } from 'vitest';
import { messages } from '../messages.ts';
import { renderWithProviders, signedInApi } from '../shared/test/render.tsx';
import { Training } from './Training.tsx';
import { TrainingResultView } from './TrainingResultView.tsx';
import { attempt, DISCIPLINES, history, notBest, result, WORDS } from './test/storyData.ts';

const api = signedInApi();

describe('Training: the phase flow against the API', () => {
  test('pick Words with a count, memorise, recall now, submit, see the result and go again', async () => {
    const sent: { path: string; body: unknown }[] = [];
    api.server.handle((req) => {
      const body = req.body ? JSON.parse(req.body) : undefined;
      if (req.method === 'POST') sent.push({ path: req.path, body });
      if (req.path === '/be/api/duels/disciplines/') return { status: 200, body: DISCIPLINES };
      if (req.path === '/be/api/duels/training/' && req.method === 'GET') {
        return { status: 200, body: history() };
      }
      if (req.path === '/be/api/duels/training/') {
        // The server's clock now: the memorise clock counts from it.
        const started = { ...attempt('words'), server_now: new Date().toISOString() };
        started.memorize_ends_at = new Date(Date.now() + 60_000).toISOString();
        started.recall_ends_at = new Date(Date.now() + 300_000).toISOString();
        return { status: 201, body: started };
      }
      if (req.path === '/be/api/duels/training/70/submit/') {
        return { status: 200, body: result('words') };
      }
      return { status: 404, body: { detail: 'Not found', code: 'not_found' } };
    });
    renderWithProviders(<Training />);
    await userEvent.click(await screen.findByRole('radio', { name: /Words/ }));
    const count = screen.getByRole('spinbutton', { name: 'How many words' });
    // Out of range: named, and nothing sent.
    await userEvent.clear(count);
    await userEvent.type(count, '3');
    await userEvent.click(screen.getByRole('button', { name: 'Start' }));
    expect(screen.getByRole('alert').textContent).toBe('From 5 to 200, in steps of 1.');
    await userEvent.clear(count);
    await userEvent.type(count, '6');
    await userEvent.click(screen.getByRole('button', { name: 'Start' }));
    expect(await screen.findByRole('heading', { name: 'Words · Memorise, in order' })).toBeTruthy();
    expect(sent[0]).toEqual({
      path: '/be/api/duels/training/',
      body: { discipline: 'words', options: { count: 6 } },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Recall now' }));
    await userEvent.keyboard(`river{Enter}candel{Enter}tiger{Enter}spoon`);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('4 of 6');
    expect(screen.getByText('Personal best!')).toBeTruthy();
    const submit = sent[1]?.body as { answers: string[]; memorize_ms: number };
    expect(sent[1]?.path).toBe('/be/api/duels/training/70/submit/');
    expect(submit.answers).toEqual(['river', 'candel', 'tiger', 'spoon', '', '']);
    expect(submit.memorize_ms).toBeGreaterThanOrEqual(0);
    await userEvent.click(screen.getByRole('button', { name: 'Train again' }));
    // Back at the start, Words still chosen, its history chart and the bests.
    expect((screen.getByRole('radio', { name: /Words/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('heading', { name: 'Personal bests' })).toBeTruthy();
  });

  test('the start screen lists the personal bests and charts the chosen discipline', async () => {
    api.server.handle((req) => {
      if (req.path === '/be/api/duels/disciplines/') return { status: 200, body: DISCIPLINES };
      if (req.path === '/be/api/duels/training/') return { status: 200, body: history() };
      return { status: 404, body: { detail: 'Not found', code: 'not_found' } };
    });
    renderWithProviders(<Training />);
    const bests = await screen.findByRole('region', { name: 'Personal bests' });
    expect(
      within(bests)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Names & Faces10 of 10 · memorised in 45 s',
      'Numbers · Rows (World Memory Championships)60 of 80 · memorised in 42.3 s',
    ]);
    await userEvent.click(screen.getByRole('radio', { name: /Names & Faces/ }));
    const chart = screen.getByRole('region', { name: 'Names & Faces: your attempts' });
    // The figures in order, oldest first, for screen readers too.
    const rows = within(chart).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      '13 of 1060',
      '25 of 1060',
      '34 of 1058',
      '46 of 1055',
      '58 of 1052',
      '67 of 1054',
      '79 of 1048',
      '810 of 1045',
    ]);
  });

  test("each discipline's scoring rule in the learner's language, not the server's English", async () => {
    api.server.handle((req) => {
      if (req.path === '/be/api/duels/disciplines/') return { status: 200, body: DISCIPLINES };
      if (req.path === '/be/api/duels/training/') return { status: 200, body: history() };
      return { status: 404, body: { detail: 'Not found', code: 'not_found' } };
    });
    renderWithProviders(<Training />, { locale: 'es' });
    expect(await screen.findByText(/^Filas de 40 cifras/)).toBeTruthy();
    expect(screen.queryByText(DISCIPLINES[0]?.scoring ?? '')).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: /Palabras/ }));
    expect(screen.getByText(/^Un punto por palabra/)).toBeTruthy();
  });
});

describe('TrainingResultView: the marks', () => {
  function show(locale: 'en' | 'es', r = result('words'), discipline = r.attempt.discipline) {
    render(
      <IntlProvider locale={locale} messages={messages[locale]}>
        <TrainingResultView attempt={attempt(discipline)} result={r} onAgain={vi.fn()} />
      </IntlProvider>,
    );
  }

  test('each word right or wrong beside the truth, in words', () => {
    show('en');
    const marks = within(screen.getByRole('region', { name: 'Your recall' }));
    expect(marks.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '1river✓ Right',
      '2candle✓ Right',
      '3tiger✓ Right',
      '4windowYou: spoon✗ Wrong',
      '5spoonYou: —✗ Wrong',
      '6garden✓ Right',
    ]);
    expect(WORDS).toHaveLength(6);
    expect(screen.getByText('Memorised in 42.3 s')).toBeTruthy();
  });

  test('Names & Faces: each face with its first and last name marked', () => {
    show('en', result('names'));
    const faces = within(screen.getByRole('region', { name: 'Your recall' })).getAllByRole(
      'listitem',
    );
    expect(faces.map((li) => li.textContent)).toEqual([
      'Olivia ✓ RightBrown ✓ Right',
      'Emma ✓ RightSmith (You: Jonson) ✗ Wrong',
      'Ava ✓ RightMiller ✓ Right',
      'Liam ✓ RightJohnson ✓ Right',
      'Noah (You: —) ✗ WrongGarcia ✓ Right',
    ]);
  });

  test('not a best: no badge, the best so far; Numbers by rows; in Spanish', () => {
    show('es', notBest('numbers'));
    expect(screen.queryByText('¡Mejor marca!')).toBeNull();
    expect(screen.getByText(/Tu mejor marca: 22 de 80/)).toBeTruthy();
    expect(screen.getByText('Fila 1: 20 puntos')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('20 de 80');
  });
});
