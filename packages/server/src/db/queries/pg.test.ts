import { describe, expect, it } from 'vitest';
import { pgDate } from './pg.ts';

/** The general parse the positional reading must agree with. */
const parsed = (text: string) => new Date(text.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00'));

describe('pgDate', () => {
  it.each([
    '2025-01-31 09:15:00+00',
    '2025-01-31 09:15:00.1+00',
    '2025-01-31 09:15:00.12+00',
    '2025-01-31 09:15:00.123+00',
    '2025-01-31 09:15:00.123456+00',
    '2025-01-31 09:15:00.999999+00',
    '1999-12-31 23:59:59.5+00',
    '2024-02-29 00:00:00+00',
    '9999-12-31 23:59:59.999+00',
    '2025-01-31 09:15:00.123+02',
    '2025-01-31 09:15:00-05',
  ])('reads %s as the general parse does', (text) => {
    expect(pgDate(text).toISOString()).toBe(parsed(text).toISOString());
  });

  it('passes a Date through', () => {
    const d = new Date();
    expect(pgDate(d)).toBe(d);
  });

  it.each(['', 'infinity', '2025-01-31', 'not a timestamp at all+00', '2025-0x-31 09:15:00+00'])(
    'refuses %j',
    (text) => {
      expect(() => pgDate(text)).toThrow(/not a timestamp/);
    },
  );
});
