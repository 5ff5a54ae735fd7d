// `npm test`: every check of the project, in one command, with one closing count.
// Steps run in order and all of them run even when one fails, so one CI log shows every problem.
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

function countVitest(): { passed: number; failed: number } {
  if (!existsSync(vitestReport)) return { passed: 0, failed: 1 };
  const report = JSON.parse(readFileSync(vitestReport, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
  };
  return { passed: report.numPassedTests, failed: report.numFailedTests };
}

function countStories(): { passed: number; failed: number } {
  if (!existsSync(storiesReport)) return { passed: 0, failed: 1 };
  return JSON.parse(readFileSync(storiesReport, 'utf8')) as { passed: number; failed: number };
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
    count: countVitest,
  },
  {
    name: 'stories: render, accessibility and visual regression (Chromium)',
    command: 'node',
    args: ['tests/stories/run.ts', `--report=${storiesReport}`],
    count: countStories,
    when: () => existsSync(join(root, 'tests/stories/run.ts')),
  },
];

let passed = 0;
let failed = 0;
const failures: string[] = [];
for (const step of steps) {
  if (step.when && !step.when()) continue;
  console.log(`\n=== ${step.name}`);
  const started = Date.now();
  const result = spawnSync(step.command, step.args, {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  });
  const ok = result.status === 0;
  const counted = step.count?.() ?? { passed: ok ? 1 : 0, failed: ok ? 0 : 1 };
  // A step that exits non-zero fails even when its cases all passed (a crash after the run).
  if (!ok && counted.failed === 0) counted.failed = 1;
  passed += counted.passed;
  failed += counted.failed;
  if (!ok) failures.push(step.name);
  console.log(
    `=== ${step.name}: ${ok ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

if (failures.length > 0) console.log(`\nFailed steps: ${failures.join('; ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failures.length > 0 ? 1 : 0);
