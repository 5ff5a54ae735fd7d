import { defineConfig } from 'vitest/config';
import { JOURNEY_LIMIT_MS, STEP_LIMIT_MS } from '../support/limits.ts';

// Browser journeys: the real product (scripts/start.ts on its own embedded database) driven in
// Debian's Chromium. One product process serves every file; files run one at a time because two
// cores cannot carry several browsers and the server at once.
export default defineConfig({
  root: import.meta.dirname,
  test: {
    name: 'e2e',
    include: ['**/*.e2e.test.ts'],
    globalSetup: ['./global-setup.ts'],
    // A failed journey's report ends with what each of its pages showed.
    setupFiles: ['./screens-on-failure.ts'],
    fileParallelism: false,
    // One worker process runs every file, its modules (Playwright's among them) loaded once: a
    // process of its own per file took 2–5 s between two journeys on a busy machine. No journey
    // sets an environment variable, mocks a module or fakes timers.
    isolate: false,
    // One worker, unlike the other projects: a group of its own, after them, when run together.
    sequence: { groupOrder: 1 },
    // Each step of a journey has its own limit (Playwright's actions and navigations, set by
    // launchChromium, and expect.poll here), which names the step that hangs; the whole test's
    // limit only bounds the sum. Both are hang guards sized for the slowest CI seen
    // (tests/support/limits.ts): no journey sets a shorter one of its own.
    testTimeout: JOURNEY_LIMIT_MS,
    // expect.poll waits for a state, never for a time.
    expect: { poll: { timeout: STEP_LIMIT_MS } },
    hookTimeout: JOURNEY_LIMIT_MS,
  },
});
