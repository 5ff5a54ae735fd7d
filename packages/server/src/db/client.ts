import { availableParallelism } from 'node:os';
import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import * as schema from './schema.ts';

export type Db = PostgresJsDatabase<typeof schema>;
export type Sql = postgres.Sql;

export interface Database {
  db: Db;
  sql: Sql;
  end(): Promise<void>;
}

const MAX_POOL_SIZE = 200;

/**
 * The pool's state at one moment, from `sql.stats()` (added to postgres.js by
 * patches/postgres+3.4.9.patch; porsager/postgres #443). Connections are `idle` (open, no query),
 * `busy` (running or pipelining queries), `reserved` (a transaction or `sql.reserve` holds them)
 * or `connecting`; the rest of `max` are not open. `waiting`: queries queued for a connection
 * now; `waited`: queries that had to queue since the pool was made.
 */
export interface PoolStats {
  max: number;
  idle: number;
  busy: number;
  reserved: number;
  connecting: number;
  waiting: number;
  waited: number;
}

export function poolStats(sql: Sql): PoolStats {
  return (sql as Sql & { stats(): PoolStats }).stats();
}

/**
 * Connections per process: `DATABASE_POOL_SIZE`, else twice this machine's CPUs plus one
 * (PostgreSQL's rule of thumb, for the embedded server that shares them). More connections than
 * that only make PostgreSQL's backends take turns on the CPUs (docs/performance/2026-11-ratings.md).
 */
export function poolSize(
  value = process.env.DATABASE_POOL_SIZE,
  cpus = availableParallelism(),
): number {
  if (value === undefined || value === '') return 2 * cpus + 1;
  const n = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!(n >= 1 && n <= MAX_POOL_SIZE)) {
    throw new Error(
      `DATABASE_POOL_SIZE must be a whole number from 1 to ${MAX_POOL_SIZE}; it is "${value}".`,
    );
  }
  return n;
}

/** A pooled connection to `url` (postgres.js) with Drizzle on top. */
export function openDatabase(url: string, options: { max?: number } = {}): Database {
  const sql = postgres(url, {
    max: options.max ?? poolSize(),
    onnotice: () => {},
    connection: { application_name: 'memoria' },
  });
  const db = drizzle(sql, { schema });
  return { db, sql, end: () => sql.end({ timeout: 5 }) };
}
