import type { APIRoute } from 'astro';
import { webAppManifest } from '../pwa/manifest.ts';

/** The manifest in the language the middleware chose (cookie, else Accept-Language). */
export const GET: APIRoute = ({ locals }) =>
  new Response(JSON.stringify(webAppManifest(locals.locale)), {
    headers: {
      'Content-Type': 'application/manifest+json; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
      Vary: 'Cookie, Accept-Language',
    },
  });
