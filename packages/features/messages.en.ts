/// <reference types="vite/client" />
/**
 * The English catalog alone, the chunk a page in English loads (see `shared/catalogs.ts`). The
 * `?locale=en` query makes each feature's messages module its own instance in this chunk, where
 * only `en` is used, so the build drops its `es` (a module shared with `messages.es.ts` would
 * carry both). The globs match every catalog `messages.ts` merges; `catalogs.test.ts` checks it.
 */
import type { Catalog } from './messages.ts';

const modules = import.meta.glob<Catalog>(['./*/messages.ts', './shared/errorMessages.ts'], {
  import: 'en',
  query: '?locale=en',
  eager: true,
});

const catalog: Catalog = Object.assign({}, ...Object.values(modules));
export default catalog;
