import { defineConfig } from 'vitest/config';

// Checks of the repository itself (scripts, configuration), not of one package.
export default defineConfig({
  root: import.meta.dirname,
  test: { name: 'repo', include: ['**/*.test.ts'], environment: 'node' },
});
