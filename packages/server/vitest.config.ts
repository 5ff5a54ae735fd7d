import { defineConfig } from 'vitest/config';
import { TEST_LIMIT_MS, WORKERS } from '../../vitest.shared.ts';

export default defineConfig({
  test: {
    name: 'server',
    maxWorkers: WORKERS,
    root: import.meta.dirname,
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Test files share their worker's modules instead of a new process each: every file loaded
    // the app's ~1,800 modules again (2.4 s natively), and files share no module state but the
    // bounded caches they key by database or secret. No file mocks a module, fakes timers or sets
    // a global or an environment variable (tests/repo/server-tests-share-workers.test.ts fails
    // one that does). Measured on this machine, the project alone: 292 s isolated, 140 s shared.
    // A file still gets a database and an app of its own (test/harness.ts).
    isolate: false,
    // One embedded PostgreSQL for the whole run; each test file makes its own database in it.
    globalSetup: ['./src/test/global-setup.ts'],
    env: { NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false' },
    testTimeout: TEST_LIMIT_MS,
    hookTimeout: 120_000,
    // expect.poll waits for a state, never for a time: 10 s (as findBy in the features), not
    // Vitest's 1 s, which is a speed limit on a loaded 2-core machine.
    expect: { poll: { timeout: 10_000 } },
  },
});
