import { sql } from 'drizzle-orm';
import { isValidTimezone } from '../../domain/accounts/users.ts';
import type { Db } from '../client.ts';

/**
 * Zone names PostgreSQL knows, read once per database handle. A stored zone is used in SQL
 * (`at time zone`), so a name only Node's ICU knows (`US/Pacific-New`) would fail every query
 * that reads it later.
 */
const postgresZones = new WeakMap<Db, Promise<Set<string>>>();

function zonesOf(db: Db): Promise<Set<string>> {
  let zones = postgresZones.get(db);
  if (!zones) {
    zones = db
      .execute<{ name: string }>(sql`select name from pg_timezone_names`)
      .then((rows) => new Set(rows.map((r) => r.name)));
    // A failed read (database down) is retried by the next request instead of being remembered.
    zones.catch(() => postgresZones.delete(db));
    postgresZones.set(db, zones);
  }
  return zones;
}

/** A zone both Node (Intl) and PostgreSQL accept, spelled as PostgreSQL lists it. */
export async function isKnownTimezone(db: Db, tz: string): Promise<boolean> {
  return isValidTimezone(tz) && (await zonesOf(db)).has(tz);
}
