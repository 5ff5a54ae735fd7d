import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Each package keeps its own Vitest config (environment, setup); this file runs them together.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'tests/*/vitest.config.ts'],
    // One worker per core. Vitest's default for a run is one fewer, which on the 2-core CI
    // machine ran every file one after the other while the worker waited on PostgreSQL.
    maxWorkers: availableParallelism(),
  },
});
