import { setLocale } from '@memoria/api';
import { uiMessages } from '@memoria/ui/messages';
import { act, render, screen } from '@testing-library/react';
import { useIntl } from 'react-intl';
import { describe, expect, test } from 'vitest';
import en from '../messages.en.ts';
import es from '../messages.es.ts';
import { messages } from '../messages.ts';
import { $catalogs } from './catalogs.ts';
import { IslandRoot } from './IslandRoot.tsx';

describe('per-locale catalogs', () => {
  // The islands' catalogs must be exactly the merged ones the key-parity and error-catalogue
  // tests check (the UI package's own messages are merged in by AppIntlProvider).
  test('each is the merged catalog of its locale', () => {
    expect({ ...uiMessages.en, ...en }).toEqual(messages.en);
    expect({ ...uiMessages.es, ...es }).toEqual(messages.es);
  });
});

function Label() {
  return <p>{useIntl().formatMessage({ id: 'shell.language.label' })}</p>;
}

describe('IslandRoot', () => {
  test('loads only its language, then the other on a switch, keeping the old text meanwhile', async () => {
    render(
      <IslandRoot>
        <Label />
      </IslandRoot>,
    );
    expect(screen.getByRole('paragraph').textContent).toBe('Language');
    expect(Object.keys($catalogs.get())).toEqual(['en']);

    act(() => setLocale('es'));
    // The Spanish catalog is still loading: English text, never the message id.
    expect(screen.getByRole('paragraph').textContent).toBe('Language');
    await screen.findByText('Idioma');
    expect(Object.keys($catalogs.get()).sort()).toEqual(['en', 'es']);
  });
});
