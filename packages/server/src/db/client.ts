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

/** A pooled connection to `url` (postgres.js) with Drizzle on top. */
export function openDatabase(url: string, options: { max?: number } = {}): Database {
  const sql = postgres(url, {
    max: options.max ?? Number(process.env.DATABASE_POOL_SIZE ?? 10),
    onnotice: () => {},
    connection: { application_name: 'memoria' },
  });
  const db = drizzle(sql, { schema });
  return { db, sql, end: () => sql.end({ timeout: 5 }) };
}
