import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { loginAttempts } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';

/** After this many failed sign-ins within the window, for one email or one address, answer 429. */
export const MAX_FAILURES = 5;
export const WINDOW_MINUTES = 15;

/**
 * Seconds until the `key` (email or ip) may try again, or 0. The count in the window falls below
 * the limit when the MAX_FAILURES-th most recent failure leaves the window.
 */
async function lockedFor(db: Db, column: 'email' | 'ip', value: string): Promise<number> {
  const rows = await db.execute<{ wait: string | number }>(sql`
    select ceil(extract(epoch from (created_at + make_interval(mins => ${WINDOW_MINUTES}) - now()))) as wait
    from ${loginAttempts}
    where ${sql.identifier(column)} = ${value}
      and created_at > now() - make_interval(mins => ${WINDOW_MINUTES})
    order by created_at desc
    offset ${MAX_FAILURES - 1} limit 1`);
  const wait = Number(rows[0]?.wait ?? 0);
  return Math.max(wait, 0);
}

/** Throws 429 `rate_limited` (with Retry-After) when the email or the address is locked out. */
export async function assertNotThrottled(db: Db, email: string, ip: string | null): Promise<void> {
  const waits = await Promise.all([
    lockedFor(db, 'email', email),
    ip ? lockedFor(db, 'ip', ip) : Promise.resolve(0),
  ]);
  const wait = Math.max(...waits);
  if (wait > 0) {
    const minutes = Math.ceil(wait / 60);
    throw new ApiError(
      429,
      'rate_limited',
      `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      { headers: { 'Retry-After': String(wait) } },
    );
  }
}

export async function recordFailure(db: Db, email: string, ip: string | null): Promise<void> {
  await db.insert(loginAttempts).values({ email, ip });
  // Keep the table small: now and then drop attempts that no longer count.
  if (Math.random() < 0.05) {
    await db.execute(sql`delete from ${loginAttempts} where created_at < now() - interval '1 day'`);
  }
}

/** A successful sign-in clears the account's failures (not the address's). */
export async function clearFailures(db: Db, email: string): Promise<void> {
  await db.execute(sql`delete from ${loginAttempts} where email = ${email}`);
}
