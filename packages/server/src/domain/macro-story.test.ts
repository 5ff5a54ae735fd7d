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

  it('asks for something to remember when there is nothing', () => {
    expect(tellStory([], 'en')).toMatch(/Tell me what to remember/);
  });
});
