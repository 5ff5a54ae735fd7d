// Runs drizzle-kit (installed at the repo root) so that it finds drizzle-orm, which npm installs
// inside this workspace only: drizzle-kit's own `import('drizzle-orm/…')` would otherwise resolve
// from the root node_modules and fail with "Please install latest version of drizzle-orm".
import { createRequire, registerHooks } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);

let resolving = false;

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) {
      // `import()` honours a changed parent; CommonJS `require` needs the resolved file itself.
      if (context.conditions?.includes('import')) {
        return nextResolve(specifier, { ...context, parentURL: import.meta.url });
      }
      if (resolving) return nextResolve(specifier, context);
      resolving = true; // require.resolve runs through these hooks again
      try {
        return { url: pathToFileURL(require.resolve(specifier)).href, shortCircuit: true };
      } finally {
        resolving = false;
      }
    }
    return nextResolve(specifier, context);
  },
});

// `bin.cjs` is not in drizzle-kit's exports map, so find it next to the package's entry point.
require(path.join(path.dirname(require.resolve('drizzle-kit')), 'bin.cjs'));
