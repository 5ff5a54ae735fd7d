/// <reference types="astro/client" />

/** Set by `src/middleware.ts` on every request; read by layouts and pages. */
declare namespace App {
  interface Locals {
    locale: import('./i18n/index.ts').Locale;
    theme: import('./i18n/index.ts').Theme;
  }
}

/**
 * `client:interaction` (src/directives/interaction.ts, registered in astro.config.mjs): Astro's
 * global `Astro.ClientDirectives` is the interface every component's directive props extend.
 */
declare namespace Astro {
  interface ClientDirectives {
    'client:interaction'?: boolean;
  }
}
