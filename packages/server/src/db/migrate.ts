import path from 'node:path';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import type { Db, Sql } from './client.ts';

export const migrationsFolder = path.join(import.meta.dirname, 'migrations');

/** Arbitrary key of the advisory lock that serialises start-up work across instances. */
const STARTUP_LOCK = 7_231_990_001;

/**
 * Runs `work` while holding a PostgreSQL advisory lock, so that several instances starting at
 * once on one database migrate and seed one after the other.
 */
export async function withStartupLock<T>(sql: Sql, work: () => Promise<T>): Promise<T> {
  const lock = await sql.reserve();
  try {
    await lock`select pg_advisory_lock(${STARTUP_LOCK})`;
    try {
      return await work();
    } finally {
      await lock`select pg_advisory_unlock(${STARTUP_LOCK})`;
    }
  } finally {
    lock.release();
  }
}

/** Applies the committed migrations in `src/db/migrations` that the database lacks. */
export async function migrateDatabase(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder });
}
