import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { generateSW, getManifest } from 'workbox-build';
import {
  PAGES_WORKER_FILE,
  PRECACHE_IGNORES,
  PRECACHE_MAX_FILE_BYTES,
  PRECACHE_PATTERNS,
  PUSH_WORKER_FILE,
  pagesCacheName,
  pagesWorkerSource,
  pushWorkerSource,
  RUNTIME_ASSETS,
  SERVICE_WORKER_FILE,
} from '../pwa/worker-config.ts';

/**
 * `memoria:service-worker` (issue 46): after `astro build`, Workbox's `generateSW` writes
 * dist/client/sw.js, served at /sw.js with the root scope by the Node adapter's static files.
 * Why not `@vite-pwa/astro`: docs/adr/0009-service-worker.md (it supports Astro up to 5).
 *
 * - The built assets are precached with their content hashes: a new build is a new worker.
 * - Navigations are network first into this version's pages cache (`sw-pages.js` fills it on
 *   install with the app pages), so an app page opens offline with the scripts it was built with.
 * - `skipWaiting` is off: a new version waits until the page tells it to take over
 *   (src/pwa/register.ts does on the next navigation, never while a review is open).
 * - The worker runs no eval and loads nothing but same-origin files: the site's CSP holds.
 * `npm run dev` builds no worker.
 */
export default function serviceWorker(): AstroIntegration {
  let clientDir = '';
  return {
    name: 'memoria:service-worker',
    hooks: {
      'astro:config:done': ({ config }) => {
        clientDir = fileURLToPath(config.build.client);
      },
      'astro:build:done': async ({ logger }) => {
        const globOptions = {
          globDirectory: clientDir,
          globPatterns: PRECACHE_PATTERNS,
          globIgnores: PRECACHE_IGNORES,
          maximumFileSizeToCacheInBytes: PRECACHE_MAX_FILE_BYTES,
        };
        const { manifestEntries } = await getManifest(globOptions);
        const version = createHash('sha256')
          .update(JSON.stringify(manifestEntries))
          .digest('hex')
          .slice(0, 12);
        writeFileSync(join(clientDir, PAGES_WORKER_FILE), pagesWorkerSource(version));
        writeFileSync(join(clientDir, PUSH_WORKER_FILE), pushWorkerSource());
        const { count, size, warnings } = await generateSW({
          ...globOptions,
          swDest: join(clientDir, SERVICE_WORKER_FILE),
          mode: 'production',
          sourcemap: false,
          inlineWorkboxRuntime: true,
          importScripts: [
            `/${PAGES_WORKER_FILE}?v=${version}`,
            `/${PUSH_WORKER_FILE}?v=${version}`,
          ],
          skipWaiting: false,
          clientsClaim: true,
          cleanupOutdatedCaches: true,
          runtimeCaching: [
            // The API (/be/) is never cached here; offline review will keep its own store.
            {
              urlPattern: ({ request, url }) =>
                request.mode === 'navigate' && !url.pathname.startsWith('/be/'),
              handler: 'NetworkFirst',
              options: {
                cacheName: pagesCacheName(version),
                // Pages vary on Cookie and Accept-Language, which a worker's requests do not show.
                matchOptions: { ignoreVary: true },
                cacheableResponse: { statuses: [200] },
              },
            },
            // Hashed file names never change content: once fetched, from the cache.
            {
              urlPattern: ({ url }) => url.pathname.startsWith('/_astro/'),
              handler: 'CacheFirst',
              options: {
                cacheName: RUNTIME_ASSETS.cacheName,
                expiration: { maxEntries: RUNTIME_ASSETS.maxEntries },
                cacheableResponse: { statuses: [200] },
              },
            },
          ],
        });
        for (const warning of warnings) logger.warn(warning);
        logger.info(
          `${SERVICE_WORKER_FILE} ${version}: ${count} files precached, ${Math.round(size / 1024)} KB`,
        );
      },
    },
  };
}
