// `npm run dev` / `npm run build`: the Astro CLI with the project's offline settings
// (see offline-env.ts), so no Astro command started through npm contacts an outside host.
import { spawnSync } from 'node:child_process';
import { astroCli, offlineEnv } from './offline-env.ts';

const [command, args] = astroCli(process.argv.slice(2));
const result = spawnSync(command, args, { stdio: 'inherit', env: offlineEnv() });
process.exit(result.status ?? 1);
