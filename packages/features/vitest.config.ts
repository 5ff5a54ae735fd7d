import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig } from 'vitest/config';
import { TEST_LIMIT_MS, WORKERS } from '../../vitest.shared.ts';

// Feature islands: React components tested in happy-dom; `*.css.ts` imports need the
// vanilla-extract plugin. Network goes to a real local HTTP server (see shared/test/render.tsx).
export default defineConfig({
  plugins: [vanillaExtractPlugin()],
  test: {
    name: '@memoria/features',
    maxWorkers: WORKERS,
    root: import.meta.dirname,
    environment: 'happy-dom',
    include: ['**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**'],
    setupFiles: ['./vitest.setup.ts'],
    // Each file gets its own window (localStorage, cookies, location) and module state: a VM
    // context of its own (vmThreads always isolates) in a worker thread that lives on, instead
    // of a new worker per file. Measured on this machine: the default pool took
    // 87.5 CPU-s for ui and features (creating happy-dom was 46% of the tracked time), vmThreads
    // 26.8 CPU-s.
    pool: 'vmThreads',
    testTimeout: TEST_LIMIT_MS,
  },
});
