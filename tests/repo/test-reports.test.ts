// `npm test`'s reading of its steps' reports: counts, and failed cases named at the end of a log.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { countAll, countJson, failedCases } from '../../scripts/test-reports.ts';

const dir = mkdtempSync(join(tmpdir(), 'test-reports-'));
const write = (name: string, report: unknown) => {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(report));
  return file;
};

const journeys = write('journeys.json', {
  numPassedTests: 67,
  numFailedTests: 1,
  testResults: [
    {
      name: '/repo/tests/e2e/client-router.e2e.test.ts',
      assertionResults: [
        { status: 'passed', fullName: 'a passing case', failureMessages: [] },
        {
          status: 'failed',
          fullName: 'moving between app pages on a phone, the drawer closes',
          failureMessages: [
            '\u001b[31mTimeoutError\u001b[39m: locator.click: Timeout 30000ms exceeded.\nCall log:\n\n  - waiting for the menu\n    at follow (client-router.e2e.test.ts:112:52)\n    at more',
          ],
        },
      ],
    },
  ],
});

describe("npm test's report reading", () => {
  test('names each failed case with its file and the first lines of its message', () => {
    expect(failedCases(journeys, '/repo')).toEqual([
      [
        '- tests/e2e/client-router.e2e.test.ts › moving between app pages on a phone, the drawer closes',
        '    TimeoutError: locator.click: Timeout 30000ms exceeded.',
        '    Call log:',
        '      - waiting for the menu',
        '        at follow (client-router.e2e.test.ts:112:52)',
      ].join('\n'),
    ]);
  });

  test("each message's first lines: a journey's screens follow its error", () => {
    const screens = write('screens.json', {
      numPassedTests: 0,
      numFailedTests: 1,
      testResults: [
        {
          name: '/repo/tests/e2e/matches.e2e.test.ts',
          assertionResults: [
            {
              status: 'failed',
              fullName: 'a match',
              failureMessages: [
                'AssertionError: expected 0 to be greater than 0\n    at sees (a:1)\n    at b (b:2)\n    at c (c:3)\n    at d (d:4)',
                'What the pages showed:\n[1] /match/7 «Match … Pick the next game»\n[2] /match/7 «Match …»',
              ],
            },
          ],
        },
      ],
    });
    expect(failedCases(screens, '/repo')).toEqual([
      [
        '- tests/e2e/matches.e2e.test.ts › a match',
        '    AssertionError: expected 0 to be greater than 0',
        '        at sees (a:1)',
        '        at b (b:2)',
        '        at c (c:3)',
        '    What the pages showed:',
        '    [1] /match/7 «Match … Pick the next game»',
        '    [2] /match/7 «Match …»',
      ].join('\n'),
    ]);
  });

  test('a report of counts only (no cases) and a missing report name nothing', () => {
    const countsOnly = write('counts.json', { numPassedTests: 3, numFailedTests: 0 });
    expect(failedCases(countsOnly, '/repo')).toEqual([]);
    expect(failedCases(join(dir, 'missing.json'), '/repo')).toEqual([]);
  });

  test('counts add up across reports, and a missing report is a failure', () => {
    const docs = write('docs.json', { numPassedTests: 99, numFailedTests: 0 });
    expect(countAll(countJson(journeys), countJson(docs))()).toEqual({ passed: 166, failed: 1 });
    expect(countJson(join(dir, 'missing.json'))()).toEqual({ passed: 0, failed: 1 });
  });

  test('a run that ran no test, or did not succeed with no case failed, is a failure', () => {
    // Vitest 5.1, its global setup failed: "No test files found, exiting with code 1", exit 0.
    const setupFailed = write('setup.json', {
      numTotalTests: 0,
      numPassedTests: 0,
      numFailedTests: 0,
      success: false,
      testResults: [],
    });
    expect(countJson(setupFailed)()).toEqual({ passed: 0, failed: 1 });
    // An unhandled error after every case passed.
    const unhandled = write('unhandled.json', {
      numPassedTests: 12,
      numFailedTests: 0,
      success: false,
    });
    expect(countJson(unhandled)()).toEqual({ passed: 12, failed: 1 });
    const passed = write('passed.json', { numPassedTests: 12, numFailedTests: 0, success: true });
    expect(countJson(passed)()).toEqual({ passed: 12, failed: 0 });
  });
});
