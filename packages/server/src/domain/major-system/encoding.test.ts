import { describe, expect, it } from 'vitest';
import { encodeArpabet } from './english.ts';
import { lexicon } from './lexicon.ts';
import { encodeSpanish } from './spanish.ts';

/** Words spelling-based converters get wrong: silent letters, digraphs, soft c, doubled letters. */
const ENGLISH: [string, string][] = [
  ['knife', '28'], // silent k, f
  ['phone', '82'], // ph = f
  ['thumb', '13'], // th = 1, silent b
  ['laugh', '58'], // gh = f
  ['city', '01'], // soft c
  ['cello', '65'], // c = ch, doubled l
  ['knight', '21'], // silent k and gh
  ['gnome', '23'],
  ['wrong', '42'], // silent w, ng
  ['lamb', '53'],
  ['comb', '73'],
  ['debt', '11'], // silent b
  ['island', '521'], // silent s
  ['listen', '502'], // silent t
  ['castle', '705'],
  ['honest', '201'], // silent h
  ['hour', '4'],
  ['ghost', '701'],
  ['tough', '18'],
  ['cough', '78'],
  ['photo', '81'],
  ['chef', '68'], // ch = sh
  ['machine', '362'],
  ['ocean', '62'], // c = sh
  ['nation', '262'], // ti = sh
  ['vision', '862'], // s = zh
  ['judge', '66'],
  ['letter', '514'], // tt one sound
  ['summer', '034'], // mm one sound
  ['coffee', '78'], // ff one sound
  ['sugar', '674'], // s = sh
  ['six', '070'], // x = k s
  ['exam', '703'], // x = g z
  ['thing', '12'],
  ['quick', '77'], // qu = k w, ck one sound
];

const SPANISH: [string, string][] = [
  ['guitarra', '714'], // gu before i is hard g, rr one sound
  ['queso', '70'], // qu = k
  ['hielo', '5'], // silent h
  ['cielo', '05'], // soft c
  ['llave', '69'], // ll, v = b
  ['chocolate', '6751'],
  ['niño', '22'],
  ['acción', '702'], // cc = k + s
  ['examen', '7032'], // x = k s
  ['yo', '6'], // y before a vowel
  ['rey', '4'], // y as a vowel
  ['guerra', '74'],
  ['pingüino', '9272'],
  ['jamón', '732'], // j is velar
  ['gente', '721'], // soft g is velar too
  ['hombre', '394'],
  ['huevo', '9'],
  ['zapato', '091'],
  ['cena', '02'],
  ['gato', '71'],
  ['gigante', '7721'],
  ['quince', '720'],
  ['kilo', '75'],
  ['caballo', '796'],
  ['lluvia', '69'],
  ['perro', '94'],
  ['pollo', '96'],
  ['ñandú', '221'],
  ['taxi', '170'],
  ['xilófono', '0582'], // initial x = s
  ['leche', '56'],
  ['playa', '956'],
  ['muy', '3'],
  ['vino', '92'], // v = b
  ['ciudad', '011'],
  ['hacha', '6'],
  ['whisky', '07'],
];

describe('English Major-System encoding from the CMU dictionary', () => {
  const en = lexicon('en');
  it.each(ENGLISH)('%s → %s', (word, digits) => {
    expect(en.encode(word)).toBe(digits);
  });

  it('reads ARPAbet with stress marks and the r-coloured vowel', () => {
    expect(encodeArpabet('L EH1 T ER0')).toBe('514');
    expect(encodeArpabet('HH W AY1 Y')).toBe('');
  });

  it('answers undefined for a word the dictionary lacks', () => {
    expect(en.encode('qzxvw')).toBeUndefined();
  });
});

describe('Spanish Major-System encoding from spelling rules', () => {
  it.each(SPANISH)('%s → %s', (word, digits) => {
    expect(encodeSpanish(word)).toBe(digits);
  });

  it('ignores case and accents but not ñ', () => {
    expect(encodeSpanish('JAMÓN')).toBe('732');
    expect(encodeSpanish('Niño')).not.toBe(encodeSpanish('nino').replace('2', ''));
  });
});

describe('ranked words', () => {
  it('offers picturable nouns before rarer or abstract words', () => {
    const en = lexicon('en');
    expect(en.byDigits.get('28')?.[0]?.word).toBe('knife');
    expect(
      en.byDigits
        .get('82')
        ?.slice(0, 5)
        .map((c) => c.word),
    ).toContain('phone');
    const es = lexicon('es');
    const ninetyNine = es.byDigits.get('99')?.slice(0, 5) ?? [];
    expect(ninetyNine.every((c) => c.emoji)).toBe(true);
  });

  it('keeps function words after nouns', () => {
    const one = lexicon('en').byDigits.get('1') ?? [];
    const the = one.findIndex((c) => c.word === 'the');
    const tea = one.findIndex((c) => c.word === 'tea');
    expect(tea).toBeGreaterThanOrEqual(0);
    expect(the).toBeGreaterThan(tea);
  });

  it('every word of a bucket encodes its digits', () => {
    for (const locale of ['en', 'es'] as const) {
      const lex = lexicon(locale);
      for (const digits of ['0', '12', '345', '9876']) {
        for (const c of lex.byDigits.get(digits) ?? []) expect(lex.encode(c.word)).toBe(digits);
      }
    }
  });
});
