import { defineConfig } from 'vitest/config';
import { WORKERS } from './vitest.shared.ts';

// Each package keeps its own Vitest config (environment, setup); this file runs them together.
// Each sets `maxWorkers: WORKERS` itself: a project does not inherit it from here.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'tests/*/vitest.config.ts'],
    maxWorkers: WORKERS,
  },
});
