// `npm run dev` / `npm run build`: the Astro CLI with the project's offline settings
// (see offline-env.ts), so no Astro command started through npm contacts an outside host.
import { spawnSync } from 'node:child_process';
import { astroCli, buildEnv, offlineEnv } from './offline-env.ts';

const argv = process.argv.slice(2);
const [command, args] = astroCli(argv);
const env = argv[0] === 'build' ? buildEnv() : offlineEnv();
const result = spawnSync(command, args, { stdio: 'inherit', env });
process.exit(result.status ?? 1);
