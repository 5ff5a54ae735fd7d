// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig } from 'astro/config';
import backendDev from './src/integrations/backend-dev.ts';
import clientInteraction from './src/integrations/client-interaction.ts';

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
  integrations: [react(), backendDev(), clientInteraction()],
  // The static pages' CSS is small (~12 KB, ~3 KB gzipped): inlined, it costs no render-blocking
  // request before first paint.
  build: { inlineStylesheets: 'always' },
  server: {
    port: Number(process.env.PORT ?? 4321),
    host: process.env.HOST ?? 'localhost',
  },
  vite: {
    plugins: [vanillaExtractPlugin()],
  },
});
