import { describe, expect, it } from 'vitest';
import { storyItems, tellStory } from './macro-story.ts';

describe('storyItems', () => {
  it('takes one item per line or comma, and numbers through the Major System', () => {
    const items = storyItems('apple, guitar\n3141592653', 'en');
    expect(items.slice(0, 2).map((i) => i.word)).toEqual(['apple', 'guitar']);
    const digits = items.filter((i) => i.digits).map((i) => i.digits);
    expect(digits.join('')).toBe('3141592653');
    expect(items[0]?.emoji).toBe('🍎');
  });

  it('turns a sentence into its content words', () => {
    const items = storyItems('The mitochondria is the powerhouse of the cell', 'en');
    expect(items.map((i) => i.word)).toEqual(['mitochondria', 'powerhouse', 'cell']);
  });

  it("keeps a request's numbers and words to remember, not its instruction words", () => {
    const cases = [
      ['Tell me a story for the number 3141592653', 'en'],
      ['Cuéntame una historia para el número 3141592653', 'es'],
      ['Please make a macro image story to remember the number 3141592653.', 'en'],
      ['Hazme una historia para recordar el número 3141592653', 'es'],
    ] as const;
    for (const [text, locale] of cases) {
      const items = storyItems(text, locale);
      expect(
        items.every((i) => i.digits !== null),
        text,
      ).toBe(true);
      expect(items.map((i) => i.digits).join(''), text).toBe('3141592653');
    }
    const words = storyItems('Help me remember the words apple guitar moon', 'en');
    expect(words.map((i) => i.word)).toEqual(['apple', 'guitar', 'moon']);
    const listed = storyItems('Tell me a story about: perro, luna, zapato', 'es');
    expect(listed.map((i) => i.word)).toEqual(['perro', 'luna', 'zapato']);
    const palabras = storyItems('Cuéntame una historia con las palabras perro luna zapato', 'es');
    expect(palabras.map((i) => i.word)).toEqual(['perro', 'luna', 'zapato']);
  });

  it('reads Spanish numbers with the Spanish table', () => {
    const items = storyItems('714', 'es');
    expect(items.map((i) => i.digits).join('')).toBe('714');
  });
});

describe('tellStory', () => {
  it('names every item in order, in the chat language', () => {
    const items = storyItems('perro\nluna\nzapato\nqueso\nreloj', 'es');
    const story = tellStory(items, 'es');
    let at = -1;
    for (const word of ['perro', 'luna', 'zapato', 'queso', 'reloj']) {
      const next = story.toLowerCase().indexOf(word, at + 1);
      expect(next).toBeGreaterThan(at);
      at = next;
    }
    expect(story).toMatch(/Imagina|Todo empieza|Un foco|Te despiertas/);
  });

  it('is deterministic, and a later turn retells it differently', () => {
    const items = storyItems('cat, moon, shoe', 'en');
    expect(tellStory(items, 'en', 0)).toBe(tellStory(items, 'en', 0));
    expect(tellStory(items, 'en', 1)).not.toBe(tellStory(items, 'en', 0));
  });

  it('lists the Major-System words of numbers', () => {
    const story = tellStory(storyItems('28', 'en'), 'en');
    expect(story).toContain('28 = knife');
  });

  it('says in the reply what was encoded, in the chat language', () => {
    const en = storyItems('Tell me a story for the number 3141592653', 'en');
    const groups = en.map((i) => i.digits).join(' ');
    expect(tellStory(en, 'en')).toContain(`Encoded: ${groups}.`);
    const es = storyItems('Cuéntame una historia para el número 3141592653', 'es');
    expect(tellStory(es, 'es')).toContain(`Codificado: ${es.map((i) => i.digits).join(' ')}.`);
    expect(tellStory(storyItems('apple, guitar, 28', 'en'), 'en')).toContain(
      'Encoded: apple, guitar, 28.',
    );
  });

  it('asks for something to remember when there is nothing', () => {
    expect(tellStory([], 'en')).toMatch(/Tell me what to remember/);
  });
});
