import { defineConfig } from 'vitest/config';

// Browser journeys: the real product (scripts/start.ts on its own embedded database) driven in
// Debian's Chromium. One product process serves every file; files run one at a time because two
// cores cannot carry several browsers and the server at once.
export default defineConfig({
  root: import.meta.dirname,
  test: {
    name: 'e2e',
    include: ['**/*.e2e.test.ts'],
    globalSetup: ['./global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 240_000,
  },
});
