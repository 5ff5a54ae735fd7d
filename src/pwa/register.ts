/**
 * Registers the service worker (/sw.js, root scope) from the app layout, and lets a new version
 * take over on the next navigation between pages, never while a review is on the page: the
 * review island keeps the scripts it started with until the learner leaves it. When a version
 * took over, `$appUpdated` shows the header's quiet "Updated".
 */
import { $appUpdated } from '@memoria/api';
import { SERVICE_WORKER_PATH } from './paths.ts';

/** The review island (packages/features/deck-review), as Astro renders it. */
const REVIEW_ISLAND = 'astro-island[component-export="DeckReviewIsland"]';

export function isReviewOpen(root: ParentNode = document): boolean {
  return root.querySelector(REVIEW_ISLAND) !== null;
}

/** Tells a waiting version to take over (Workbox's generated worker listens for this message). */
function activateWaitingVersion(registration: ServiceWorkerRegistration | undefined): void {
  if (!registration?.waiting || isReviewOpen()) return;
  registration.waiting.postMessage({ type: 'SKIP_WAITING' });
}

export function registerServiceWorker(): void {
  // `npm run dev` builds no worker (src/integrations/service-worker.ts).
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  // The first install takes an uncontrolled page over too: that is no update.
  const wasControlled = container.controller !== null;
  container.addEventListener('controllerchange', () => {
    if (wasControlled) $appUpdated.set(true);
  });
  container
    .register(SERVICE_WORKER_PATH, { scope: '/' })
    .then(activateWaitingVersion)
    .catch((error: unknown) => console.warn('[pwa] service worker not registered:', error));
  document.addEventListener('astro:page-load', () => {
    void container.getRegistration().then(activateWaitingVersion);
  });
}
