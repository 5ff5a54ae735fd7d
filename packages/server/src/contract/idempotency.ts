/**
 * `Idempotency-Key` on the operations whose contract declares the header (the creating POSTs;
 * issue 39, docs/operations/idempotency.md). The router wraps their handlers, which know nothing
 * of it: the first request with a key claims it in `idempotency_keys` and runs; its 2xx answer is
 * stored and replayed to a retry with the same key and request for 24 h, on any instance.
 */
import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { clockOf } from '../clock.ts';
import {
  claimIdempotencyKey,
  findIdempotencyKey,
  type KeyId,
  pruneIdempotencyKeys,
  releaseIdempotencyKey,
  saveIdempotentAnswer,
} from '../db/queries/idempotency.ts';
import {
  abandonedBefore,
  expiredBefore,
  type FormPart,
  invalidIdempotencyKey,
  isReplayable,
  judgeStoredKey,
  REPLAYED_HEADERS,
  type RequestShape,
  requestFingerprint,
} from '../domain/requests/idempotency.ts';
import type { AppDeps, AppEnv } from '../http/context.ts';
import { ApiError, validationError } from '../http/errors.ts';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Set on a replayed answer (as Stripe does), so a client or a log can tell it from a new one. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';
/** Keys are pruned at most this often per instance, after an answer is stored. */
const PRUNE_EVERY_MS = 10 * 60 * 1000;
const lastPrune = new WeakMap<AppDeps, number>();

/** The parsed parts of a form body, as the fingerprint counts them. */
export async function formParts(form: FormData): Promise<FormPart[]> {
  const parts: FormPart[] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') parts.push({ name, value });
    else {
      const bytes = new Uint8Array(await value.arrayBuffer());
      parts.push({ name, filename: value.name, type: value.type, bytes });
    }
  }
  return parts;
}

/** The request's key, if it sent one; a malformed one is a 400 before anything else is read. */
export function readIdempotencyKey(c: Context<AppEnv>): string | undefined {
  const key = c.req.header(IDEMPOTENCY_HEADER);
  if (key === undefined) return undefined;
  const invalid = invalidIdempotencyKey(key);
  if (invalid) throw validationError({ [IDEMPOTENCY_HEADER]: [invalid] });
  return key;
}

/**
 * Runs `handle` at most once per user, operation and `key` (from `readIdempotencyKey`); without
 * a key it just runs it. `shape` is read only with a key (it reads the body the router read).
 */
export async function runIdempotent(
  c: Context<AppEnv>,
  operationId: string,
  key: string | undefined,
  shape: () => Promise<RequestShape>,
  handle: () => Response | Promise<Response>,
): Promise<Response> {
  if (key === undefined) return handle();
  const deps = c.get('deps');
  const id: KeyId = { userId: c.get('user').id, operationId, key };
  const fingerprint = requestFingerprint(await shape());
  const claim = randomUUID();

  // Twice at most: the row found may be released (its request failed) before it is read.
  for (let attempt = 0; attempt < 2; attempt++) {
    const now = clockOf(deps).now();
    const claimed = await claimIdempotencyKey(deps.sql, id, {
      claim,
      fingerprint,
      now,
      freeBefore: expiredBefore(now),
      abandonedBefore: abandonedBefore(now),
    });
    if (claimed) return runClaimed(deps, id, claim, handle);
    const stored = await findIdempotencyKey(deps.sql, id);
    if (!stored) continue;
    const verdict = judgeStoredKey(stored, fingerprint, now);
    if (verdict === 'reused') throw reused();
    if (verdict === 'in_progress') throw inProgress();
    if (verdict === 'replay' && stored.status !== null) {
      const headers = new Headers(stored.headers);
      headers.set(REPLAYED_HEADER, 'true');
      return new Response(stored.body, { status: stored.status, headers });
    }
    // 'free': expired or abandoned between the claim and the read; claim it again.
  }
  throw inProgress();
}

async function runClaimed(
  deps: AppDeps,
  id: KeyId,
  claim: string,
  handle: () => Response | Promise<Response>,
): Promise<Response> {
  let response: Response;
  try {
    response = await handle();
  } catch (error) {
    await release(deps, id, claim);
    throw error;
  }
  if (!isReplayable(response.status)) {
    await release(deps, id, claim);
    return response;
  }
  const headers: Record<string, string> = {};
  for (const name of REPLAYED_HEADERS) {
    const value = response.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  try {
    const body = response.body ? await response.clone().text() : null;
    await saveIdempotentAnswer(deps.sql, id, claim, { status: response.status, headers, body });
  } catch (error) {
    // The create happened: its answer goes out even when it could not be kept. A retry then
    // finds the key running (409) until the claim counts as abandoned.
    deps.logger.warn('idempotency: answer not stored', {
      operation: id.operationId,
      message: (error as Error).message,
    });
  }
  pruneNowAndThen(deps);
  return response;
}

async function release(deps: AppDeps, id: KeyId, claim: string): Promise<void> {
  await releaseIdempotencyKey(deps.sql, id, claim).catch((error: unknown) => {
    deps.logger.warn('idempotency: key not released', {
      operation: id.operationId,
      message: (error as Error).message,
    });
  });
}

/** Deletes expired keys, at most every PRUNE_EVERY_MS per instance, without holding the answer. */
function pruneNowAndThen(deps: AppDeps): void {
  const now = clockOf(deps).now();
  const last = lastPrune.get(deps);
  if (last !== undefined && now.getTime() - last < PRUNE_EVERY_MS) return;
  lastPrune.set(deps, now.getTime());
  pruneIdempotencyKeys(deps.sql, expiredBefore(now)).catch((error: unknown) => {
    deps.logger.warn('idempotency: prune failed', { message: (error as Error).message });
  });
}

function reused(): ApiError {
  return new ApiError(
    422,
    'idempotency_key_reused',
    'This Idempotency-Key was already used with a different request.',
  );
}

function inProgress(): ApiError {
  return new ApiError(
    409,
    'idempotency_key_in_progress',
    'A request with this Idempotency-Key is in progress.',
    { headers: { 'Retry-After': '1' } },
  );
}
