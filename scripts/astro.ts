// `npm run dev` / `npm run build`: the Astro CLI with the project's offline settings
// (see offline-env.ts), so no Astro command started through npm contacts an outside host.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { forgetFinishedBuild, markBuildFinished } from './build-if-stale.ts';
import { astroCli, buildEnv, offlineEnv } from './offline-env.ts';

const argv = process.argv.slice(2);
const [command, args] = astroCli(argv);
const env = argv[0] === 'build' ? buildEnv() : offlineEnv();
// A whole build into the default dist/ serves `npm start` without building again.
const root = join(import.meta.dirname, '..');
const intoDist = argv[0] === 'build' && argv.length === 1;
if (intoDist) forgetFinishedBuild(root);
const startedAt = Date.now();
const result = spawnSync(command, args, { stdio: 'inherit', env });
if (intoDist && result.status === 0) markBuildFinished(root, startedAt);
process.exit(result.status ?? 1);
