import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig } from 'vitest/config';
import { TEST_LIMIT_MS, WORKERS } from '../../vitest.shared.ts';

export default defineConfig({
  plugins: [vanillaExtractPlugin()],
  test: {
    name: 'ui',
    maxWorkers: WORKERS,
    root: import.meta.dirname,
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./vitest.setup.ts'],
    // Each file in a VM context of its own in a worker thread that lives on, instead of a new
    // worker with its own happy-dom per file: measured on this machine, ui's 13 files took
    // 24.4 CPU-s with the default pool (creating happy-dom was 54% of the tracked time) and
    // 9.0 CPU-s with vmThreads.
    pool: 'vmThreads',
    // As the other projects: the lazy editor's test imports the whole index and its styles, which
    // took 0.8 s quiet and over 5 s (Vitest's default limit) beside the stories and journeys.
    testTimeout: TEST_LIMIT_MS,
  },
});
