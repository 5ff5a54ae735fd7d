// The offline review's IndexedDB (`memoria-offline`, packages/features/deck-review/offlineStore.ts)
// as journeys and benchmarks read it from a page.
import type { Page } from 'playwright-core';

/**
 * How many entries the store holds in this page: 0 before the store exists, -1 when the database
 * cannot be read. Read with page.evaluate and polled by the caller (a predicate returning a
 * promise would read as truthy at once in page.waitForFunction).
 */
export function offlineStoreCount(page: Page, store: 'cards' | 'media'): Promise<number> {
  return page.evaluate(
    (name) =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('memoria-offline');
        open.onerror = () => resolve(-1);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(name)) return resolve(0);
          const counted = db.transaction(name).objectStore(name).count();
          counted.onsuccess = () => resolve(counted.result);
          counted.onerror = () => resolve(-1);
        };
      }),
    store,
  );
}
