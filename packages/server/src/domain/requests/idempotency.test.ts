import { describe, expect, it } from 'vitest';
import {
  abandonedBefore,
  expiredBefore,
  IDEMPOTENCY_LEASE_MS,
  IDEMPOTENCY_TTL_MS,
  invalidIdempotencyKey,
  isReplayable,
  judgeStoredKey,
  type RequestShape,
  requestFingerprint,
} from './idempotency.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const json = (text: string, more: Partial<RequestShape> = {}): RequestShape => ({
  params: {},
  query: {},
  contentType: 'application/json',
  body: bytes(text),
  ...more,
});

describe('the key', () => {
  it('takes 1 to 255 visible ASCII characters', () => {
    expect(invalidIdempotencyKey(crypto.randomUUID())).toBeNull();
    expect(invalidIdempotencyKey('k'.repeat(255))).toBeNull();
    expect(invalidIdempotencyKey('')).toMatch(/1 to 255/);
    expect(invalidIdempotencyKey('k'.repeat(256))).toMatch(/1 to 255/);
    expect(invalidIdempotencyKey('a b')).toMatch(/visible ASCII/);
    expect(invalidIdempotencyKey('clé')).toMatch(/visible ASCII/);
  });
});

describe('the request fingerprint', () => {
  it('is the same for the same bytes, parameters and media type', () => {
    expect(requestFingerprint(json('{"name":"a"}'))).toBe(requestFingerprint(json('{"name":"a"}')));
  });

  it('counts a JSON body byte for byte', () => {
    const base = requestFingerprint(json('{"name":"a","x":1}'));
    expect(requestFingerprint(json('{"name":"b","x":1}'))).not.toBe(base);
    // Another serialisation is another request: a retry resends the same bytes.
    expect(requestFingerprint(json('{"x":1,"name":"a"}'))).not.toBe(base);
  });

  it('counts path and query parameters (in any order) and the media type', () => {
    const chat1 = requestFingerprint(json('{}', { params: { id: 1 } }));
    expect(requestFingerprint(json('{}', { params: { id: 2 } }))).not.toBe(chat1);
    expect(requestFingerprint(json('{}', { query: { a: 1, b: 2 } }))).toBe(
      requestFingerprint(json('{}', { query: { b: 2, a: 1 } })),
    );
    expect(requestFingerprint(json('{}', { contentType: null }))).not.toBe(
      requestFingerprint(json('{}')),
    );
  });

  it('counts a form by its fields and each file by its name, type and bytes', () => {
    const form = (image: string, filename = 'a.png') =>
      requestFingerprint({
        params: {},
        query: {},
        contentType: 'multipart/form-data',
        body: [
          { name: 'front', value: 'Notes' },
          { name: 'front_image', filename, type: 'image/png', bytes: bytes(image) },
        ],
      });
    expect(form('png1')).toBe(form('png1'));
    expect(form('png2')).not.toBe(form('png1'));
    expect(form('png1', 'b.png')).not.toBe(form('png1'));
  });
});

describe('a stored key', () => {
  const now = new Date('2026-11-29T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const answered = { fingerprint: 'f', status: 201, createdAt: ago(60_000) };

  it('replays its answer to the same request', () => {
    expect(judgeStoredKey(answered, 'f', now)).toBe('replay');
  });

  it('refuses another request with the key, answered or still running', () => {
    expect(judgeStoredKey(answered, 'g', now)).toBe('reused');
    expect(judgeStoredKey({ ...answered, status: null }, 'g', now)).toBe('reused');
  });

  it('is in progress while its request runs, and free once the claim is abandoned', () => {
    const running = { fingerprint: 'f', status: null, createdAt: ago(IDEMPOTENCY_LEASE_MS - 1) };
    expect(judgeStoredKey(running, 'f', now)).toBe('in_progress');
    const abandoned = { ...running, createdAt: ago(IDEMPOTENCY_LEASE_MS) };
    expect(judgeStoredKey(abandoned, 'f', now)).toBe('free');
  });

  it('is free after 24 h, whatever the request', () => {
    expect(IDEMPOTENCY_TTL_MS).toBe(86_400_000);
    const old = { ...answered, createdAt: ago(IDEMPOTENCY_TTL_MS) };
    expect(judgeStoredKey(old, 'f', now)).toBe('free');
    expect(judgeStoredKey(old, 'g', now)).toBe('free');
    expect(judgeStoredKey({ ...old, createdAt: ago(IDEMPOTENCY_TTL_MS - 1) }, 'f', now)).toBe(
      'replay',
    );
    expect(expiredBefore(now)).toEqual(ago(IDEMPOTENCY_TTL_MS));
    expect(abandonedBefore(now)).toEqual(ago(IDEMPOTENCY_LEASE_MS));
  });
});

describe('what is stored', () => {
  it('keeps 2xx answers only', () => {
    for (const status of [200, 201, 202, 204]) expect(isReplayable(status)).toBe(true);
    for (const status of [400, 401, 403, 404, 409, 413, 422, 429, 500, 502, 503]) {
      expect(isReplayable(status)).toBe(false);
    }
  });
});
