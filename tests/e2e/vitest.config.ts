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
    // Each step of a journey has its own limit (Playwright's 30 s per action, the journeys' polls),
    // which names the step that hangs. The whole test's limit only bounds the sum: at 60 s it
    // failed the matches journey (about 40 steps, 18–34 s on a quiet machine) on a loaded one.
    testTimeout: 300_000,
    // expect.poll waits for a state, never for a time: 30 s as a Playwright action, not Vitest's
    // 1 s, which a loaded machine overran (the training result's score, 1 s after Submit).
    expect: { poll: { timeout: 30_000 } },
    hookTimeout: 240_000,
  },
});
