/// <reference types="astro/client" />

/** Set by `src/middleware.ts` on every request; read by layouts and pages. */
declare namespace App {
  interface Locals {
    locale: import('./i18n/index.ts').Locale;
    theme: import('./i18n/index.ts').Theme;
  }
}
