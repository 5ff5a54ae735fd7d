import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { decodeJwt, type JWTPayload, errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { clockOf } from '../clock.ts';
import type { Db } from '../db/client.ts';
import {
  insertRefreshToken,
  revokeTokenFamily,
  rotateRefreshTokenRow,
  tokenFamily,
} from '../db/queries/refresh-tokens.ts';
import { userById } from '../db/queries/signed-in-users.ts';
import type { UserRow } from '../db/queries/users.ts';
import { planAt } from '../domain/subscriptions/subscriptions.ts';
import type { AppEnv } from '../http/context.ts';
import { ApiError } from '../http/errors.ts';
import { isSessionId, type SessionRevocations } from './revocations.ts';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_DAYS = 30;
/**
 * How long a rotated refresh token may be shown again while its successor is unused: the answer
 * to a refresh can be lost (a page closing mid-refresh, a connection dropping) and two tabs can
 * refresh at once. Without it either logs the learner out of the whole session (ADR 0011).
 */
export const REFRESH_GRACE_SECONDS = 30;
const ISSUER = 'memoria';

/**
 * An access token for `userId`. `sid` names its session, the refresh-token family it came with:
 * logging out or a replayed refresh token revokes the session, and with it this token.
 *
 * The clock is read once: jose reads it again for each relative claim, and a second that ended
 * between those reads gave a token living ACCESS_TOKEN_SECONDS + 1, which verification refuses
 * (a learner signed in and got 401 at once; seen in CI as a registration test's 401).
 */
export function signAccessToken(
  userId: number,
  secret: Uint8Array,
  sid?: string,
  nowMs: () => number = Date.now,
): Promise<string> {
  const issuedAt = Math.floor(nowMs() / 1000);
  return new SignJWT(sid ? { typ: 'access', sid } : { typ: 'access' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuer(ISSUER)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_SECONDS)
    .sign(secret);
}

/**
 * Tokens already verified by this process, with their expiry: a client sends the same access
 * token with every call for its 15 minutes, and the HMAC check through WebCrypto is the largest
 * CPU cost of a signed-in request. Bounded; entries are dropped oldest first.
 */
interface VerifiedToken {
  userId: number;
  /** The session; absent in tokens signed before sessions were named (they expire anyway). */
  sid: string | undefined;
  exp: number;
}
const verified = new Map<string, VerifiedToken & { secret: Uint8Array }>();
const VERIFIED_MAX = 10_000;

/** How far a token's `iat` may be ahead of this clock (another instance's clock may be ahead). */
const CLOCK_SKEW_SECONDS = 60;

/** A user id as the tokens carry it: a positive PostgreSQL integer, written in plain digits. */
const USER_ID = /^[1-9]\d{0,9}$/;
const MAX_USER_ID = 2_147_483_647;

/**
 * The user id of a token's claims, or null when a claim is outside what this server ever signs: a
 * `sub` that is no positive int32 (2147483648 reached PostgreSQL as a 500), an `iat` in the future
 * or an `exp` more than ACCESS_TOKEN_SECONDS after it (an expiry Date cannot hold broke the event
 * stream). Only someone with the key can sign such claims, so none is trusted.
 */
function boundedUserId(payload: JWTPayload, nowSeconds: number): number | null {
  const { sub, iat, exp } = payload;
  if (payload.typ !== 'access' || typeof sub !== 'string' || !USER_ID.test(sub)) return null;
  const id = Number(sub);
  if (id > MAX_USER_ID) return null;
  if (typeof iat !== 'number' || typeof exp !== 'number') return null;
  if (iat > nowSeconds + CLOCK_SKEW_SECONDS || exp - iat > ACCESS_TOKEN_SECONDS) return null;
  return id;
}

/** The user and session of a valid access token (revocation not checked), or null. */
export async function verifyAccessToken(
  token: string,
  secret: Uint8Array,
): Promise<VerifiedToken | null> {
  const known = verified.get(token);
  if (known && known.secret === secret) {
    if (known.exp * 1000 > Date.now()) return known;
    verified.delete(token);
  }
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], issuer: ISSUER });
    const id = boundedUserId(payload, Math.floor(Date.now() / 1000));
    if (id === null || payload.exp === undefined) return null;
    if (payload.sid !== undefined && !isSessionId(payload.sid)) return null;
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string);
    const entry = { userId: id, sid: payload.sid, exp: payload.exp, secret };
    verified.set(token, entry);
    return entry;
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A new opaque refresh token; only its SHA-256 is stored. A sign-in starts a family (the session,
 * `sid` of its access tokens), a rotation continues the family of the token it replaces.
 */
export async function issueRefreshToken(
  db: Db,
  userId: number,
  familyId: string = randomUUID(),
): Promise<{ token: string; familyId: string }> {
  const { token, row } = newRefreshToken();
  await insertRefreshToken(db, { userId, familyId, ...row });
  return { token, familyId };
}

/** A new opaque token and what is stored of it. */
function newRefreshToken(): { token: string; row: { tokenHash: string; expiresAt: Date } } {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + REFRESH_TOKEN_DAYS * 24 * 3600 * 1000);
  return { token, row: { tokenHash: hashToken(token), expiresAt } };
}

/** A new session for `userId`: its access token and the first refresh token of its family. */
export async function issueTokenPair(
  db: Db,
  userId: number,
  secret: Uint8Array,
): Promise<{ access: string; refresh: string }> {
  const sid = randomUUID();
  const [access, refresh] = await Promise.all([
    signAccessToken(userId, secret, sid),
    issueRefreshToken(db, userId, sid),
  ]);
  return { access, refresh: refresh.token };
}

/** Until when an access token signed now may be presented: the end of a revocation's entry. */
const lastAccessExpiry = () => new Date(Date.now() + (ACCESS_TOKEN_SECONDS + 60) * 1000);

/**
 * Exchanges a refresh token for its successor: the token must be known, unexpired, not revoked
 * and its user active, or rotated within the grace period with its successor unused (a retry).
 * A token rotated earlier is being replayed, by a thief or by the owner after a thief used it
 * first; either way every token of its family is revoked.
 */
export async function rotateRefreshToken(
  db: Db,
  sessions: SessionRevocations,
  token: string,
): Promise<{ user: UserRow; refresh: string; sid: string } | null> {
  const next = newRefreshToken();
  const rotation = await rotateRefreshTokenRow(
    db,
    hashToken(token),
    next.row,
    new Date(),
    REFRESH_GRACE_SECONDS,
  );
  if (rotation.kind === 'replayed') await revokeFamily(db, sessions, rotation.familyId);
  if (rotation.kind !== 'rotated' && rotation.kind !== 'retried') return null;
  const user = await userById(db).submit(rotation.userId);
  if (!user?.isActive) return null;
  return { user, refresh: next.token, sid: rotation.familyId };
}

/** Revokes every refresh token of a family and the session's access tokens. */
async function revokeFamily(db: Db, sessions: SessionRevocations, familyId: string): Promise<void> {
  await revokeTokenFamily(db, familyId);
  await revokeSessions(sessions, [familyId]);
}

/** Ends sessions at once: their access tokens answer 401 on every instance. */
export function revokeSessions(
  sessions: SessionRevocations,
  sids: readonly string[],
): Promise<void> {
  return sessions.revoke(sids, lastAccessExpiry());
}

/**
 * Logout: revokes the refresh token and ends its session (the access tokens of its family). A
 * token already rotated or revoked still names its session, which ends too.
 */
export async function revokeRefreshToken(
  db: Db,
  sessions: SessionRevocations,
  token: string,
): Promise<void> {
  const familyId = await tokenFamily(db, hashToken(token));
  if (familyId) await revokeFamily(db, sessions, familyId);
}

const bearer = /^Bearer\s+(\S+)\s*$/i;

/** Puts the user of the request's bearer access token into the context, or throws a 401. */
export async function authenticate(c: Context<AppEnv>): Promise<void> {
  const header = c.req.header('authorization');
  const challenge = { 'WWW-Authenticate': 'Bearer' };
  if (!header) {
    throw new ApiError(401, 'not_authenticated', 'Authentication credentials were not provided.', {
      headers: challenge,
    });
  }
  const token = bearer.exec(header)?.[1];
  const { db, sessions, jwtSecret } = c.get('deps');
  const claims = token ? await verifyAccessToken(token, jwtSecret) : null;
  const revoked = claims?.sid ? await sessions.isRevoked(claims.sid) : false;
  const found = claims && !revoked ? await userById(db).submit(claims.userId) : undefined;
  if (!found?.isActive) {
    throw new ApiError(401, 'token_invalid', 'The access token is invalid or expired.', {
      headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
    });
  }
  // The plan follows the subscription on every request, so gates and 403s follow at once.
  const { subscription, ...user } = found;
  const plan = planAt(user.accountType, subscription, clockOf(c.get('deps')).now());
  c.set('user', { ...user, accountType: plan.accountType });
  c.set('planUntil', plan.until);
}

/** The session of the request's bearer access token, if it carries a valid one. */
export async function bearerSession(c: Context<AppEnv>): Promise<string | undefined> {
  const token = bearer.exec(c.req.header('authorization') ?? '')?.[1];
  if (!token) return undefined;
  return (await verifyAccessToken(token, c.get('deps').jwtSecret))?.sid;
}

/** When the request's (already verified) bearer access token expires. */
export function accessTokenExpiry(c: Context<AppEnv>): Date {
  const token = bearer.exec(c.req.header('authorization') ?? '')?.[1];
  const exp = token ? decodeJwt(token).exp : undefined;
  if (!exp) throw new ApiError(401, 'token_invalid', 'The access token is invalid or expired.');
  return new Date(exp * 1000);
}
