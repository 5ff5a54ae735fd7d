/**
 * `memoria:client-router-csp` (src/integrations/client-router-csp.ts): the hash of every route's
 * inline <style> joins every page's policy, as the client router needs.
 */
import type { SSRManifest } from 'astro';
import { describe, expect, test } from 'vitest';
import clientRouterCsp, { cspSha256 } from '../../src/integrations/client-router-csp.ts';

describe('client-router CSP', () => {
  const inline = (content: string) => ({ type: 'inline' as const, content });

  test("every route's inline <style> joins the style hashes of every page, once", async () => {
    const hashes = ['sha256-existing'];
    const manifest = {
      csp: { styleDirective: { hashes, resources: [] } },
      routes: [
        { styles: [inline('a{color:red}'), { type: 'external', src: '/_astro/x.css' }] },
        { styles: [inline('b{color:blue}'), inline('a{color:red}')] },
      ],
    } as unknown as SSRManifest;
    const hook = clientRouterCsp().hooks['astro:build:ssr'] as (options: unknown) => unknown;
    await hook({ manifest });
    expect(hashes).toEqual([
      'sha256-existing',
      cspSha256('a{color:red}'),
      cspSha256('b{color:blue}'),
    ]);
  });

  test('the hash is the one a browser computes for the element', () => {
    // echo -n 'a{color:red}' | openssl dgst -sha256 -binary | base64
    expect(cspSha256('a{color:red}')).toBe('sha256-6hWWMOcF+mJesSJGYhmK2lkIIEw9Xc5XKGLPVzh8yxs=');
  });
});
