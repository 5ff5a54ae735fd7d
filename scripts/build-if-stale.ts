// `npm start` must serve what the source says, yet not pay for a rebuild on every start:
// the Astro build runs when its output is missing or older than any source it is built from.
// The output's age is a stamp written once a build has finished: a build cut short (Ctrl+C during
// the first start) leaves some of dist/ written, and serving that failed with "Invalid URL". The
// stamp is dated when the build started, not when it finished: a source saved while the build ran
// may have been read before the save, and a stamp of the finish served that old text as current
// (a test loop served for half an hour a file restored 20 s into a 50 s build).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { astroCli, buildEnv } from './offline-env.ts';

const SOURCES = [
  'src',
  'public',
  'packages/ui/src',
  'packages/api/src',
  'packages/features',
  'astro.config.mjs',
  'package-lock.json',
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

/** Written after a build that finished, by `runAstroBuildIfStale` and `npm run build`. */
const STAMP = 'dist/.build-finished';

/** A build finished into dist/ (whatever the sources say since): what production serves. */
export function hasFinishedBuild(root: string): boolean {
  return existsSync(join(root, STAMP)) && existsSync(join(root, 'dist/server/entry.mjs'));
}

export function isBuildStale(root: string): boolean {
  if (!hasFinishedBuild(root)) return true;
  const built = statSync(join(root, STAMP)).mtimeMs;
  return SOURCES.some((source) => newestMtime(join(root, source)) > built);
}

export async function runAstroBuildIfStale(root: string): Promise<void> {
  if (!isBuildStale(root)) return;
  console.log('Building the web app (first start or changed sources)…');
  forgetFinishedBuild(root);
  const startedAt = Date.now();
  const [command, args] = astroCli(['build']);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: buildEnv() });
  if (result.error) {
    console.error(`The web app build could not start: ${result.error.message}`);
    process.exit(1);
  }
  if (result.status !== 0) {
    console.error('The web app build failed; see the output above.');
    process.exit(result.status ?? 1);
  }
  markBuildFinished(root, startedAt);
}

/** Before a build starts (also `npm run build`'s): until it finishes, the output is not whole. */
export function forgetFinishedBuild(root: string): void {
  rmSync(join(root, STAMP), { force: true });
}

/**
 * After a build that finished (also `npm run build`'s): the output is whole, and holds the
 * sources as they were at `startedAt` (the stamp's date), when the build began to read them.
 */
export function markBuildFinished(root: string, startedAt: number): void {
  const stamp = join(root, STAMP);
  writeFileSync(stamp, `${new Date(startedAt).toISOString()}\n`);
  utimesSync(stamp, new Date(startedAt), new Date(startedAt));
}
