import { describe, expect, test } from 'vitest';
import { csvField, DeckCsvError, parseCsv, readDeckCsv } from './deck-csv.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

function refusal(text: string): Record<string, string[]> {
  try {
    readDeckCsv(bytes(text));
  } catch (error) {
    if (error instanceof DeckCsvError) return error.fields;
    throw error;
  }
  throw new Error('the file was accepted');
}

describe('deck CSV', () => {
  test('parses RFC 4180: quotes, doubled quotes, line breaks inside quotes, CRLF and LF', () => {
    expect(parseCsv('a,"b, ""c"""\r\n"d\ne",\nlast').rows).toEqual([
      ['a', 'b, "c"'],
      ['d\ne', ''],
      ['last'],
    ]);
    expect(parseCsv('"open\n').unclosed).toBe(true);
  });

  test('reads back what the export writes, whatever the values hold', () => {
    const values = ['plain', 'comma, here', 'quote " here', 'two\r\nlines', ' spaced '];
    const text = `front,back\r\n${values.map((v) => [v, v].map(csvField).join(',')).join('\r\n')}\r\n`;
    expect(readDeckCsv(bytes(text))).toEqual(values.map((v) => ({ front: v, back: v })));
  });

  test('numbers rows as a spreadsheet does: the header is row 1, a quoted line break is one row', () => {
    expect(refusal('front,back\n"a\nb",c\nbad\n')).toEqual({ 'rows.3': ['Must have 2 columns.'] });
    expect(refusal('a,b\n\nbad\n')).toEqual({ 'rows.3': ['Must have 2 columns.'] });
  });

  test('an export header asks for its four columns', () => {
    expect(refusal('front,back,reviews,last_review\na,b\n')).toEqual({
      'rows.2': ['Must have 4 columns.'],
    });
    expect(readDeckCsv(bytes('FRONT,Back,reviews,last_review\na,b,0,\n'))).toEqual([
      { front: 'a', back: 'b' },
    ]);
  });
});
