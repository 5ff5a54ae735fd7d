import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/**
 * Registers the `client:interaction` directive (src/directives/interaction.ts): hydrate an
 * island on its first click, key press or pointer press and replay that click afterwards. Its
 * type is declared in src/env.d.ts.
 */
export default function clientInteraction(): AstroIntegration {
  return {
    name: 'memoria:client-interaction',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'interaction',
          // A path, not a URL: Astro hands it to esbuild as an import specifier.
          entrypoint: fileURLToPath(new URL('../directives/interaction.ts', import.meta.url)),
        });
      },
    },
  };
}
