import type { TrainingStart } from '@memoria/api';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { describe, expect, test, vi } from 'vitest';
import { messages } from '../messages.ts';
import { TrainingStartView } from './TrainingStartView.tsx';
import { DISCIPLINES } from './test/storyData.ts';

describe('TrainingStartView: the Numbers scoring', () => {
  // A select cannot wrap its options' text, so on a 390 px phone the Spanish WMC label was cut
  // off: the scoring is a group of radios whose labels wrap, their whole text kept.
  test('is a radio group with the whole labels, and the choice is sent', async () => {
    const onStart = vi.fn<(body: TrainingStart) => void>();
    render(
      <IntlProvider locale="es" messages={messages.es}>
        <TrainingStartView
          disciplines={DISCIPLINES}
          history={{ attempts: [], personal_bests: [] }}
          initial="numbers"
          onStart={onStart}
        />
      </IntlProvider>,
    );
    expect(screen.queryByRole('combobox')).toBeNull();
    const group = screen.getByRole('group', { name: 'Puntuación' });
    const rows = screen.getByRole('radio', { name: 'Por filas (World Memory Championships)' });
    expect(group.contains(rows)).toBe(true);
    expect((rows as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByRole('radio', { name: 'Un punto por cifra' }));
    await userEvent.click(screen.getByRole('button', { name: 'Empezar' }));
    expect(onStart.mock.calls[0]?.[0].options).toMatchObject({ scoring: 'digits' });
  });
});
