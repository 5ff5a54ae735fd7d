import { availableParallelism } from 'node:os';
import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import * as schema from './schema.ts';

export type Db = PostgresJsDatabase<typeof schema>;
export type Sql = postgres.Sql;

export interface Database {
  db: Db;
  sql: Sql;
  /**
   * For work that needs its own session: the LISTEN connection (the events hub, the session
   * revocations) and the start-up lock (db/migrate.ts). `sql` itself, or a client of
   * `DATABASE_LISTEN_URL` when the pool goes through a transaction-mode pooler, which hands each
   * transaction to any server connection (a session-level lock taken through it could not be
   * released, and a LISTEN would hear nothing).
   */
  direct: Sql;
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

export interface DatabaseSettings {
  /**
   * Named prepared statements (postgres.js `prepare`), `DATABASE_PREPARE`, default true. A
   * transaction-mode pooler (PgBouncer `pool_mode = transaction`) hands each transaction to any
   * server connection, where a statement prepared on another one does not exist: false there.
   */
  prepare: boolean;
  /**
   * `DATABASE_LISTEN_URL`: a direct connection to PostgreSQL for LISTEN, which a transaction-mode
   * pooler cannot carry (a LISTEN lives as long as its session). Unset: the pool's own URL.
   */
  listenUrl?: string;
}

/** The connection settings in `env`; a value that is not understood stops the start. */
export function databaseSettings(
  env: Record<string, string | undefined> = process.env,
): DatabaseSettings {
  const prepare = env.DATABASE_PREPARE;
  if (prepare !== undefined && prepare !== '' && prepare !== 'true' && prepare !== 'false') {
    throw new Error(`DATABASE_PREPARE must be true or false; it is "${prepare}".`);
  }
  const listenUrl = env.DATABASE_LISTEN_URL || undefined;
  if (listenUrl !== undefined && !/^postgres(ql)?:\/\/./.test(listenUrl)) {
    throw new Error('DATABASE_LISTEN_URL must be a postgres:// or postgresql:// URL.');
  }
  return { prepare: prepare !== 'false', listenUrl };
}

/** A pooled connection to `url` (postgres.js) with Drizzle on top. */
export function openDatabase(
  url: string,
  options: { max?: number } & Partial<DatabaseSettings> = {},
): Database {
  const settings = { ...databaseSettings(), ...options };
  const sql = postgres(url, {
    max: options.max ?? poolSize(),
    prepare: settings.prepare,
    onnotice: () => {},
    connection: { application_name: 'memoria' },
  });
  // postgres.js opens one dedicated connection per client for all its LISTENs; this client's own
  // one connection is reserved only for the start-up lock (NOTIFY goes through the pool).
  const direct = settings.listenUrl
    ? postgres(settings.listenUrl, {
        max: 1,
        // The start-up lock's connection closes once idle; the LISTEN one stays (postgres.js).
        idle_timeout: 30,
        onnotice: () => {},
        connection: { application_name: 'memoria-direct' },
      })
    : sql;
  const db = drizzle(sql, { schema });
  const end = async () => {
    await Promise.all([
      sql.end({ timeout: 5 }),
      direct === sql ? null : direct.end({ timeout: 5 }),
    ]);
  };
  return { db, sql, direct, end };
}
