import { describe, expect, it } from 'vitest';
import { convertNumber, generatePhrase } from './convert.ts';
import { lexicon } from './lexicon.ts';

const joined = (parts: { digits: string }[]) => parts.map((p) => p.digits).join('');

describe('convertNumber', () => {
  it('offers whole-number words best first', () => {
    const result = convertNumber('en', '28');
    expect(result.words[0]).toBe('knife');
    expect(result.words.length).toBeGreaterThan(3);
  });

  it('splits a long number into words that encode it in order, fewest words first', () => {
    const pi = '31415926535897932384';
    for (const locale of ['en', 'es'] as const) {
      const { splits } = convertNumber(locale, pi);
      expect(splits.length).toBeGreaterThan(0);
      for (const split of splits) {
        expect(joined(split)).toBe(pi);
        for (const part of split) expect(lexicon(locale).encode(part.word)).toBe(part.digits);
      }
      const counts = splits.map((s) => s.length);
      expect(counts[0]).toBe(Math.min(...counts));
    }
  });

  it('covers a 1,000-digit number', () => {
    const long = '1234567890'.repeat(100);
    expect(joined(convertNumber('en', long).splits[0] ?? [])).toBe(long);
  });
});

describe('generatePhrase', () => {
  it('builds English sentences whose words encode the number in order', () => {
    const phrase = generatePhrase('en', '3141592653');
    expect(phrase).not.toBeNull();
    expect(joined(phrase?.words ?? [])).toBe('3141592653');
    expect(phrase?.phrase).toMatch(/^A [a-z]+/);
    // Only the phrase's words carry consonants: the glue ("A", "a", punctuation) is silent.
    const glue = (phrase?.phrase ?? '').split(/[\s.,]+/).filter(Boolean);
    const consonantWords = glue.filter((w) => lexicon('en').encode(w.toLowerCase()) !== '');
    expect(consonantWords.map((w) => w.toLowerCase())).toEqual(phrase?.words.map((w) => w.word));
  });

  it('builds a Spanish list joined by the silent "y"', () => {
    const phrase = generatePhrase('es', '7146970');
    expect(joined(phrase?.words ?? [])).toBe('7146970');
    expect(phrase?.phrase).toMatch(/ y [^ ]+\.$/);
  });

  it('is deterministic', () => {
    expect(generatePhrase('es', '2718281828')).toEqual(generatePhrase('es', '2718281828'));
  });
});
