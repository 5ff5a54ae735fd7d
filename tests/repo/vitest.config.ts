import { defineConfig } from 'vitest/config';
import { WORKERS } from '../../vitest.workers.ts';

// Checks of the repository itself (scripts, configuration), not of one package.
export default defineConfig({
  root: import.meta.dirname,
  test: { name: 'repo', include: ['**/*.test.ts'], environment: 'node', maxWorkers: WORKERS },
});
