import { describe, expect, it } from 'vitest';
import { startBackend } from '../index.ts';
import { PublicUrlError, resolvePublicUrl } from './public-url.ts';

describe('PUBLIC_URL', () => {
  it('is required in production, with a message naming it', () => {
    expect(() => resolvePublicUrl({ NODE_ENV: 'production' })).toThrow(PublicUrlError);
    expect(() => resolvePublicUrl({ NODE_ENV: 'production', PUBLIC_URL: ' ' })).toThrow(
      /^PUBLIC_URL must be set when NODE_ENV=production/,
    );
  });

  it('stops a production start without it before anything is started', async () => {
    // Nothing listens there: reaching the database would fail with another error.
    const started = startBackend({
      databaseUrl: 'postgres://nobody:x@127.0.0.1:9/none',
      env: { NODE_ENV: 'production', PUBLIC_URL: '' },
    });
    await expect(started).rejects.toThrow(PublicUrlError);
  });

  it('defaults to localhost on PORT (4321) elsewhere', () => {
    expect(resolvePublicUrl({})).toBe('http://localhost:4321');
    expect(resolvePublicUrl({ PORT: '8080', NODE_ENV: 'development' })).toBe(
      'http://localhost:8080',
    );
  });

  it('is read as an origin, and refuses anything else', () => {
    expect(resolvePublicUrl({ PUBLIC_URL: 'https://memoria.example/' })).toBe(
      'https://memoria.example',
    );
    expect(resolvePublicUrl({ PUBLIC_URL: 'http://10.0.0.5:4321', NODE_ENV: 'production' })).toBe(
      'http://10.0.0.5:4321',
    );
    for (const bad of [
      'memoria.example',
      'ftp://memoria.example',
      'https://memoria.example/app',
      'https://memoria.example/?a=1',
      'https://user:pw@memoria.example',
    ]) {
      expect(() => resolvePublicUrl({ PUBLIC_URL: bad }), bad).toThrow(/^PUBLIC_URL must be an/);
    }
  });
});
