// A failed journey's report ends with what each of its pages showed (tests/support/screens.ts).
import { afterEach, beforeEach } from 'vitest';
import { recordScreens, resetScreens, screensOfThisTest } from '../support/screens.ts';

recordScreens();

beforeEach(() => resetScreens());

afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return;
  const screens = await screensOfThisTest();
  if (screens.length === 0) return;
  const lines = screens.map((screen, i) => `[${i + 1}] ${screen}`);
  // A second error of the case: the reports list it after the failure itself.
  const error = new Error(`What the pages showed:\n${lines.join('\n')}`);
  error.stack = error.message;
  throw error;
});
