// Jest configuration of the story tests (`test-storybook` reads `<config dir>/test-runner-jest*`).
// It is the test-runner's own configuration with Debian's Chromium instead of Playwright's
// download, which is not reachable from CI. Browser and context settings live in
// tests/stories/browser.ts, shared with nothing else so the baselines keep one setup.
import { getJestConfig } from '@storybook/test-runner';
import { CONTEXT_OPTIONS, LAUNCH_OPTIONS } from '../tests/stories/browser.ts';

const defaults = getJestConfig();

export default {
  ...defaults,
  testEnvironmentOptions: {
    'jest-playwright': {
      ...defaults.testEnvironmentOptions['jest-playwright'],
      browsers: ['chromium'],
      // One browser for the whole run (launched by the runner, reached by every worker over its
      // websocket); each story file gets a fresh context, so MSW registers once per context.
      launchType: 'SERVER',
      launchOptions: LAUNCH_OPTIONS,
      contextOptions: CONTEXT_OPTIONS,
      // Page errors are collected per story by .storybook/test-runner.ts (with the story's tags).
      exitOnPageError: false,
    },
  },
};
