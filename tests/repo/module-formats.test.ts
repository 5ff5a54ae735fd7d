import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { esmPackageRoots, knownModule } from '../../scripts/module-formats.ts';

const root = join(import.meta.dirname, '../..');
const serverEntry = pathToFileURL(join(root, 'packages/server/src/index.ts'));
const [drizzle] = esmPackageRoots(['drizzle-orm'], serverEntry);

/**
 * The modules (URL and format) loaded by importing `specifiers` in a fresh Node, with the hook
 * registered or not; an observing hook registered last sees every answer, the hook's included.
 */
function loaded(specifiers: string[], withHook: boolean): string[] {
  const script = `
    import { registerHooks } from 'node:module';
    import { registerKnownModuleFormats } from ${JSON.stringify(pathToFileURL(join(root, 'scripts/module-formats.ts')).href)};
    const base = ${JSON.stringify(serverEntry.href)};
    if (${withHook}) registerKnownModuleFormats(base);
    const seen = new Set();
    registerHooks({ resolve(s, c, next) { const r = next(s, c); seen.add(r.url + ' ' + r.format); return r; } });
    for (const s of ${JSON.stringify(specifiers)}) await import(import.meta.resolve(s, base));
    console.log(JSON.stringify([...seen].sort()));
  `;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: join(root, 'packages/server'),
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout);
}

describe('known module formats (scripts/module-formats.ts)', () => {
  it("finds drizzle-orm's folder, which is an ES module package", () => {
    expect(drizzle).toMatch(/\/node_modules\/drizzle-orm\/$/);
  });

  it('answers only relative .js imports that stay inside the package', () => {
    const roots = [drizzle as string];
    const parent = `${drizzle}pg-core/table.js`;
    expect(knownModule(roots, '../sql/sql.js', parent)).toEqual({
      url: `${drizzle}sql/sql.js`,
      format: 'module',
    });
    expect(knownModule(roots, 'postgres', parent)).toBeUndefined();
    expect(knownModule(roots, './table.cjs', parent)).toBeUndefined();
    expect(knownModule(roots, '../../other/index.js', parent)).toBeUndefined();
    expect(knownModule(roots, './x.js', 'file:///elsewhere/a.js')).toBeUndefined();
    expect(knownModule(roots, './x.js', undefined)).toBeUndefined();
  });

  it("loads the same modules with the same formats as Node's own resolver", () => {
    // A small part of drizzle-orm: without the hook every module costs a parse of its exports map.
    const specifiers = ['drizzle-orm/pg-core/columns/text'];
    const withHook = loaded(specifiers, true);
    expect(withHook.length).toBeGreaterThan(10);
    expect(withHook).toEqual(loaded(specifiers, false));
  }, 120_000);
});
