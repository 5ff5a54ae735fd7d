import { describe, expect, it } from 'vitest';
import { convertNumber, generatePhrase, type Phrase } from './convert.ts';
import { lexicon } from './lexicon.ts';
import { phraseSentences, spanishText } from './phrase.ts';
import { spanishGender, takesArticle } from './spanish-words.ts';

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

/** Numbers of every length a phrase takes, with every digit. */
const NUMBERS = [
  '3141592653',
  '2718281828',
  '1234567890',
  '31415926535897932384',
  '0020666266',
  '404248420242',
  '8264260600',
  '5255215225',
  '9876543210',
  '4822',
  '28',
  '7',
];

/**
 * The phrase's text, word by word, is the phrase's words in order with only silent glue between
 * them (English "a", Spanish "y"); each word encodes its digits and the digits make the number.
 */
function expectEncodes(locale: 'en' | 'es', number: string, phrase: Phrase | null) {
  expect(phrase).not.toBeNull();
  const { words, phrase: text } = phrase as Phrase;
  expect(joined(words)).toBe(number);
  for (const w of words) expect(lexicon(locale).encode(w.word)).toBe(w.digits);
  const tokens = text.split(/[\s.,]+/).filter(Boolean);
  let k = 0;
  for (const token of tokens) {
    if (token.toLowerCase() === words[k]?.word.toLowerCase()) k++;
    else expect(lexicon(locale).encode(token.toLowerCase()), `"${token}" in "${text}"`).toBe('');
  }
  expect(k).toBe(words.length);
}

describe('generatePhrase', () => {
  it.each(['en', 'es'] as const)('%s: every phrase encodes its number in order', (locale) => {
    for (const number of NUMBERS) expectEncodes(locale, number, generatePhrase(locale, number));
  });

  it.each([
    ['en', '3141592653'],
    ['en', '2718281828'],
    ['en', '3141'],
    ['en', '28'],
    ['es', '3141592653'],
    ['es', '7146970'],
    ['es', '3141'],
  ] as const)('%s %s: a sentence with a verb, not a list of nouns', (locale, number) => {
    const phrase = generatePhrase(locale, number) as Phrase;
    const verbs = phrase.words.filter((w) =>
      lexicon(locale)
        .byDigits.get(w.digits)
        ?.some((c) => c.word === w.word && c.verb),
    );
    expect(verbs.length, phrase.phrase).toBeGreaterThan(0);
    expect(phrase.phrase).not.toMatch(/,/);
  });

  it('reads as English sentences: "a" before a singular noun phrase, none before a plural', () => {
    expect(generatePhrase('en', '3141')?.phrase).toBe('A mother hit.');
    expect(generatePhrase('en', '3141592653')?.phrase).toBe('A moderate lab won a shallow home.');
    const lex = lexicon('en');
    for (const number of NUMBERS) {
      const { phrase } = generatePhrase('en', number) as Phrase;
      for (const [, word] of phrase.matchAll(/\ba ([a-z]+)/gi)) {
        const c = lex.byDigits.get(lex.encode(word as string) ?? '')?.find((x) => x.word === word);
        expect(c?.consonantStart, `"a ${word}" in "${phrase}"`).toBe(true);
        expect(c?.plural, `"a ${word}" in "${phrase}"`).toBeFalsy();
      }
    }
  });

  it("agrees Spanish articles and adjectives with their noun's gender", () => {
    let articles = 0;
    let adjectives = 0;
    for (const number of [...NUMBERS, '5310', '2170', '5072', '23714', '5970', '23459']) {
      const sentences = phraseSentences(lexicon('es'), number) ?? [];
      const text = spanishText(sentences);
      expect(generatePhrase('es', number)?.phrase).toBe(text);
      for (const words of sentences) {
        words.forEach(({ word, role }, k) => {
          if (role === 'article') {
            articles++;
            const noun = words[k + 1]?.word.word ?? '';
            const gender = { el: 'm', un: 'm', la: 'f', una: 'f' }[word.word];
            expect(spanishGender(noun), `"${word.word} ${noun}" in "${text}"`).toBe(gender);
          }
          if (role === 'adjective') {
            adjectives++;
            const noun = words[k - 1];
            expect(noun?.role, text).toBe('noun');
            if (word.gender) {
              expect(spanishGender(noun?.word.word ?? ''), `"${text}"`).toBe(word.gender);
            }
          }
        });
      }
    }
    // The numbers above make the generator use both, so the checks ran.
    expect(articles).toBeGreaterThan(0);
    expect(adjectives).toBeGreaterThan(0);
  });

  it('joins words no sentence can hold with the silent "y" (Spanish)', () => {
    const phrase = generatePhrase('es', '8888');
    expectEncodes('es', '8888', phrase);
    expect(phrase?.phrase).toMatch(/ y [^ ]+\.$/);
  });

  it('is deterministic', () => {
    expect(generatePhrase('es', '2718281828')).toEqual(generatePhrase('es', '2718281828'));
  });
});

describe('spanishGender', () => {
  it('gives the dictionary gender of nouns by ending and of the exceptions', () => {
    const nouns: [string, 'm' | 'f' | undefined][] = [
      ['gato', 'm'],
      ['casa', 'f'],
      ['mano', 'f'],
      ['foto', 'f'],
      ['día', 'm'],
      ['mapa', 'm'],
      ['problema', 'm'],
      ['paloma', 'f'],
      ['cama', 'f'],
      ['canción', 'f'],
      ['ciudad', 'f'],
      ['camión', 'm'],
      ['ratón', 'm'],
      ['tenedor', 'm'],
      ['flor', 'f'],
      ['leche', 'f'],
      ['llave', 'f'],
      ['coche', 'm'],
      ['pez', 'm'],
      ['nariz', 'f'],
      ['árbol', 'm'],
      ['sal', 'f'],
      ['imagen', 'f'],
      ['garaje', 'm'],
      ['planeta', 'm'],
      ['artista', undefined],
      ['nube', 'f'],
      ['lápiz', 'm'],
      ['paraguas', undefined],
      ['cruz', 'f'],
    ];
    for (const [noun, gender] of nouns) expect(spanishGender(noun), noun).toBe(gender);
  });

  it('keeps "el, la, un, una" from a feminine noun with a stressed a', () => {
    expect(takesArticle('agua', 'f')).toBe(false);
    expect(takesArticle('hacha', 'f')).toBe(false);
    expect(takesArticle('casa', 'f')).toBe(true);
    expect(takesArticle('árbol', 'm')).toBe(true);
    expect(takesArticle('lunes', undefined)).toBe(false);
  });
});
