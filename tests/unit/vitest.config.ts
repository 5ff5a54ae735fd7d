import { defineConfig } from 'vitest/config';
import { TEST_LIMIT_MS, WORKERS } from '../../vitest.shared.ts';

// Tests of the host and of the repository's own rules (no database, no browser): the
// `client:interaction` directive (happy-dom, set per file) and the dependency rules.
export default defineConfig({
  root: import.meta.dirname,
  test: {
    name: 'unit',
    maxWorkers: WORKERS,
    include: ['**/*.test.ts'],
    environment: 'node',
    testTimeout: TEST_LIMIT_MS,
    // expect.poll waits for a state, never for a time: 10 s (as findBy in the features), not
    // Vitest's 1 s, which is a speed limit on a loaded 2-core machine.
    expect: { poll: { timeout: 10_000 } },
  },
});
