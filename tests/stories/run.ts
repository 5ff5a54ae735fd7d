/**
 * Story tests: builds Storybook once, serves the static build on a free local port
 * (tests/stories/static-storybook.ts) and runs `test-storybook` (@storybook/test-runner; hooks in
 * .storybook/test-runner.ts, Jest settings in .storybook/test-runner-jest.config.js) against it
 * in index.json mode with one worker per core, on the index the server groups into test files of
 * about 100 stories (`testRunnerIndex`); then checks the docs pages
 * (tests/stories/docs-pages.ts) on the same build and server. Arguments go on to test-storybook
 * (Jest):
 *
 *   node tests/stories/run.ts                 every story, then every docs page
 *   node tests/stories/run.ts -u              rewrite the baselines that differ (or are missing);
 *                                             no docs pages (they take no screenshots)
 *   node tests/stories/run.ts --json --outputFile <file>   Jest's JSON report (keep it last)
 *   UPDATE_BASELINES=1 node …                 the same as -u
 *   STORY_FILTER=ui-button node …             only stories and docs pages whose id contains the text
 *   STORYBOOK_STATIC=<dir> node …             reuse an existing static build (no build)
 *   STORY_WORKERS=<n>                         Jest workers (default: the machine's cores)
 *   DOCS_PAGES_REPORT=<file>                  the docs pages' counts as JSON (read by npm test)
 *   CI=true                                   a missing baseline fails instead of being written
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { STORY_LIMIT_MS } from '../support/limits.ts';
import { checkDocsPages } from './docs-pages.ts';
import { BIN, openStaticStorybook, ROOT, toolEnv } from './static-storybook.ts';

function testStorybook(url: string, args: string[]): Promise<number> {
  const workers = process.env.STORY_WORKERS ?? String(availableParallelism());
  const child = spawn(
    join(BIN, 'test-storybook'),
    [
      '--index-json',
      '--url',
      url,
      `--maxWorkers=${workers}`,
      // A guard against a hung story, not a speed limit (tests/support/limits.ts).
      `--testTimeout=${STORY_LIMIT_MS}`,
      '--disable-telemetry',
      ...args,
    ],
    { cwd: ROOT, stdio: 'inherit', env: toolEnv },
  );
  return new Promise((ok) => child.on('exit', (code) => ok(code ?? 1)));
}

const args = process.argv.slice(2);
const update = ['1', 'true'].includes(process.env.UPDATE_BASELINES ?? '') || args.includes('-u');
const storybook = await openStaticStorybook();
try {
  const started = Date.now();
  const jestArgs = update && !args.includes('-u') ? ['-u', ...args] : args;
  const storiesCode = await testStorybook(storybook.url, jestArgs);
  console.log(`stories: test-storybook ended in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  let docsFailed = 0;
  if (!update) {
    const docs = await checkDocsPages(storybook);
    docsFailed = docs.failed;
    const report = process.env.DOCS_PAGES_REPORT;
    // The shape of Jest's and Vitest's JSON reports, which npm test counts and names the same way.
    if (report) {
      const failedCases = docs.failures.map(({ id, problems }) => ({
        status: 'failed',
        fullName: `docs page ${id}`,
        failureMessages: problems,
      }));
      const counts = {
        numPassedTests: docs.passed,
        numFailedTests: docs.failed,
        testResults: [{ name: 'docs pages', assertionResults: failedCases }],
      };
      writeFileSync(report, JSON.stringify(counts));
    }
  }
  process.exitCode = storiesCode !== 0 || docsFailed > 0 ? 1 : 0;
} finally {
  await storybook.close();
}
