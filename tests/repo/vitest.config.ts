import { defineConfig } from 'vitest/config';
import { TEST_LIMIT_MS, WORKERS } from '../../vitest.shared.ts';

// Checks of the repository itself (scripts, configuration), not of one package.
export default defineConfig({
  root: import.meta.dirname,
  test: {
    name: 'repo',
    include: ['**/*.test.ts'],
    environment: 'node',
    maxWorkers: WORKERS,
    testTimeout: TEST_LIMIT_MS,
  },
});
