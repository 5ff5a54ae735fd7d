import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Sql } from '../db/client.ts';
import { migrationsFolder } from '../db/migrate.ts';

/**
 * Runs the committed migration whose file name ends with `suffix` again, statement by statement,
 * as the tests of backfills and of migrations that must change nothing when run twice do. Found
 * by name, not number: migrations are renumbered when branches merge.
 */
export async function runMigration(sql: Sql, suffix: string): Promise<void> {
  const name = readdirSync(migrationsFolder).find((f) => f.endsWith(suffix));
  if (!name) throw new Error(`no migration ends with ${suffix}`);
  const file = readFileSync(path.join(migrationsFolder, name), 'utf8');
  for (const statement of file.split('--> statement-breakpoint')) {
    await sql.unsafe(statement);
  }
}
