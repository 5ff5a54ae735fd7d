import { describe, expect, it } from 'vitest';
import { fewestWords } from './convert.ts';
import { lexicon } from './lexicon.ts';
import { TABLE_NUMBERS, tableSuggestions, tableWordProblem, withOwnWords } from './own-table.ts';

describe("the learner's own table", () => {
  it('numbers 00 to 99', () => {
    expect(TABLE_NUMBERS).toHaveLength(100);
    expect([TABLE_NUMBERS[0], TABLE_NUMBERS[7], TABLE_NUMBERS[99]]).toEqual(['00', '07', '99']);
  });

  it('accepts a word only when its sounds encode the number', () => {
    const en = lexicon('en');
    expect(tableWordProblem(en, '28', 'knife')).toBeNull();
    expect(tableWordProblem(en, '28', 'Knife')).toBeNull();
    expect(tableWordProblem(en, '13', 'thumb')).toBeNull(); // silent b
    expect(tableWordProblem(en, '28', 'knight')).toEqual({
      kind: 'does_not_encode',
      encodes: '21',
    });
    expect(tableWordProblem(en, '01', 'zzqxj')).toEqual({ kind: 'not_in_dictionary' });
    expect(tableWordProblem(en, '12', 'tin!')).toEqual({ kind: 'letters_only' });
    expect(tableWordProblem(en, '07', 'ice cream')).toEqual({
      kind: 'does_not_encode',
      encodes: '0743',
    });
    const es = lexicon('es');
    expect(tableWordProblem(es, '69', 'llave')).toBeNull();
    expect(tableWordProblem(es, '70', 'queso')).toBeNull();
    expect(tableWordProblem(es, '05', 'cielo')).toBeNull();
  });

  it('suggests at most five dictionary words, best first', () => {
    const words = tableSuggestions(lexicon('en'), '28');
    expect(words[0]).toBe('knife');
    expect(words.length).toBeLessThanOrEqual(5);
  });

  it("puts the learner's words first without changing the dictionary", () => {
    const en = lexicon('en');
    const own = withOwnWords(en, new Map([['28', 'navy']]));
    expect(own.byDigits.get('28')?.[0]).toMatchObject({ word: 'navy', own: true });
    expect(own.byDigits.get('28')?.filter((c) => c.word === 'navy')).toHaveLength(1);
    expect(en.byDigits.get('28')?.[0]?.word).toBe('knife');
    expect(own.byDigits.get('13')).toBe(en.byDigits.get('13'));
    expect(withOwnWords(en, new Map())).toBe(en);
    // A split into the learner's pairs wins over fewer dictionary words.
    const pairs = withOwnWords(
      en,
      new Map([
        ['31', 'mat'],
        ['41', 'rat'],
      ]),
    );
    expect(fewestWords(pairs, '3141')?.map((c) => c.word)).toEqual(['mat', 'rat']);
  });
});
