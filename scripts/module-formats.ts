// Node decides the format of every `.js` module it resolves by reading the nearest package.json,
// and in Node 24 that read also parses the package's whole `exports` map each time
// (`getPackageScopeConfig` spreads the lazily parsed field). drizzle-orm 0.45 ships a 179 KB
// package.json with 627 export keys and ~110 modules loaded at start: importing it parsed that
// map ~110 times, several seconds of CPU and ~170 MB of garbage that grew the V8 heap for good
// (V8 keeps the freed pages). For relative `.js` imports between files of a package whose
// package.json says `"type": "module"`, the answer is known: this resolve hook gives it once,
// read from that package.json, and Node's own resolver handles every other import.
import { readFileSync } from 'node:fs';
import { findPackageJSON, registerHooks } from 'node:module';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The packages whose large `exports` map made module loading slow and memory-hungry. */
export const KNOWN_ESM_PACKAGES = ['drizzle-orm'];

/** The folder URL (`file:///…/drizzle-orm/`) of each package that is `"type": "module"`. */
export function esmPackageRoots(packages: string[], base: string | URL): string[] {
  const roots: string[] = [];
  for (const name of packages) {
    const manifest = findPackageJSON(name, base);
    if (!manifest) continue;
    const { type } = JSON.parse(readFileSync(manifest, 'utf8')) as { type?: string };
    if (type === 'module') roots.push(pathToFileURL(`${dirname(manifest)}/`).href);
  }
  return roots;
}

/**
 * The URL a relative `.js` import from inside one of `roots` resolves to, with format `module`,
 * or undefined when Node's resolver must answer (bare specifiers, other extensions, a target
 * outside the package, a parent outside every root).
 */
export function knownModule(
  roots: string[],
  specifier: string,
  parentURL: string | undefined,
): { url: string; format: 'module' } | undefined {
  if (!parentURL || !specifier.endsWith('.js')) return undefined;
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return undefined;
  const root = roots.find((r) => parentURL.startsWith(r));
  if (!root) return undefined;
  const url = new URL(specifier, parentURL).href;
  return url.startsWith(root) ? { url, format: 'module' } : undefined;
}

/** Registers the hook for `packages` as resolved from `base` (a file or folder URL). */
export function registerKnownModuleFormats(
  base: string | URL,
  packages: string[] = KNOWN_ESM_PACKAGES,
): void {
  const roots = esmPackageRoots(packages, base);
  if (roots.length === 0) return;
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const known = knownModule(roots, specifier, context.parentURL);
      return known ? { ...known, shortCircuit: true } : nextResolve(specifier, context);
    },
  });
}
