import { describe, expect, it } from 'vitest';
import { ACTIVITY_LABELS, languageOf } from './activities.ts';

describe('languageOf', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['es', 'es'],
    ['es-AR,es;q=0.9,en;q=0.8', 'es'],
    ['en-US,en;q=0.9,es;q=0.8', 'en'],
    ['fr-FR,es;q=0.5', 'es'],
    ['fr-FR,de;q=0.5', 'en'],
    ['en;q=0.2,es;q=0.7', 'es'],
    ['es;q=0', 'en'],
    ['es;q=abc', 'en'],
    [';;;,,,', 'en'],
  ])('%j → %s', (header, language) => {
    expect(languageOf(header)).toBe(language);
  });
});

describe('ACTIVITY_LABELS', () => {
  it('labels every kind in both languages, differently where the words differ', () => {
    expect(Object.keys(ACTIVITY_LABELS.es)).toEqual(Object.keys(ACTIVITY_LABELS.en));
    expect(ACTIVITY_LABELS.en.space_repetition).toBe('Space Repetition');
    expect(ACTIVITY_LABELS.es.space_repetition).toBe('Repetición espaciada');
  });
});
