import { render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, test, vi } from 'vitest';
import { messages } from '../messages.ts';
import { renderWithProviders, signedInApi } from '../shared/test/render.tsx';
import { ImageArena, RecallArenaView } from './RecallArena.tsx';
import { finishedImages, finishedTable, imageDuel, ME } from './test/storyData.ts';

const api = signedInApi();

function result(locale: 'en' | 'es', outcome: 'win' | 'lose' | 'draw') {
  render(
    <IntlProvider locale={locale} messages={messages[locale]}>
      <RecallArenaView duel={finishedTable(outcome)} myId={ME} onSubmit={vi.fn()} />
    </IntlProvider>,
  );
}

describe('RecallArenaView: the result', () => {
  test('names the outcome, both scores, and each correct item with what the viewer recalled', () => {
    result('en', 'lose');
    expect(screen.getByRole('status').textContent).toBe('bo won.');
    expect(screen.getByText('You 8 · bo 10')).toBeTruthy();
    const answers = within(screen.getByRole('region', { name: 'Correct answers' }));
    const items = answers.getAllByRole('listitem').map((li) => li.textContent);
    // Issue 40 item 3: each item marked right or wrong in words, not in colour only.
    expect(items).toEqual([
      '07You: 07✓ Right',
      '42You: 42✓ Right',
      '19You: 91✗ Wrong',
      '88You: 88✓ Right',
      '30You: 30✓ Right',
      '65You: —✗ Wrong',
    ]);
    expect(screen.getByText('One point per digit in its place.')).toBeTruthy();
  });

  test('a number partly right says how many of its digits count', () => {
    const duel = finishedTable('win');
    const [ana, bo] = duel.results;
    if (!ana || !bo) throw new Error('fixture');
    const partly = {
      ...duel,
      results: [
        { ...ana, answers: ['09', ...ana.answers.slice(1)], item_points: [1, 2, 0, 2, 2, 0] },
        bo,
      ],
    };
    render(
      <IntlProvider locale="es" messages={messages.es}>
        <RecallArenaView duel={partly} myId={ME} onSubmit={vi.fn()} />
      </IntlProvider>,
    );
    const first = screen.getAllByRole('listitem')[0];
    expect(first?.textContent).toBe('07Tú: 09✗ 1 de 2 cifras bien');
    expect(screen.getByText('Un punto por cada cifra en su lugar.')).toBeTruthy();
  });

  test('an image duel marks each picture, in words', () => {
    render(
      <IntlProvider locale="en" messages={messages.en}>
        <RecallArenaView duel={finishedImages('win')} myId={ME} onSubmit={vi.fn()} />
      </IntlProvider>,
    );
    const answers = within(screen.getByRole('region', { name: 'Correct answers' }));
    const marks = answers.getAllByRole('listitem').map((li) => li.textContent?.split('You: ')[1]);
    expect(marks).toEqual([
      'dog✓ Right',
      'red aple✗ Wrong',
      'bicycle✗ Wrong',
      'tent✗ Wrong',
      'guitar✓ Right',
      '—✗ Wrong',
    ]);
    expect(
      screen.getByText('One point per picture named in its place; its common names count too.'),
    ).toBeTruthy();
  });

  test('a draw, in Spanish', () => {
    result('es', 'draw');
    expect(screen.getByRole('status').textContent).toBe(messages.es['duels.arena.result.draw']);
    expect(screen.getAllByRole('listitem')).toHaveLength(6);
  });
});

describe('ImageArena: waiting after submitting', () => {
  test("reads the duel again when the friend's recall closes, and shows the result", async () => {
    const now = Date.parse(imageDuel().server_now);
    const submitted = imageDuel({
      my_phase: 'submitted',
      // Bo's recall closed 2 s before this answer; the server waits for the grace.
      opponent_deadline_at: new Date(now - 2000).toISOString(),
    });
    let reads = 0;
    api.server.handle((req) => {
      if (req.path !== '/be/api/duels/image-duels/52/') {
        return { status: 404, body: { detail: 'Not found', code: 'not_found' } };
      }
      reads += 1;
      return { status: 200, body: reads === 1 ? submitted : finishedImages('win') };
    });
    renderWithProviders(<ImageArena duelId={52} myId={ME} />);
    expect(await screen.findByText('Submitted. Waiting for bo…')).toBeTruthy();
    expect(await screen.findByText('You won!', {}, { timeout: 5000 })).toBeTruthy();
    const answers = within(screen.getByRole('region', { name: 'Correct answers' }));
    expect(answers.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '🐶dogYou: dog✓ Right',
      '🍎red appleYou: red aple✗ Wrong',
      '⛺tentYou: bicycle✗ Wrong',
      '🚲bicycleYou: tent✗ Wrong',
      '🎸guitarYou: guitar✓ Right',
      '🔑keyYou: —✗ Wrong',
    ]);
    expect(reads).toBe(2);
  });
});
