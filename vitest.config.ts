import { defineConfig } from 'vitest/config';

// Each package keeps its own Vitest config (environment, setup); this file runs them together.
// Each project resolves its own `maxWorkers` (Vitest 5 does not take the root's); the default, one
// fewer than the cores, is one worker on the 2-core CI machine, so files run one at a time. One
// worker per core made the lane 707 -> 190 s alone, but in a whole `npm test` on a loaded machine
// (load 13) time-limited tests failed, so it was reverted: docs/performance/2026-11-29-test-time.md.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'tests/*/vitest.config.ts'],
  },
});
