/// <reference types="vite/client" />
/**
 * The Spanish catalog alone, the chunk a page in Spanish loads (see `shared/catalogs.ts`). The
 * `?locale=es` query makes each feature's messages module its own instance in this chunk, where
 * only `es` is used, so the build drops its `en` (a module shared with `messages.en.ts` would
 * carry both). The globs match every catalog `messages.ts` merges; `catalogs.test.ts` checks it.
 */
import type { Catalog } from './messages.ts';

const modules = import.meta.glob<Catalog>(['./*/messages.ts', './shared/errorMessages.ts'], {
  import: 'es',
  query: '?locale=es',
  eager: true,
});

const catalog: Catalog = Object.assign({}, ...Object.values(modules));
export default catalog;
