/**
 * The counters of auth/throttle.ts: failed sign-ins, registrations and unknown invitation codes,
 * one row per event. The budgets and windows are the caller's (auth/throttle.ts).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { invitationCodeMisses, loginAttempts, registrationAttempts } from '../schema.ts';

/** Failures of the last `windowHours`, per key, and seconds since each key's last failure. */
export type LoginFailureCounts = Record<string, string | number | null> | undefined;

export async function loginFailureCounts(
  db: Db,
  email: string,
  ip: string | null,
  windowHours: number,
): Promise<LoginFailureCounts> {
  const samePair = ip === null ? sql`ip is null` : sql`ip = ${ip}`;
  const sameIp = ip === null ? sql`false` : sql`ip = ${ip}`;
  const [row] = await db.execute<Record<string, string | number | null>>(sql`
    select
      count(*) filter (where email = ${email} and ${samePair}) as pair,
      extract(epoch from now() - max(created_at) filter (where email = ${email} and ${samePair})) as pair_since,
      count(*) filter (where ${sameIp}) as address,
      extract(epoch from now() - max(created_at) filter (where ${sameIp})) as address_since,
      count(*) filter (where email = ${email}) as account,
      extract(epoch from now() - max(created_at) filter (where email = ${email})) as account_since
    from ${loginAttempts}
    where (email = ${email} or ${sameIp})
      and created_at > now() - make_interval(hours => ${windowHours})`);
  return row;
}

export async function insertLoginFailure(db: Db, email: string, ip: string | null): Promise<void> {
  await db.insert(loginAttempts).values({ email, ip });
}

export async function pruneLoginFailures(db: Db, windowHours: number): Promise<void> {
  await db.execute(
    sql`delete from ${loginAttempts} where created_at < now() - make_interval(hours => ${windowHours})`,
  );
}

export async function deleteLoginFailures(db: Db, email: string, ip: string | null): Promise<void> {
  await db
    .delete(loginAttempts)
    .where(
      and(
        eq(loginAttempts.email, email),
        ip === null ? isNull(loginAttempts.ip) : eq(loginAttempts.ip, ip),
      ),
    );
}

/**
 * Seconds `ip` still waits for a registration (0: counted now), under `budget` per window; one
 * address at a time, so parallel registrations cannot all pass the count together.
 */
export async function claimRegistrationSlot(
  db: Db,
  ip: string,
  budget: number,
  windowMinutes: number,
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`registration:${ip}`}))`);
    const rows = await tx.execute<{ wait: string | number }>(sql`
      select ceil(extract(epoch from (created_at + make_interval(mins => ${windowMinutes}) - now()))) as wait
      from ${registrationAttempts}
      where ip = ${ip}
        and created_at > now() - make_interval(mins => ${windowMinutes})
      order by created_at desc
      offset ${budget - 1} limit 1`);
    const seconds = Math.max(Number(rows[0]?.wait ?? 0), 0);
    if (seconds === 0) await tx.insert(registrationAttempts).values({ ip });
    return seconds;
  });
}

export async function pruneRegistrations(db: Db, windowMinutes: number): Promise<void> {
  await db.execute(
    sql`delete from ${registrationAttempts} where created_at < now() - make_interval(mins => ${windowMinutes})`,
  );
}

/** Seconds `ip` still waits before trying another unknown invitation code (0: none). */
export async function codeMissWait(
  db: Db,
  ip: string,
  budget: number,
  windowMinutes: number,
): Promise<number> {
  const rows = await db.execute<{ wait: string | number }>(sql`
    select ceil(extract(epoch from (created_at + make_interval(mins => ${windowMinutes}) - now()))) as wait
    from ${invitationCodeMisses}
    where ip = ${ip}
      and created_at > now() - make_interval(mins => ${windowMinutes})
    order by created_at desc
    offset ${budget - 1} limit 1`);
  return Math.max(Number(rows[0]?.wait ?? 0), 0);
}

export async function insertCodeMiss(db: Db, ip: string): Promise<void> {
  await db.insert(invitationCodeMisses).values({ ip });
}

export async function pruneCodeMisses(db: Db, windowMinutes: number): Promise<void> {
  await db.execute(
    sql`delete from ${invitationCodeMisses} where created_at < now() - make_interval(mins => ${windowMinutes})`,
  );
}
