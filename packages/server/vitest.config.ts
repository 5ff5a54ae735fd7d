import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // One embedded PostgreSQL for the whole run; each test file makes its own database in it.
    globalSetup: ['./src/test/global-setup.ts'],
    env: { NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false' },
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
