import { render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, test, vi } from 'vitest';
import { messages } from '../messages.ts';
import { RecallArenaView } from './RecallArena.tsx';
import { finishedTable, ME } from './storyData.ts';

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
    expect(items).toEqual([
      '07You: 07',
      '42You: 42',
      '19You: 91',
      '88You: 88',
      '30You: 30',
      '65You: —',
    ]);
  });

  test('a draw, in Spanish', () => {
    result('es', 'draw');
    expect(screen.getByRole('status').textContent).toBe(messages.es['duels.arena.result.draw']);
    expect(screen.getAllByRole('listitem')).toHaveLength(6);
  });
});
