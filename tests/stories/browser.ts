// The browser the story tests run in: Debian's Chromium and one fixed context (size, scale,
// motion, colour scheme, locale, time zone), so a baseline screenshot depends on the story only.
import { createRequire } from 'node:module';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.ts';

export const VIEWPORTS = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

export const LAUNCH_OPTIONS = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };

export const CONTEXT_OPTIONS = {
  viewport: VIEWPORTS.desktop,
  deviceScaleFactor: 1,
  reducedMotion: 'reduce',
  colorScheme: 'light',
  locale: 'en-US',
  timezoneId: 'UTC',
  serviceWorkers: 'allow',
} as const;

/**
 * axe-core, loaded into every page and frame once by an init script (`addInitScript({ path })`),
 * and the one-line `axeSource` AxeBuilder then injects instead of the 550 KB script. AxeBuilder
 * evaluates its `axeSource` on every analyze() (in every frame): that cost 1.5–2 s per story.
 */
export const AXE_CORE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
export const AXE_LOADED =
  'if (!window.axe) throw new Error("axe-core was not loaded by an init script")';
