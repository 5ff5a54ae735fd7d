/**
 * What every query module shares: the connection type (the pool or a transaction) and the
 * conversions of the pool Drizzle configured. Drizzle makes postgres.js hand timestamps over as
 * PostgreSQL's text (`2025-01-31 09:15:00.123+00`) and pass timestamps and JSON in as given, so
 * timestamps are parsed here and sent as ISO strings, JSON as text.
 */
import type postgres from 'postgres';

/** The pool or a transaction: every query function takes either. */
export type Query = postgres.Sql | postgres.TransactionSql;

/**
 * A timestamp as the pool reads it. The sessions run in UTC, so the pool's text is
 * `2025-01-31 09:15:00.123456+00`; that form is read by position (a due queue reads hundreds of
 * timestamps, and the regular expressions and string parse took 7 % of its CPU in a profile);
 * any other form goes through the general parse.
 */
export function pgDate(value: string | Date): Date {
  if (value instanceof Date) return value;
  return utcText(value) ?? parsedText(value);
}

function utcText(value: string): Date | null {
  const n = value.length;
  if (n < 22 || value[10] !== ' ' || !value.endsWith('+00')) return null;
  if (n > 22 && value[19] !== '.') return null;
  const ms =
    n > 22
      ? Number(
          value
            .slice(20, n - 3)
            .slice(0, 3)
            .padEnd(3, '0'),
        )
      : 0;
  const year = Number(value.slice(0, 4));
  const t = Date.UTC(
    year,
    Number(value.slice(5, 7)) - 1,
    Number(value.slice(8, 10)),
    Number(value.slice(11, 13)),
    Number(value.slice(14, 16)),
    Number(value.slice(17, 19)),
    ms,
  );
  // Years before 1000 (Date.UTC reads 0–99 as 1900–1999) and anything malformed: the slow path.
  return year >= 1000 && Number.isFinite(t) ? new Date(t) : null;
}

function parsedText(value: string): Date {
  const date = new Date(value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00'));
  if (Number.isNaN(date.getTime())) throw new Error(`not a timestamp: ${value}`);
  return date;
}

export function pgDateOrNull(value: string | Date | null): Date | null {
  return value === null ? null : pgDate(value);
}

/** A timestamp as the pool writes it. */
export const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

/** An ILIKE pattern matching `search` anywhere, its wildcards taken literally. */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
