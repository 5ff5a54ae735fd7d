import { defineConfig } from 'vitest/config';

// Each package keeps its own Vitest config (environment, setup); this file runs them together.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'tests/*/vitest.config.ts'],
  },
});
