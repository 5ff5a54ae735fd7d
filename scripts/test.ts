// `npm test`: every check of the project, in one command, with one closing count.
// Steps run in order and all of them run even when one fails, so one CI log shows every problem;
// a table of each step's time comes before the count.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface Step {
  name: string;
  command: string;
  args: string[];
  /** Reads how many test cases a step ran; steps without cases count as one check. */
  count?: () => { passed: number; failed: number };
  when?: () => boolean;
}

const root = join(import.meta.dirname, '..');
const reports = mkdtempSync(join(tmpdir(), 'memoria-test-'));
const vitestReport = join(reports, 'vitest.json');
const storiesReport = join(reports, 'stories.json');

/** Vitest's and Jest's JSON reports share these counts. */
function countJson(report: string): () => { passed: number; failed: number } {
  return () => {
    if (!existsSync(report)) return { passed: 0, failed: 1 };
    const counts = JSON.parse(readFileSync(report, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
    };
    return { passed: counts.numPassedTests, failed: counts.numFailedTests };
  };
}

const steps: Step[] = [
  { name: 'lint and format (Biome)', command: 'biome', args: ['ci', '--colors=off', '.'] },
  { name: 'typecheck (tsc)', command: 'tsc', args: ['-p', 'tsconfig.json'] },
  {
    name: 'contract lint (Redocly)',
    command: 'redocly',
    args: ['lint', 'openapi.yaml', '--format=stylish'],
  },
  {
    name: 'dependency rules (dependency-cruiser)',
    command: 'depcruise',
    args: [
      '--config',
      '.dependency-cruiser.cjs',
      'packages',
      'src',
      '.storybook',
      'tests',
      'scripts',
    ],
  },
  {
    name: 'unit, server, contract and browser tests (Vitest)',
    command: 'vitest',
    args: ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
    count: countJson(vitestReport),
  },
  {
    name: 'stories: render, accessibility and visual regression (test-storybook)',
    command: 'node',
    // --outputFile and its file last: test-storybook hands the file to Jest after its options.
    args: ['tests/stories/run.ts', '--json', '--outputFile', storiesReport],
    count: countJson(storiesReport),
  },
  {
    name: 'docs pages: render and accessibility (tests/stories/docs-pages.ts)',
    command: 'node',
    args: ['tests/stories/docs-pages.ts'],
  },
];

let passed = 0;
let failed = 0;
const failures: string[] = [];
const timings: Array<{ name: string; ok: boolean; seconds: number }> = [];
for (const step of steps) {
  if (step.when && !step.when()) continue;
  console.log(`\n=== ${step.name}`);
  const started = Date.now();
  const result = spawnSync(step.command, step.args, {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  });
  const exitedOk = result.status === 0;
  const counted = step.count?.() ?? { passed: exitedOk ? 1 : 0, failed: exitedOk ? 0 : 1 };
  // A step that exits non-zero fails even when its cases all passed (a crash after the run), and
  // a step whose report counts a failed case fails whatever its exit code says.
  if (!exitedOk && counted.failed === 0) counted.failed = 1;
  const ok = exitedOk && counted.failed === 0;
  passed += counted.passed;
  failed += counted.failed;
  if (!ok) failures.push(step.name);
  const seconds = (Date.now() - started) / 1000;
  timings.push({ name: step.name, ok, seconds });
  console.log(`=== ${step.name}: ${ok ? 'ok' : 'FAILED'} in ${seconds.toFixed(1)} s`);
}

const width = Math.max(...timings.map((t) => t.name.length));
console.log(`\n${'step'.padEnd(width)}  result  seconds`);
for (const t of timings) {
  console.log(
    `${t.name.padEnd(width)}  ${(t.ok ? 'ok' : 'FAILED').padEnd(6)}  ${t.seconds.toFixed(1).padStart(7)}`,
  );
}
const total = timings.reduce((sum, t) => sum + t.seconds, 0);
console.log(`${'total'.padEnd(width)}          ${total.toFixed(1).padStart(7)}`);

if (failures.length > 0) console.log(`\nFailed steps: ${failures.join('; ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failures.length > 0 ? 1 : 0);
