/**
 * The islands' message catalogs, one locale at a time: a page runs only the catalog of its
 * language (`messages.en.ts` or `messages.es.ts`, each its own chunk), and the other is fetched
 * when the learner switches language. `$catalogs` holds the ones loaded so far.
 */
import type { Locale } from '@memoria/api';
import { atom } from 'nanostores';
import type { Catalog } from '../messages.ts';

const importers: Record<Locale, () => Promise<{ default: Catalog }>> = {
  en: () => import('../messages.en.ts'),
  es: () => import('../messages.es.ts'),
};

export const $catalogs = atom<Partial<Record<Locale, Catalog>>>({});

const pending: Partial<Record<Locale, Promise<Catalog>>> = {};

/** Loads a locale's catalog once; a failed load (network) is tried again on the next call. */
export function loadCatalog(locale: Locale): Promise<Catalog> {
  pending[locale] ??= importers[locale]().then(
    ({ default: catalog }) => {
      $catalogs.set({ ...$catalogs.get(), [locale]: catalog });
      return catalog;
    },
    (error: unknown) => {
      delete pending[locale];
      throw error;
    },
  );
  return pending[locale];
}
