/**
 * `npm run bench`: every benchmark script, one after the other (each starts its own server and
 * database, so they never share a machine's attention). A script added here is one line, not a
 * longer line in package.json that every branch edits.
 */
import { spawnSync } from 'node:child_process';

const SCRIPTS = [
  'tests/bench/run.ts',
  'tests/bench/budgets.ts',
  'tests/bench/review-latency.ts',
  'tests/faults/run.ts',
  'tests/bench/navigation.ts',
  'tests/bench/mnemonics.ts',
  'tests/bench/friends.ts',
  'tests/bench/payments.ts',
  'tests/bench/progress.ts',
  'tests/bench/duels.ts',
  'tests/bench/fsrs.ts',
  'tests/bench/invitations.ts',
  'tests/bench/schools.ts',
  'tests/bench/memory.ts',
  'tests/bench/import-memory.ts',
  'tests/bench/anki-import-speed.ts',
  'tests/bench/balancer.ts',
  'tests/bench/workload.ts',
  'tests/bench/search.ts',
  'tests/bench/precache.ts',
  'tests/bench/ratings.ts',
  'tests/bench/live-quiz.ts',
  'tests/bench/teacher-view.ts',
  'tests/bench/matches.ts',
  'tests/bench/pooled-parameters.ts',
];

for (const script of SCRIPTS) {
  const { status } = spawnSync(process.execPath, [script], { stdio: 'inherit' });
  if (status !== 0) {
    console.error(`${script} failed (exit ${status})`);
    process.exit(status ?? 1);
  }
}
