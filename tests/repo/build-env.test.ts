import { describe, expect, it } from 'vitest';
import { buildEnv, OFFLINE_ENV } from '../../scripts/offline-env.ts';

describe('the web app build environment', () => {
  it('builds for production even when started under Vitest (NODE_ENV=test)', () => {
    // The journeys' global setup builds the app from inside Vitest, which sets NODE_ENV=test.
    const env = buildEnv({ PATH: '/usr/bin', NODE_ENV: 'test' });
    expect(env.NODE_ENV).toBe('production');
    expect(env.PATH).toBe('/usr/bin');
    expect(env).toMatchObject(OFFLINE_ENV);
  });
});
