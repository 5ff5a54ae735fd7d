import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, type TestBackend } from './test/harness.ts';

let t: TestBackend;
beforeAll(async () => {
  t = await createTestBackend();
});
afterAll(async () => {
  await t?.close();
});

function expectApiHeaders(headers: Headers) {
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('cache-control')).toBe('no-store');
  expect(headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
}

describe('API security headers', () => {
  it('are sent on successes, errors and unknown routes', async () => {
    const health = await t.request('GET', '/be/api/health/');
    expect(health.status).toBe(200);
    expectApiHeaders(health.headers);

    const { access } = await t.signUp();
    const me = await t.request('GET', '/be/api/auth/users/me/', { token: access });
    expect(me.status).toBe(200);
    expectApiHeaders(me.headers);

    const unauthorised = await t.request('GET', '/be/api/auth/users/me/');
    expect(unauthorised.status).toBe(401);
    expectApiHeaders(unauthorised.headers);

    const invalid = await t.request('POST', '/be/api/auth/token/', { rawBody: '{' });
    expect(invalid.status).toBe(400);
    expectApiHeaders(invalid.headers);

    const unknown = await t.request('GET', '/be/api/no-such-route/');
    expect(unknown.status).toBe(404);
    expectApiHeaders(unknown.headers);
  });
});
