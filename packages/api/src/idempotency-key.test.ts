import { afterEach, expect, test, vi } from 'vitest';
import { newIdempotencyKey } from './idempotency-key.ts';

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => {
  vi.unstubAllGlobals();
});

test('makes a fresh version 4 UUID each time', () => {
  const keys = new Set(Array.from({ length: 100 }, newIdempotencyKey));
  expect(keys.size).toBe(100);
  for (const key of keys) expect(key).toMatch(V4);
});

test('makes one outside a secure context, where randomUUID is missing', () => {
  const { getRandomValues } = globalThis.crypto;
  vi.stubGlobal('crypto', { getRandomValues: getRandomValues.bind(globalThis.crypto) });
  expect(globalThis.crypto.randomUUID).toBeUndefined();
  expect(newIdempotencyKey()).toMatch(V4);
  expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
});
