/** The app's addresses the manifest and the service worker share (no imports: browser-safe). */
export const MANIFEST_PATH = '/manifest.webmanifest';
export const SERVICE_WORKER_PATH = '/sw.js';

/** Where the installed app opens, and the pages its shortcuts open. */
export const START_URL = '/';
export const REVIEW_URL = '/space-repetition';
export const DUELS_URL = '/multiple-duels';
