/**
 * The keys of idempotent creates (`idempotency_keys`, see domain/requests/idempotency.ts). A key is claimed
 * by inserting its row first: the primary key (user, operation, key) lets one request through,
 * on any instance, and every other one finds the row.
 */
import type { StoredKey } from '../../domain/requests/idempotency.ts';
import { pgDate, type Query } from './pg.ts';

export interface KeyId {
  userId: number;
  operationId: string;
  key: string;
}

export interface StoredAnswer extends StoredKey {
  headers: Record<string, string>;
  body: string | null;
}

interface KeyRow {
  fingerprint: string;
  status: number | null;
  headers: Record<string, string> | string | null;
  body: string | null;
  created_at: string | Date;
}

/**
 * Claims the key for this request: inserts its row, or takes over a row created at or before
 * `freeBefore` (expired) or an unanswered one created at or before `abandonedBefore`. True when
 * this request now owns the key (under `claim`).
 */
export async function claimIdempotencyKey(
  q: Query,
  id: KeyId,
  claim: { claim: string; fingerprint: string; now: Date; freeBefore: Date; abandonedBefore: Date },
): Promise<boolean> {
  const rows = await q`insert into idempotency_keys
      (user_id, operation_id, key, fingerprint, claim, created_at)
    values (${id.userId}, ${id.operationId}, ${id.key}, ${claim.fingerprint}, ${claim.claim},
      ${claim.now.toISOString()})
    on conflict (user_id, operation_id, key) do update set
      fingerprint = excluded.fingerprint, claim = excluded.claim, created_at = excluded.created_at,
      status = null, headers = null, body = null
    where idempotency_keys.created_at <= ${claim.freeBefore.toISOString()}
      or (idempotency_keys.status is null
        and idempotency_keys.created_at <= ${claim.abandonedBefore.toISOString()})
    returning 1`;
  return rows.length === 1;
}

/** The key's row, or null when there is none (any more). */
export async function findIdempotencyKey(q: Query, id: KeyId): Promise<StoredAnswer | null> {
  const [row] = await q<KeyRow[]>`select fingerprint, status, headers, body, created_at
    from idempotency_keys
    where user_id = ${id.userId} and operation_id = ${id.operationId} and key = ${id.key}`;
  if (!row) return null;
  return {
    fingerprint: row.fingerprint,
    status: row.status,
    headers: typeof row.headers === 'string' ? JSON.parse(row.headers) : (row.headers ?? {}),
    body: row.body,
    createdAt: pgDate(row.created_at),
  };
}

/** Stores the answer of the request that holds `claim` (nothing when another took the key over). */
export async function saveIdempotentAnswer(
  q: Query,
  id: KeyId,
  claim: string,
  answer: { status: number; headers: Record<string, string>; body: string | null },
): Promise<void> {
  await q`update idempotency_keys set status = ${answer.status},
      headers = ${JSON.stringify(answer.headers)}::jsonb, body = ${answer.body}
    where user_id = ${id.userId} and operation_id = ${id.operationId} and key = ${id.key}
      and claim = ${claim}`;
}

/** Frees the key held by `claim` (its request answered something not kept). */
export async function releaseIdempotencyKey(q: Query, id: KeyId, claim: string): Promise<void> {
  await q`delete from idempotency_keys
    where user_id = ${id.userId} and operation_id = ${id.operationId} and key = ${id.key}
      and claim = ${claim} and status is null`;
}

/** Forgets keys created at or before `before`; returns how many. */
export async function pruneIdempotencyKeys(q: Query, before: Date): Promise<number> {
  const rows = await q`delete from idempotency_keys where created_at <= ${before.toISOString()}`;
  return rows.count;
}
