/**
 * The device cookie (issue 38): a random id set on every successful sign-in, remembered as a known
 * device of the account. A sign-in from a known device, or from an address the account signed in
 * from before, is not held back by the account's shared failure budget (auth/throttle.ts).
 */
import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { isKnownSignIn, pruneSignInHistory, rememberSignIn } from '../db/queries/sign-ins.ts';
import { clientIp } from '../http/client-ip.ts';
import type { AppEnv } from '../http/context.ts';
import { hashToken } from './tokens.ts';

export const DEVICE_COOKIE = 'memoria_device';
/** How long a browser stays known without signing in again (browsers cap cookies at 400 days). */
export const DEVICE_COOKIE_DAYS = 365;
/** How long an address stays known after its last successful sign-in. */
export const KNOWN_ADDRESS_DAYS = 90;
/** Only the sign-in operations read the cookie. */
const COOKIE_PATH = '/be/api/auth/';

const DEVICE_ID = /^[\w-]{43}$/;

/** The request's device id (from its cookie), if well formed. */
export function deviceIdOf(c: Context<AppEnv>): string | null {
  const value = getCookie(c, DEVICE_COOKIE);
  return value && DEVICE_ID.test(value) ? value : null;
}

/** Whether the request came over https (itself, or at the trusted proxy in front). */
function isHttps(c: Context<AppEnv>): boolean {
  const { publicUrl, trustProxy } = c.get('deps');
  if (publicUrl.startsWith('https:')) return true;
  if (
    (trustProxy ?? 0) > 0 &&
    c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() === 'https'
  ) {
    return true;
  }
  return new URL(c.req.url).protocol === 'https:';
}

/** Whether the request's device or address signed in to `userId` successfully before. */
export function isKnownDevice(c: Context<AppEnv>, userId: number): Promise<boolean> {
  const id = deviceIdOf(c);
  return isKnownSignIn(
    c.get('deps').sql,
    userId,
    id ? hashToken(id) : null,
    clientIp(c),
    KNOWN_ADDRESS_DAYS,
  );
}

/**
 * After a successful sign-in: remembers the device (giving the browser an id if it had none) and
 * the address as known to `userId`, and (re)sets the long-lived cookie.
 */
export async function rememberDevice(c: Context<AppEnv>, userId: number): Promise<void> {
  const { sql } = c.get('deps');
  const id = deviceIdOf(c) ?? randomBytes(32).toString('base64url');
  await rememberSignIn(sql, userId, hashToken(id), clientIp(c));
  // Keep the tables small: now and then forget what no longer counts as known.
  if (Math.random() < 0.01) {
    await pruneSignInHistory(sql, DEVICE_COOKIE_DAYS, KNOWN_ADDRESS_DAYS);
  }
  setCookie(c, DEVICE_COOKIE, id, {
    path: COOKIE_PATH,
    httpOnly: true,
    secure: isHttps(c),
    sameSite: 'Lax',
    maxAge: DEVICE_COOKIE_DAYS * 24 * 3600,
  });
}
