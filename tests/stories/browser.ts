// The browser the story tests run in: Debian's Chromium and one fixed context (size, scale,
// motion, colour scheme, locale, time zone), so a baseline screenshot depends on the story only.
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
