// `npm run build:release`: the production tree in `release/`, built once, for the container image
// (Dockerfile) and for any host that runs Node 24. It holds what `npm start` needs in production
// and nothing else: the built web app (dist/), the server's sources and migrations, the contract,
// the start scripts, the patches and the production dependencies only (no Vitest, no Astro CLI
// build at boot, no `node` package: the host's or the image's Node 24 runs it).
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { isBuildStale, runAstroBuildIfStale } from './build-if-stale.ts';

export const RELEASE_DIR = 'release';
/** Written once a release was assembled and its dependencies installed. */
export const RELEASE_STAMP = '.release-finished';

/** What production reads, relative to the repository's root (folders copied whole). */
export const RELEASE_FILES = [
  'package.json',
  'package-lock.json',
  '.npmrc',
  'openapi.yaml',
  'patches',
  'dist',
  'scripts/start.ts',
  'scripts/build-if-stale.ts',
  'scripts/offline-env.ts',
  'scripts/module-formats.ts',
  'packages/api',
  'packages/ui',
  'packages/features',
  'packages/server',
];

/** Development-only files inside the copied folders: tests, stories, their configs. */
function isReleased(path: string): boolean {
  const name = path.split('/').pop() ?? '';
  if (name === 'node_modules' || name === '__screenshots__') return false;
  if (/\.(test|stories)\.tsx?$/.test(name)) return false;
  return !/^vitest\.(config|setup)\.ts$/.test(name);
}

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

/**
 * Whether `release/` misses or is older than anything it is made of (the web app's sources too:
 * a stale dist/ makes a stale release). Lets a test reuse a release that is up to date.
 */
export function isReleaseStale(root: string): boolean {
  const stamp = join(root, RELEASE_DIR, RELEASE_STAMP);
  if (!existsSync(stamp) || isBuildStale(root)) return true;
  const built = statSync(stamp).mtimeMs;
  return RELEASE_FILES.some((file) => newestMtime(join(root, file)) > built);
}

/** Builds the web app when stale, then assembles `release/` and installs its dependencies. */
export async function buildRelease(root: string): Promise<string> {
  await runAstroBuildIfStale(root);
  const release = join(root, RELEASE_DIR);
  mkdirSync(release, { recursive: true });
  // Everything but node_modules goes: a file removed from the sources leaves the release too,
  // while an installed tree makes the next install a quick check.
  for (const entry of readdirSync(release)) {
    if (entry !== 'node_modules') rmSync(join(release, entry), { recursive: true, force: true });
  }
  for (const file of RELEASE_FILES) {
    cpSync(join(root, file), join(release, file), {
      recursive: true,
      filter: (source) => isReleased(source),
    });
  }
  // `npm install`, not `npm ci`: npm 11 leaves other platforms' optional binaries out of this
  // lock file and `npm ci` then refuses it (see .ci/run). The postinstall applies patches/
  // (patch-package is a production dependency: the postgres.js patch is needed at run time).
  const npm = spawnSync(
    'npm',
    ['install', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund', '--no-save'],
    { cwd: release, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (npm.status !== 0) {
    throw new Error(`npm install --omit=dev in ${release} failed (exit ${npm.status}).`);
  }
  writeFileSync(join(release, RELEASE_STAMP), `${new Date().toISOString()}\n`);
  return release;
}

if (import.meta.main) {
  const root = join(import.meta.dirname, '..');
  const started = Date.now();
  try {
    const release = await buildRelease(root);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`Release ready in ${release} (${seconds} s). Start it with Node 24:`);
    console.log('  cd release && NODE_ENV=production PUBLIC_URL=… DATABASE_URL=… npm start');
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
