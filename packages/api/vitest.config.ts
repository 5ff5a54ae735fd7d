import { defineConfig } from 'vitest/config';
import { TEST_LIMIT_MS, WORKERS } from '../../vitest.shared.ts';

export default defineConfig({
  root: import.meta.dirname,
  test: {
    name: '@memoria/api',
    maxWorkers: WORKERS,
    environment: 'happy-dom',
    include: ['src/**/*.test.ts'],
    // Each file gets its own window (cookies, localStorage, location) and its own module state.
    isolate: true,
    setupFiles: ['./vitest.setup.ts'],
    testTimeout: TEST_LIMIT_MS,
    // expect.poll waits for a state, never for a time: 10 s (as findBy in the features), not
    // Vitest's 1 s, which is a speed limit on a loaded 2-core machine.
    expect: { poll: { timeout: 10_000 } },
  },
});
