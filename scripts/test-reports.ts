// What `npm test` reads from its steps' JSON reports: the counts, and the failed cases by name.
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

/** The part of Jest's and Vitest's JSON reports read here; the docs pages write the same shape. */
export interface JsonReport {
  numPassedTests: number;
  numFailedTests: number;
  /** Jest's and Vitest's: false also for an error outside any case (a failed global setup). */
  success?: boolean;
  testResults?: Array<{
    name: string;
    assertionResults: Array<{ status: string; fullName: string; failureMessages: string[] }>;
  }>;
}

type Counts = { passed: number; failed: number };

/**
 * A report's counts. A missing report (the step crashed before writing it) counts as a failure,
 * and so does a run that ran no test or did not succeed with no case failed: Vitest 5.1 whose
 * global setup failed printed "No test files found, exiting with code 1", exited 0 and wrote a
 * report of no test, and `npm test` called the step ok (2026-11-30).
 */
export function countJson(report: string): () => Counts {
  return () => {
    if (!existsSync(report)) return { passed: 0, failed: 1 };
    const counts = JSON.parse(readFileSync(report, 'utf8')) as JsonReport;
    const ranNone = counts.numPassedTests + counts.numFailedTests === 0;
    const unexplained = counts.success === false && counts.numFailedTests === 0;
    const failed = counts.numFailedTests + (ranNone || unexplained ? 1 : 0);
    return { passed: counts.numPassedTests, failed };
  };
}

/** The sum of several reports' counts (a step that writes more than one). */
export function countAll(...counts: Array<() => Counts>): () => Counts {
  return () =>
    counts
      .map((count) => count())
      .reduce((sum, c) => ({ passed: sum.passed + c.passed, failed: sum.failed + c.failed }));
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape starts terminal colours.
const COLOURS = /\u001b\[[0-9;]*m/g;

/** Lines kept of each message after a failed case's first (the journeys' screens, one per page). */
const MORE_LINES = 10;

/**
 * The failed cases a report names, each with the first lines of its message. `npm test` prints
 * them last, so the end of a CI log (all a reader may be shown) says what failed, not only which
 * step: on 2026-11-29 a red CI's tail named the journeys step and nothing more. A case's further
 * messages (what a journey's pages showed, `tests/support/screens.ts`) follow, up to MORE_LINES.
 */
export function failedCases(report: string, root: string, lines = 4): string[] {
  if (!existsSync(report)) return [];
  const { testResults = [] } = JSON.parse(readFileSync(report, 'utf8')) as JsonReport;
  const firstLines = (message: string, count: number) =>
    message
      .replace(COLOURS, '')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .slice(0, count);
  return testResults.flatMap((file) =>
    file.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => {
        const where = file.name.startsWith('/') ? relative(root, file.name) : file.name;
        const message = test.failureMessages.flatMap((text, i) =>
          firstLines(text, i === 0 ? lines : MORE_LINES),
        );
        return [`- ${where} › ${test.fullName}`, ...message.map((line) => `    ${line}`)].join(
          '\n',
        );
      }),
  );
}
