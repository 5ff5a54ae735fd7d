/**
 * `memoria:precompiled-messages` (src/integrations/precompiled-messages.ts): the browser's build
 * gets parsed catalogs and no ICU parser, and the parsed catalogs format exactly as the text ones
 * do (the server render uses the text).
 */
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, test } from 'vitest';
import { catalogs } from '../../packages/features/messages.ts';
import { uiMessages } from '../../packages/ui/src/messages.ts';
import {
  compileCatalog,
  precompiledMessagesPlugin,
} from '../../src/integrations/precompiled-messages.ts';

const root = path.join(import.meta.dirname, '../..');
const features = path.join(root, 'packages/features');

type Hook = (this: unknown, ...args: unknown[]) => unknown;
const plugin = precompiledMessagesPlugin();
const call = (hook: unknown, ...args: unknown[]) => (hook as Hook).call({}, ...args);

/** A module's `export const name = <JSON>;` lines, read back. */
function exportsOf(code: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const match of code.matchAll(/^export const (\w+) = (.*);$/gm)) {
    out[match[1] as string] = JSON.parse(match[2] as string);
  }
  return out;
}

/** A value for every argument of a message: 2 (a number, a date, select's `other`), tags wrap. */
function valuesFor(elements: MessageFormatElement[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const visit = (list: MessageFormatElement[]) => {
    for (const element of list) {
      if (element.type === TYPE.tag) {
        values[element.value] = (chunks: string[]) => `<${chunks.join('')}>`;
        visit(element.children);
      } else if (element.type === TYPE.plural || element.type === TYPE.select) {
        values[element.value] = 2;
        for (const option of Object.values(element.options)) visit(option.value);
      } else if (element.type !== TYPE.literal && element.type !== TYPE.pound) {
        values[element.value] = 2;
      }
    }
  };
  visit(elements);
  return values;
}

describe('precompiled messages (client build only)', () => {
  test('runs in the build, for the browser only', () => {
    expect(plugin.apply).toBe('build');
    const applies = plugin.applyToEnvironment as (environment: { name: string }) => boolean;
    expect(applies({ name: 'client' })).toBe(true);
    expect(applies({ name: 'ssr' })).toBe(false);
  });

  test('the browser gets the no-parser entry of the ICU parser', () => {
    expect(call(plugin.resolveId, '@formatjs/icu-messageformat-parser')).toMatch(
      /icu-messageformat-parser[/\\]no-parser\.js$/,
    );
    expect(call(plugin.resolveId, 'intl-messageformat')).toBeNull();
  });

  test("a feature's catalog for one locale is replaced by that locale, parsed", async () => {
    const file = path.join(features, 'progress/messages.ts');
    const code = (await call(plugin.load, `${file}?locale=es`)) as string;
    const compiled = exportsOf(code);
    expect(Object.keys(compiled)).toEqual(['es']);
    expect(compiled.es).toEqual(compileCatalog(catalogs.progress?.es ?? {}, file));
    expect(await call(plugin.load, file)).toBeNull(); // without ?locale= it is not a catalog
  });

  test("the UI package's catalog keeps its exports, parsed", async () => {
    const file = path.join(root, 'packages/ui/src/messages.ts');
    const compiled = exportsOf((await call(plugin.load, file)) as string);
    expect(compiled.locales).toEqual(['en', 'es']);
    expect(compiled.uiMessages).toEqual({
      en: compileCatalog(uiMessages.en, file),
      es: compileCatalog(uiMessages.es, file),
    });
  });

  test('every catalog the per-locale chunks take (`./*/messages.ts`, the errors) is compiled', async () => {
    const dirs = await readdir(features, { withFileTypes: true });
    const files = dirs
      .filter(
        (dir) => dir.isDirectory() && existsSync(path.join(features, dir.name, 'messages.ts')),
      )
      .map((dir) => path.join(features, dir.name, 'messages.ts'));
    files.push(path.join(features, 'shared/errorMessages.ts'));
    // The same catalogs packages/features/messages.ts merges, but the UI package's.
    expect(files).toHaveLength(Object.keys(catalogs).length - 1);
    for (const file of files) {
      const code = (await call(plugin.load, `${file}?locale=en`)) as string;
      expect(Object.keys(exportsOf(code)), file).toEqual(['en']);
    }
  });

  test('every parsed message formats as its text does, plurals and arguments included', () => {
    for (const [name, byLocale] of Object.entries(catalogs)) {
      for (const [locale, catalog] of Object.entries(byLocale)) {
        const compiled = compileCatalog(catalog, name);
        for (const [id, text] of Object.entries(catalog)) {
          const values = valuesFor(compiled[id] ?? []);
          const fromText = new IntlMessageFormat(text, locale).format(values);
          const fromAst = new IntlMessageFormat(compiled[id] ?? [], locale).format(values);
          expect(fromAst, id).toEqual(fromText);
        }
      }
    }
  });

  test('a message that does not parse fails the build, naming it', () => {
    expect(() => compileCatalog({ 'x.broken': '{count, plural, one {#}' }, 'x.ts')).toThrow(
      /x\.ts: x\.broken does not parse/,
    );
    expect(parse('{count, plural, one {# day} other {# days}}')).toHaveLength(1);
  });
});
