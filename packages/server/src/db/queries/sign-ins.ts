/**
 * What a sign-in leaves behind besides its tokens (issue 38): the devices and addresses an
 * account signed in from, the one-time sign-in links sent by email, and the sessions ended before
 * their access tokens expired. Tokens and device ids are stored as their SHA-256 only.
 */
import { pgDate, type Query } from './pg.ts';

/** Remembers a successful sign-in of `userId` from this device (if any) and address (if known). */
export async function rememberSignIn(
  q: Query,
  userId: number,
  deviceHash: string | null,
  ip: string | null,
): Promise<void> {
  if (deviceHash) {
    await q`insert into known_devices (user_id, device_hash) values (${userId}, ${deviceHash})
      on conflict (user_id, device_hash) do update set last_seen_at = now()`;
  }
  if (ip) {
    await q`insert into known_addresses (user_id, ip) values (${userId}, ${ip})
      on conflict (user_id, ip) do update set last_seen_at = now()`;
  }
}

/** Forgets devices and addresses not seen for longer than they count as known. */
export async function pruneSignInHistory(
  q: Query,
  deviceDays: number,
  addressDays: number,
): Promise<void> {
  await q`delete from known_devices
    where last_seen_at < now() - make_interval(days => ${deviceDays})`;
  await q`delete from known_addresses
    where last_seen_at < now() - make_interval(days => ${addressDays})`;
}

/**
 * Whether `userId` signed in successfully from this device, or from this address within the last
 * `addressDays` days.
 */
export async function isKnownSignIn(
  q: Query,
  userId: number,
  deviceHash: string | null,
  ip: string | null,
  addressDays: number,
): Promise<boolean> {
  if (!deviceHash && !ip) return false;
  const [row] = await q<{ known: boolean }[]>`select
      exists(select 1 from known_devices
        where user_id = ${userId} and device_hash = ${deviceHash ?? ''})
      or exists(select 1 from known_addresses
        where user_id = ${userId} and ip = ${ip ?? ''}
          and last_seen_at > now() - make_interval(days => ${addressDays}))
      as known`;
  return row?.known === true;
}

/** Sign-in link requests for `email` and from `ip` within the last `minutes`. */
export async function recentLinkRequests(
  q: Query,
  email: string,
  ip: string | null,
  minutes: number,
): Promise<{ email: number; address: number; retryAfter: number }> {
  const [row] = await q<{ email: string; address: string; oldest_address: string | null }[]>`
    select
      count(*) filter (where email = ${email}) as email,
      count(*) filter (where ip = ${ip ?? ''}) as address,
      extract(epoch from (min(created_at) filter (where ip = ${ip ?? ''})
        + make_interval(mins => ${minutes}) - now())) as oldest_address
    from login_links
    where (email = ${email} or ip = ${ip ?? ''})
      and created_at > now() - make_interval(mins => ${minutes})`;
  return {
    email: Number(row?.email ?? 0),
    address: Number(row?.address ?? 0),
    retryAfter: Math.max(Math.ceil(Number(row?.oldest_address ?? 0)), 1),
  };
}

/** Records a sign-in link request; `userId` null for an email without an account (not sent). */
export async function insertLoginLink(
  q: Query,
  link: {
    userId: number | null;
    email: string;
    ip: string | null;
    tokenHash: string;
    expiresAt: Date;
  },
): Promise<void> {
  await q`insert into login_links (user_id, email, ip, token_hash, expires_at)
    values (${link.userId}, ${link.email}, ${link.ip}, ${link.tokenHash},
      ${link.expiresAt.toISOString()})`;
}

/**
 * Uses a sign-in link: one conditional UPDATE, so of two concurrent uses only one gets the user.
 * Null when the link is unknown, already used, expired or for no account.
 */
export async function consumeLoginLink(q: Query, tokenHash: string): Promise<number | null> {
  const [row] = await q<{ user_id: number }[]>`update login_links set used_at = now()
    where token_hash = ${tokenHash} and used_at is null and expires_at > now()
      and user_id is not null
    returning user_id`;
  return row?.user_id ?? null;
}

/** Drops link rows older than `minutes` (they no longer count or work). */
export async function pruneLoginLinks(q: Query, minutes: number): Promise<void> {
  await q`delete from login_links where created_at < now() - make_interval(mins => ${minutes})`;
}

/** Adds sessions to the revocation set until `expiresAt` (the last access token's expiry). */
export async function insertRevokedSessions(
  q: Query,
  sids: readonly string[],
  expiresAt: Date,
): Promise<void> {
  if (sids.length === 0) return;
  await q`insert into revoked_sessions (sid, expires_at)
    select unnest(${sids as string[]}::uuid[]), ${expiresAt.toISOString()}
    on conflict (sid) do update set expires_at = greatest(revoked_sessions.expires_at, excluded.expires_at)`;
}

/** The revoked sessions whose access tokens may still be presented, with their end. */
export async function liveRevokedSessions(q: Query): Promise<{ sid: string; expiresAt: Date }[]> {
  const rows = await q<{ sid: string; expires_at: string }[]>`
    select sid, expires_at from revoked_sessions where expires_at > now()`;
  return rows.map((row) => ({ sid: row.sid, expiresAt: pgDate(row.expires_at) }));
}

export async function isSessionRevoked(q: Query, sid: string): Promise<boolean> {
  const [row] = await q<{ found: number }[]>`
    select 1 as found from revoked_sessions where sid = ${sid} and expires_at > now()`;
  return row !== undefined;
}

export async function pruneRevokedSessions(q: Query): Promise<void> {
  await q`delete from revoked_sessions where expires_at <= now()`;
}
