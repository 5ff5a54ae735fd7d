/**
 * The browser converts offline with the shared module and the lexicon `GET
 * conversiontable/lexicon/` packs: its answers must be the server's, byte for byte.
 */
import {
  convertNumber as convertInBrowser,
  packLexicon,
  unpackLexicon,
} from '@memoria/api/major-system';
import { describe, expect, it } from 'vitest';
import { convertNumber } from './convert.ts';
import { lexicon, type MajorLocale } from './lexicon.ts';
import { TABLE_NUMBERS, tableSuggestions } from './own-table.ts';

/** A small deterministic generator (mulberry32), so a failure names a number that repeats. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function numbers(seed: number, count: number): string[] {
  const next = random(seed);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const length = 1 + Math.floor(next() * (i % 10 === 0 ? 60 : 12));
    out.push(Array.from({ length }, () => String(Math.floor(next() * 10))).join(''));
  }
  return out;
}

/** A learner's table: some numbers with a dictionary word (not always the first), one unknown. */
function ownTable(locale: MajorLocale, seed: number): Map<string, string> {
  const next = random(seed);
  const own = new Map<string, string>();
  for (const digits of TABLE_NUMBERS) {
    if (next() < 0.6) continue;
    const suggestions = tableSuggestions(lexicon(locale), digits);
    const word = suggestions[Math.floor(next() * suggestions.length)];
    if (word) own.set(digits, next() < 0.2 ? word.toUpperCase() : word);
  }
  own.set('00', locale === 'en' ? 'Sauce Sauce' : 'Zoozoo');
  return own;
}

describe('the conversion shared with the browser', () => {
  for (const locale of ['en', 'es'] as const) {
    it(`answers as the server does, in ${locale}, with and without the learner's table`, () => {
      const packed = packLexicon(lexicon(locale));
      // What the browser reads: the text as sent, unpacked.
      const browser = unpackLexicon(packed);
      const tables = [new Map<string, string>(), ownTable(locale, 7), ownTable(locale, 8)];
      const list = [...TABLE_NUMBERS, ...numbers(locale === 'en' ? 1 : 2, 600)];
      for (const own of tables) {
        for (const n of list) {
          expect(JSON.stringify(convertInBrowser(browser, n, own))).toBe(
            JSON.stringify(convertNumber(locale, n, own)),
          );
        }
      }
    });
  }
});
