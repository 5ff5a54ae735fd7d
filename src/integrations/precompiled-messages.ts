import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { type MessageFormatElement, parse } from '@formatjs/icu-messageformat-parser';
import type { AstroIntegration } from 'astro';
import type { Plugin } from 'vite';

/** The catalogs the islands run: each feature's `messages.ts` (one locale, by `?locale=`), the UI's. */
const FEATURE_CATALOG =
  /\/packages\/features\/(?:[\w-]+\/messages|shared\/errorMessages)\.ts\?locale=(en|es)$/;
const UI_CATALOG = /\/packages\/ui\/src\/messages\.ts$/;
const PARSER = '@formatjs/icu-messageformat-parser';

type Catalog = Record<string, string>;
type Compiled = Record<string, MessageFormatElement[]>;

/** Every message of a catalog as the AST react-intl formats; a message that does not parse fails the build. */
export function compileCatalog(catalog: Catalog, where: string): Compiled {
  const compiled: Compiled = Object.create(null);
  for (const [id, message] of Object.entries(catalog)) {
    if (typeof message !== 'string') throw new Error(`${where}: ${id} is not a string`);
    try {
      compiled[id] = parse(message);
    } catch (error) {
      throw new Error(`${where}: ${id} does not parse: ${(error as Error).message}`);
    }
  }
  return compiled;
}

/** The catalog module's exports, read by Node itself (they are object literals, no imports). */
async function exportsOf(file: string): Promise<Record<string, unknown>> {
  return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
}

/**
 * The browser's islands get their messages already parsed, and the ICU message parser (about
 * 8 KB of gzipped JavaScript on every app page, with its skeleton parser) is left out of the
 * client bundle: `formatjs`'s own recipe (precompiled messages and the `no-parser` entry). The
 * server render keeps the text catalogs and the parser, and the output is the same: the server
 * parses the same text this build parses. Only `astro build` does this; `npm run dev` and
 * Storybook run the text catalogs with the parser.
 *
 * A catalog module is replaced by its compiled exports: a feature's `messages.ts?locale=xx`
 * (the per-language catalogs `messages.en.ts` and `messages.es.ts` import) by that locale only,
 * the UI package's `messages.ts` by `locales` and both locales of `uiMessages`. A client module
 * that imported any other export of them would fail the build, which is the point.
 */
export function precompiledMessagesPlugin(): Plugin {
  const noParser = createRequire(import.meta.url).resolve(`${PARSER}/no-parser.js`);
  return {
    name: 'memoria:precompiled-messages',
    apply: 'build',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId(source) {
      return source === PARSER ? noParser : null;
    },
    async load(id) {
      const feature = FEATURE_CATALOG.exec(id);
      if (feature) {
        const file = id.slice(0, id.indexOf('?'));
        const locale = feature[1] as 'en' | 'es';
        const catalog = (await exportsOf(file))[locale] as Catalog;
        return `export const ${locale} = ${JSON.stringify(compileCatalog(catalog, file))};`;
      }
      if (UI_CATALOG.test(id)) {
        const { locales, uiMessages } = (await exportsOf(id)) as {
          locales: string[];
          uiMessages: Record<string, Catalog>;
        };
        const compiled = Object.fromEntries(
          Object.entries(uiMessages).map(([locale, catalog]) => [
            locale,
            compileCatalog(catalog, id),
          ]),
        );
        return `export const locales = ${JSON.stringify(locales)};\nexport const uiMessages = ${JSON.stringify(compiled)};`;
      }
      return null;
    },
  };
}

/** Adds the plugin above to the build (see its comment). */
export default function precompiledMessages(): AstroIntegration {
  return {
    name: 'memoria:precompiled-messages',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({ vite: { plugins: [precompiledMessagesPlugin()] } });
      },
    },
  };
}
