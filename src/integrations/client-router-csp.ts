import { createHash } from 'node:crypto';
import type { AstroIntegration } from 'astro';

/** A CSP source for an inline script or style: its SHA-256, as the browser computes it. */
export const cspSha256 = (text: string): `sha256-${string}` =>
  `sha256-${createHash('sha256').update(text).digest('base64')}`;

/**
 * Lets every page's Content-Security-Policy allow every page's inline CSS, as it already allows
 * every page's inline scripts: the app layout's client router (`<ClientRouter />`) moves between
 * pages without loading a document, so the policy of the first page stays in force while the
 * router puts the next page's <style> into <head>.
 *
 * Astro lists the hash of each stylesheet it inlines, on every page, but it writes a page's
 * adjacent inline sheets as one <style> and adds the hash of that one to that page's policy
 * only; another app page would be left unstyled (the browser refuses the element). So the
 * hashes of every route's <style> elements join the policy of every page. They hash CSS this
 * build wrote, so they allow nothing an attacker could choose. `astro:build:ssr` gets the
 * manifest before it is written into the server bundle; tests/e2e/client-router.e2e.test.ts
 * fails if a navigation ever meets a refused style again.
 */
export default function clientRouterCsp(): AstroIntegration {
  return {
    name: 'memoria:client-router-csp',
    hooks: {
      'astro:build:ssr': ({ manifest }) => {
        const hashes = manifest.csp?.styleDirective.hashes;
        if (!hashes) return;
        const known = new Set(hashes.map(String));
        for (const route of manifest.routes) {
          for (const style of route.styles) {
            if (style.type !== 'inline') continue;
            const hash = cspSha256(style.content);
            if (!known.has(hash)) hashes.push(hash);
            known.add(hash);
          }
        }
      },
    },
  };
}
