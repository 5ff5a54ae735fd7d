import { render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, test } from 'vitest';
import { messages } from '../messages.ts';
import { TrainingResultView } from './TrainingResultView.tsx';
import { attempt, result } from './test/storyData.ts';

/** Two groups missed: "31" the learner's table calls "mat", "09" with no word in their table. */
const missed = [
  { start: 2, digits: '31', word: 'mat' },
  { start: 10, digits: '09', word: null },
];

function show(locale: 'en' | 'es', missedGroups: typeof missed | null) {
  render(
    <IntlProvider locale={locale} messages={messages[locale]}>
      <TrainingResultView
        attempt={attempt('numbers')}
        result={result('numbers', { missed_groups: missedGroups })}
        onAgain={() => {}}
      />
    </IntlProvider>,
  );
}

describe('TrainingResultView: Major-System help (Numbers)', () => {
  test.each([
    [
      'en',
      'Your Major-System words for the missed groups',
      'Digits 3–4: 31 → mat',
      'Digits 11–12: 09 → no word in your table',
    ],
    [
      'es',
      'Tus palabras del Sistema Mayor para los grupos fallados',
      'Cifras 3–4: 31 → mat',
      'Cifras 11–12: 09 → sin palabra en tu tabla',
    ],
  ] as const)(
    '(%s) each missed group shows its digits and the learner’s word',
    (locale, title, word, none) => {
      show(locale, missed);
      const section = screen.getByRole('region', { name: title });
      const items = within(section)
        .getAllByRole('listitem')
        .map((li) => li.textContent);
      expect(items).toEqual([word, none]);
    },
  );

  test('no word for any missed group (an empty table): one line to the table, not a line per group', () => {
    const groups = Array.from({ length: 40 }, (_, i) => ({
      start: i * 2,
      digits: '12',
      word: null,
    }));
    show('es', groups as unknown as typeof missed);
    const section = screen.getByRole('region', {
      name: 'Tus palabras del Sistema Mayor para los grupos fallados',
    });
    expect(within(section).queryAllByRole('listitem')).toHaveLength(0);
    expect(within(section).getByText(/40 grupos fallados/)).toBeTruthy();
    expect(
      within(section)
        .getByRole('link', { name: 'Rellena tu tabla de conversión' })
        .getAttribute('href'),
    ).toBe('/conversion-table');
  });

  test('nothing missed (an empty list) or another discipline (null): no section', () => {
    show('en', []);
    expect(screen.queryByText(/Major-System/)).toBeNull();
  });
});
