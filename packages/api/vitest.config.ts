import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: import.meta.dirname,
  test: {
    name: '@memoria/api',
    environment: 'happy-dom',
    include: ['src/**/*.test.ts'],
    // Each file gets its own window (cookies, localStorage, location) and its own module state.
    isolate: true,
    setupFiles: ['./vitest.setup.ts'],
    testTimeout: 30_000,
  },
});
