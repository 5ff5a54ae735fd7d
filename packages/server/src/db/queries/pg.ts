/**
 * What every query module shares: the connection type (the pool or a transaction) and the
 * conversions of the pool Drizzle configured. Drizzle makes postgres.js hand timestamps over as
 * PostgreSQL's text (`2025-01-31 09:15:00.123+00`) and pass timestamps and JSON in as given, so
 * timestamps are parsed here and sent as ISO strings, JSON as text.
 */
import type postgres from 'postgres';

/** The pool or a transaction: every query function takes either. */
export type Query = postgres.Sql | postgres.TransactionSql;

/** A timestamp as the pool reads it. */
export function pgDate(value: string | Date): Date {
  if (value instanceof Date) return value;
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
