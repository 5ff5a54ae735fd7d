import { describe, expect, it } from 'vitest';
import { namesOf, picturePoints, pictures } from './duel-pictures.ts';

const emojiOf = (label: string) => {
  const picture = pictures().find((p) => p.en === label);
  if (!picture) throw new Error(`no picture ${label}`);
  return picture.emoji;
};

// Issue 40 item 3: "lorry" for "articulated lorry" and "bee" for "honeybee" were wrong.
describe('the names a picture is recalled by', () => {
  it('are its name and its common names, in English', () => {
    const lorry = namesOf(emojiOf('articulated lorry'), 'en');
    expect(lorry).toEqual(expect.arrayContaining(['articulated lorry', 'lorry']));
    expect(namesOf(emojiOf('honeybee'), 'en')).toEqual(expect.arrayContaining(['honeybee', 'bee']));
    expect(namesOf(emojiOf('red apple'), 'en')).toContain('apple');
    expect(namesOf(emojiOf('bicycle'), 'en')).toContain('bike');
  });

  it('and in Spanish', () => {
    expect(namesOf(emojiOf('articulated lorry'), 'es')).toEqual(
      expect.arrayContaining(['camión articulado', 'camión']),
    );
    expect(namesOf(emojiOf('red apple'), 'es')).toEqual(
      expect.arrayContaining(['manzana roja', 'manzana']),
    );
    expect(namesOf(emojiOf('honeybee'), 'es')).toContain('abeja');
  });

  it('are not the words that only describe it', () => {
    expect(namesOf(emojiOf('red apple'), 'en')).not.toContain('red');
    expect(namesOf(emojiOf('red apple'), 'en')).not.toContain('fruit');
    expect(namesOf(emojiOf('articulated lorry'), 'en')).not.toContain('articulated');
    expect(namesOf(emojiOf('red apple'), 'es')).not.toContain('roja');
  });

  it('count in the recall, at their own position, forgivingly', () => {
    const items = [
      { picture: emojiOf('articulated lorry'), word: 'articulated lorry' },
      { picture: emojiOf('honeybee'), word: 'honeybee' },
      { picture: emojiOf('red apple'), word: 'red apple' },
    ];
    expect(picturePoints(items, 'en', ['Lorry', 'bee', 'red'])).toEqual([1, 1, 0]);
    expect(picturePoints(items, 'en', ['bee', 'lorry', 'apple'])).toEqual([0, 0, 1]);
    const spanish = items.map((item) => ({ ...item, word: '' }));
    expect(picturePoints(spanish, 'es', ['camion', 'Abeja', 'manzana'])).toEqual([1, 1, 1]);
  });

  it('fall back to the stored name for a picture the catalog no longer has', () => {
    expect(picturePoints([{ picture: '?', word: 'kite' }], 'en', ['Kite'])).toEqual([1]);
  });
});
