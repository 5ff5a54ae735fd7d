/**
 * The web app manifest (served at /manifest.webmanifest by src/pages/manifest.webmanifest.ts):
 * what makes Memoria installable. Colours come from the design tokens (the light theme's primary
 * for the title bar, its background for the splash screen), texts from the shell's messages in
 * the learner's language, icons from public/icons (drawn by scripts/pwa-icons.ts).
 */
import type { Locale } from '@memoria/api';
import { translate } from '@memoria/features/shared';
// The plain token values (no vanilla-extract contract): this module also runs outside Vite.
import { light } from '@memoria/ui/tokens';

import { DUELS_URL, REVIEW_URL, START_URL } from './paths.ts';

export { DUELS_URL, MANIFEST_PATH, REVIEW_URL, START_URL } from './paths.ts';

export const ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
] as const;

export function webAppManifest(locale: Locale) {
  return {
    id: START_URL,
    name: 'Memoria',
    short_name: 'Memoria',
    description: translate(locale, 'shell.pwa.description'),
    lang: locale,
    start_url: START_URL,
    scope: '/',
    display: 'standalone',
    theme_color: light.color.primary,
    background_color: light.color.background,
    icons: ICONS,
    shortcuts: [
      {
        name: translate(locale, 'shell.pwa.shortcut.review'),
        url: REVIEW_URL,
        icons: [ICONS[0]],
      },
      {
        name: translate(locale, 'shell.pwa.shortcut.duels'),
        url: DUELS_URL,
        icons: [ICONS[0]],
      },
    ],
  };
}
