import { describe, expect, it } from 'vitest';
import { csvCell, tableRows, toCsv } from './csv.ts';

describe('the table CSV', () => {
  it('starts with a UTF-8 byte-order mark and ends each row with CRLF', () => {
    const text = toCsv([
      ['number', 'word'],
      ['69', 'llave'],
    ]);
    expect(text).toBe('\uFEFFnumber,word\r\n69,llave\r\n');
    // Compared as plain numbers: under the vmThreads pool TextEncoder's Uint8Array comes from
    // another realm than the test's, and toEqual tells the two classes apart.
    expect([...new TextEncoder().encode(text).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('quotes cells with commas, quotes and line ends', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('niño')).toBe('niño');
  });

  it('defuses cells a spreadsheet would run as formulas', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('knife')).toBe('knife');
  });

  it('lists 00 to 99 with the saved words, empty where none is saved', () => {
    const entries = Array.from({ length: 100 }, (_, i) => ({
      digits: String(i).padStart(2, '0'),
      word: i === 28 ? 'knife' : null,
      suggestions: [],
    }));
    const rows = tableRows({ language: 'en', entries }, ['number', 'word']);
    expect(rows).toHaveLength(101);
    expect(rows[0]).toEqual(['number', 'word']);
    expect(rows[1]).toEqual(['00', '']);
    expect(rows[29]).toEqual(['28', 'knife']);
  });
});
