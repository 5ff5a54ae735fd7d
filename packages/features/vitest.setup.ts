import { BroadcastChannel } from 'node:worker_threads';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
// DOMPurify (RichContent) needs happy-dom's node names fixed, as in packages/ui.
import '@memoria/ui/test/happy-dom';

// The vmThreads pool (vitest.config.ts) gives each file a context with happy-dom's globals only;
// msw (imported by the stories that tests render) needs the platform's BroadcastChannel, which
// Node's worker_threads provides and happy-dom does not.
globalThis.BroadcastChannel ??= BroadcastChannel as unknown as typeof globalThis.BroadcastChannel;

// findBy* and waitFor wait for a state, never for a time; they give up after 10 s rather than
// testing-library's 1 s, which a loaded 2-core CI machine overran (Dashboard, notifications).
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
});
