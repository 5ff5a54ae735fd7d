// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig } from 'astro/config';
import { INLINE_SCRIPTS } from './src/inline-scripts.ts';
import backendDev from './src/integrations/backend-dev.ts';
import clientInteraction from './src/integrations/client-interaction.ts';
import clientRouterCsp, { cspSha256 } from './src/integrations/client-router-csp.ts';
import precompiledMessages from './src/integrations/precompiled-messages.ts';
import serviceWorker from './src/integrations/service-worker.ts';

export default defineConfig({
  // Every page is rendered per request: language and theme come from cookies and
  // Accept-Language (see src/middleware.ts), so nothing is prerendered.
  output: 'server',
  // One Node process (scripts/start.ts) owns the listener and `/be/api`; it imports the built
  // `dist/server/entry.mjs` with ASTRO_NODE_AUTOSTART=disabled and calls its `handler`.
  // Standalone mode is used (not 'middleware') because only its handler also serves the built
  // assets in dist/client (fonts, favicon, robots.txt); it never listens on its own here.
  adapter: node({ mode: 'standalone' }),
  // `client:interaction` (src/directives/interaction.ts): hydrate on first click, then replay it.
  // `memoria:client-router-csp`: every page's policy allows every page's inline CSS, which the app
  // layout's client router needs (see src/integrations/client-router-csp.ts).
  // `memoria:precompiled-messages`: the islands' messages are parsed at build time and the ICU
  // parser stays out of the browser's bundle (see src/integrations/precompiled-messages.ts).
  // `memoria:service-worker`: /sw.js, the offline app shell (see src/integrations/service-worker.ts).
  integrations: [
    react(),
    backendDev(),
    clientInteraction(),
    clientRouterCsp(),
    precompiledMessages(),
    serviceWorker(),
  ],
  // The static pages' CSS is small (~12 KB, ~3 KB gzipped): inlined, it costs no render-blocking
  // request before first paint.
  build: { inlineStylesheets: 'always' },
  // Content-Security-Policy, sent as a response header on every page (pages render per request).
  // Astro adds `script-src` and `style-src` with 'self' and the hashes of what it emits (island
  // loader, directives, inlined CSS); our own inline scripts (src/inline-scripts.ts) are hashed
  // here. No 'unsafe-inline' for scripts. The other security headers are set in src/middleware.ts.
  security: {
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data: blob:",
        // Card sounds: the media route needs the bearer token, so the app fetches them and plays
        // object URLs (RichContent's resolveMediaUrl; docs/features/media.md).
        "media-src 'self' blob:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ],
      scriptDirective: { hashes: INLINE_SCRIPTS.map(cspSha256) },
      // Style attributes rendered by the islands (React `style` props, e.g. progress widths)
      // cannot be hashed; they may be inline, <style> elements may not. Attributes run no code.
      styleDirective: { resources: [{ resource: "'unsafe-inline'", kind: 'attribute' }] },
    },
  },
  // The dev toolbar's Astro menu fetches https://astro.build/api/v1/dev-overlay/ from the
  // browser under `npm run dev`; the product must not contact outside hosts, and the toolbar
  // also injects its script into every dev page.
  devToolbar: { enabled: false },
  server: {
    port: Number(process.env.PORT ?? 4321),
    host: process.env.HOST ?? 'localhost',
  },
  vite: {
    plugins: [vanillaExtractPlugin()],
    // Vite inlines assets under 4 KiB as data: URLs; KaTeX's smallest fonts are, and the policy's
    // `font-src 'self'` blocks them (math then shows in a fallback font). Fonts stay files.
    build: {
      assetsInlineLimit: (file) => (/\.(woff2?|ttf|otf|eot)$/.test(file) ? false : undefined),
    },
  },
});
