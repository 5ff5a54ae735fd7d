import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_SECONDS, signAccessToken, verifyAccessToken } from './tokens.ts';

const secret = new Uint8Array(32).fill(7);

describe('access tokens', () => {
  it('live exactly ACCESS_TOKEN_SECONDS and verify when signed as a second ends', async () => {
    // The last millisecond of a second a moment ago; every read of this clock moves it on by a
    // millisecond, so a signer that read it twice would date the expiry in the next second.
    let ms = (Math.floor(Date.now() / 1000) - 10) * 1000 + 999;
    const clock = () => ms++;
    const token = await signAccessToken(42, secret, undefined, clock);
    const { iat, exp } = decodeJwt(token);
    expect((exp ?? 0) - (iat ?? 0)).toBe(ACCESS_TOKEN_SECONDS);
    expect(await verifyAccessToken(token, secret)).toMatchObject({ userId: 42 });
  });
});
