/**
 * The rules of `Idempotency-Key` on creating POSTs (issue 39; docs/operations/idempotency.md),
 * after the IETF draft "The Idempotency-Key HTTP Header Field" and Stripe's behaviour: a key
 * belongs to one user and one operation; a retry with the same key and the same request gets the
 * first answer again for 24 h; the same key with another request is refused (422); a retry while
 * the first request still runs is refused (409) instead of running twice.
 */
import { createHash } from 'node:crypto';

/** How long a key's answer is replayed (and the key cannot be used for another request). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * How long a claim without an answer counts as running. Past it, the instance that claimed the
 * key is taken for dead (killed mid-request) and a retry runs the request again; no create runs
 * this long (bodies stall out after 30 s, AI calls time out sooner).
 */
export const IDEMPOTENCY_LEASE_MS = 5 * 60 * 1000;
/** The header's limits, as the contract's `components/parameters/IdempotencyKey` states them. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
const KEY_PATTERN = /^[\x21-\x7e]+$/;
/** The answer headers a replay repeats; the others (request id, cookies) belong to one answer. */
export const REPLAYED_HEADERS = ['content-type', 'location'] as const;

/** Why a key is refused, or null when it is usable. */
export function invalidIdempotencyKey(key: string): string | null {
  if (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
    return `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} characters long.`;
  }
  if (!KEY_PATTERN.test(key)) {
    return 'Idempotency-Key must be visible ASCII characters without spaces.';
  }
  return null;
}

/** One part of a form body, as the fingerprint sees it: a text field, or a file by its bytes. */
export type FormPart =
  | { name: string; value: string }
  | { name: string; filename: string; type: string; bytes: Uint8Array };

/** What identifies a request besides its user, operation and key. */
export interface RequestShape {
  /** Path and query parameters, as validated. */
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  /** The media type without its parameters (a multipart boundary differs on every send). */
  contentType: string | null;
  /** A JSON (or empty) body byte for byte, or a form body part by part. */
  body: Uint8Array | FormPart[];
}

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/**
 * The request's fingerprint: a SHA-256 over its parameters, media type and body. A JSON body
 * counts byte for byte (a retry resends the same bytes). A form counts by its parsed parts, each
 * file by the SHA-256 of its bytes: the same form sent again has a new multipart boundary, so its
 * raw bytes differ although the request is the same.
 */
export function requestFingerprint(shape: RequestShape): string {
  const body =
    shape.body instanceof Uint8Array
      ? { bytes: sha256(shape.body) }
      : {
          parts: shape.body.map((part) =>
            'value' in part
              ? [part.name, part.value]
              : [part.name, part.filename, part.type, sha256(part.bytes)],
          ),
        };
  return sha256(
    JSON.stringify([
      sortedEntries(shape.params),
      sortedEntries(shape.query),
      shape.contentType,
      body,
    ]),
  );
}

const sortedEntries = (record: Record<string, unknown>) =>
  Object.keys(record)
    .sort()
    .map((k) => [k, record[k]]);

/** The key as stored: what the first request was and, once it answered, its answer. */
export interface StoredKey {
  fingerprint: string;
  /** Null while the first request runs. */
  status: number | null;
  createdAt: Date;
}

/**
 * What a request does with a key already stored: `free` (expired, or its request was abandoned:
 * claim it again), `reused` (another request: 422), `in_progress` (409) or `replay`.
 */
export type KeyVerdict = 'free' | 'reused' | 'in_progress' | 'replay';

export function judgeStoredKey(stored: StoredKey, fingerprint: string, now: Date): KeyVerdict {
  if (stored.createdAt <= expiredBefore(now)) return 'free';
  if (stored.fingerprint !== fingerprint) return 'reused';
  if (stored.status === null) {
    return stored.createdAt <= abandonedBefore(now) ? 'free' : 'in_progress';
  }
  return 'replay';
}

/** Keys created at or before this are forgotten (and pruned). */
export function expiredBefore(now: Date): Date {
  return new Date(now.getTime() - IDEMPOTENCY_TTL_MS);
}

/** Claims without an answer made at or before this are taken for abandoned. */
export function abandonedBefore(now: Date): Date {
  return new Date(now.getTime() - IDEMPOTENCY_LEASE_MS);
}

/**
 * Whether an answer is kept for replay: 2xx only. Any other answer of a create means nothing was
 * created (the handlers refuse before they write, or write in one transaction), so running the
 * retry again is right; a kept 4xx would freeze a refusal that can change (a plan upgraded, a
 * throttle passed, a friend who signed up meanwhile), and a kept 5xx a passing fault.
 */
export function isReplayable(status: number): boolean {
  return status >= 200 && status < 300;
}
