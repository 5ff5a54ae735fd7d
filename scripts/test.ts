// `npm test`: every check of the project, in one command, with one closing count.
// Steps run in lanes: the steps of a lane one after the other, the lanes side by side, so the
// machine's cores are used while one step waits on a browser, a database or the disk. Every step
// runs even when another fails, so one CI log shows every problem. A step's output is printed
// whole when it ends (lanes would interleave it line by line); a table of each step's time and
// the wall time comes before the count.
import { spawn } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  statfsSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { countAll, countJson, failedCases } from './test-reports.ts';

interface Step {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
  /** Reads how many test cases a step ran; steps without cases count as one check. */
  count?: () => { passed: number; failed: number };
}

const root = join(import.meta.dirname, '..');
const reports = mkdtempSync(join(tmpdir(), 'memoria-test-'));
const vitestReport = join(reports, 'vitest.json');
const journeysReport = join(reports, 'journeys.json');
const storiesReport = join(reports, 'stories.json');
const docsPagesReport = join(reports, 'docs-pages.json');

const vitest = (project: string, report: string): string[] => [
  'run',
  `--project=${project}`,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
];

/**
 * Three lanes. The journeys have a lane of their own: their global setup builds the web app when
 * it is stale and starts the product, which in one Vitest run would hold back every other
 * project's first test (Vitest runs all global setups before any file). The story lane builds
 * Storybook once and runs the stories and the docs pages against it. The static checks (25–60 s
 * in a whole run, mostly tsc) follow the stories, which ended first in the run that moved them
 * there (460 s, against 535 s for the journeys and 540 s for the other Vitest projects). The run
 * is CPU-bound and the three lanes end within about a minute of each other, so which one ends
 * last varies from run to run: see docs/performance/2026-11-29-test-time.md.
 */
const lanes: Step[][] = [
  [
    {
      name: 'stories (test-storybook) and docs pages: render, accessibility, visual regression',
      command: 'node',
      // --outputFile and its file last: test-storybook hands the file to Jest after its options.
      args: ['tests/stories/run.ts', '--json', '--outputFile', storiesReport],
      env: { DOCS_PAGES_REPORT: docsPagesReport },
      count: countAll(countJson(storiesReport), countJson(docsPagesReport)),
    },
    { name: 'lint and format (Biome)', command: 'biome', args: ['ci', '--colors=off', '.'] },
    // TypeScript 7 by its path: typescript 5.9 stays for tools that use its API (docs/adr/0012).
    {
      name: 'typecheck (TypeScript 7)',
      command: 'node',
      args: ['node_modules/typescript-7/bin/tsc', '-p', 'tsconfig.json'],
    },
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
  ],
  [
    {
      name: 'unit, server, contract and component tests (Vitest)',
      command: 'vitest',
      args: vitest('!e2e', vitestReport),
      count: countJson(vitestReport),
    },
  ],
  [
    {
      name: 'browser journeys (Vitest e2e)',
      command: 'vitest',
      args: vitest('e2e', journeysReport),
      count: countJson(journeysReport),
    },
  ],
];

/** Free space a run's throw-away files need at most (databases, browser profiles, builds). */
const SCRATCH_BYTES = 4 * 1024 ** 3;

/**
 * A folder in memory (`/dev/shm`) for the run's throw-away files, when the machine has one with
 * room and TMPDIR is not set. The server tests create and drop a database for each file or more,
 * and on an ext4 disk without a journal (this machine's: "mounted filesystem … without journal")
 * each new file's inode is found by skipping every inode deleted in the last 30 s: creating a
 * database from the template went from 0.06 to 0.4 CPU-s within 120 creations, almost all of it
 * in the kernel (`perf`: `recently_deleted` under `ext4_create`). In memory it stays at 0.08
 * CPU-s, and the Vitest lane alone took 268 CPU-s instead of 292 (PostgreSQL 54 instead of 86).
 */
function scratchDir(): string | undefined {
  if (process.env.TMPDIR) return undefined;
  try {
    const { bavail, bsize } = statfsSync('/dev/shm');
    if (bavail * bsize < SCRATCH_BYTES) return undefined;
    const dir = mkdtempSync('/dev/shm/memoria-test-');
    // As /tmp: the embedded PostgreSQL runs as `postgres` when the tests run as root, and reads
    // the password file it was given from here.
    chmodSync(dir, 0o1777);
    return dir;
  } catch {
    return undefined;
  }
}

const scratch = scratchDir();

/** The tools' environment: this Node (the project's Node 24) and the repo's bins first on PATH. */
const env = {
  ...process.env,
  ...(scratch ? { TMPDIR: scratch } : {}),
  PATH: [dirname(process.execPath), join(root, 'node_modules/.bin'), process.env.PATH].join(
    delimiter,
  ),
};

interface Result {
  name: string;
  ok: boolean;
  startedAt: number;
  seconds: number;
  passed: number;
  failed: number;
}

const started = Date.now();

function runStep(step: Step, index: number): Promise<Result> {
  const startedAt = Date.now();
  console.log(`--- started: ${step.name}`);
  // The output goes to a file, not a pipe: a process the step leaves behind (a server it failed
  // to stop) would hold a pipe open, and the step would never be seen to end.
  const logFile = join(reports, `step-${index}.log`);
  const log = openSync(logFile, 'w');
  const child = spawn(step.command, step.args, {
    cwd: root,
    env: { ...env, ...step.env },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  return new Promise((resolve) => {
    let done = false;
    const finish = (code: number | null, error?: Error) => {
      if (done) return;
      done = true;
      const exitedOk = code === 0;
      const counted = step.count?.() ?? { passed: exitedOk ? 1 : 0, failed: exitedOk ? 0 : 1 };
      // A step that exits non-zero fails even when its cases all passed (a crash after the
      // run), and a step whose report counts a failed case fails whatever its exit code says.
      if (!exitedOk && counted.failed === 0) counted.failed = 1;
      const ok = exitedOk && counted.failed === 0;
      const seconds = (Date.now() - startedAt) / 1000;
      process.stdout.write(`\n=== ${step.name}\n`);
      process.stdout.write(readFileSync(logFile));
      if (error) console.log(error.message);
      console.log(`=== ${step.name}: ${ok ? 'ok' : 'FAILED'} in ${seconds.toFixed(1)} s`);
      resolve({ name: step.name, ok, startedAt, seconds, ...counted });
    };
    child.on('error', (error) => finish(null, error));
    child.on('exit', (code) => finish(code));
  });
}

let stepCount = 0;

async function runLane(steps: Step[]): Promise<Result[]> {
  const results: Result[] = [];
  for (const step of steps) results.push(await runStep(step, stepCount++));
  return results;
}

if (scratch) console.log(`Throw-away files go to ${scratch} (in memory).`);
const results = (await Promise.all(lanes.map(runLane))).flat();
const wall = (Date.now() - started) / 1000;
// In memory, what a run leaves would hold the machine's memory until it restarts.
if (scratch) rmSync(scratch, { recursive: true, force: true });

const width = Math.max(...results.map((r) => r.name.length));
console.log(`\n${'step'.padEnd(width)}  result  started  seconds`);
for (const r of results.sort((a, b) => a.startedAt - b.startedAt)) {
  const offset = ((r.startedAt - started) / 1000).toFixed(1);
  console.log(
    `${r.name.padEnd(width)}  ${(r.ok ? 'ok' : 'FAILED').padEnd(6)}  ${offset.padStart(7)}  ${r.seconds.toFixed(1).padStart(7)}`,
  );
}
console.log(
  `${'total (wall clock, lanes side by side)'.padEnd(width)}                   ${wall.toFixed(1).padStart(7)}`,
);

const failures = results.filter((r) => !r.ok).map((r) => r.name);
const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
const cases = [vitestReport, journeysReport, storiesReport, docsPagesReport].flatMap((report) =>
  failedCases(report, root),
);
if (cases.length > 0) console.log(`\nFailed tests:\n${cases.join('\n')}`);
if (failures.length > 0) console.log(`\nFailed steps: ${failures.join('; ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failures.length > 0 ? 1 : 0);
