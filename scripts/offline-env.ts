// The product is meant to run on machines whose operators did not opt in to telemetry and that
// may have no network at all: Astro's anonymous usage data and its dev-server update check stay
// off for every start, build and dev server the project's scripts run. (Storybook's telemetry is
// off in `.storybook/main.ts` through its `core.disableTelemetry` setting.)
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export const OFFLINE_ENV = {
  ASTRO_TELEMETRY_DISABLED: '1',
  ASTRO_DISABLE_UPDATE_CHECK: 'true',
} as const;

export function offlineEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { ...env, ...OFFLINE_ENV };
}

/**
 * The environment of an `astro build`: the offline settings and always a production build.
 * A build inherits NODE_ENV from whoever starts it, and Vitest sets NODE_ENV=test: the journeys'
 * builds then bundled React's development build (401 KB of client.js instead of the learner's)
 * and ran every journey against it.
 */
export function buildEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { ...offlineEnv(env), NODE_ENV: 'production' };
}

/**
 * The Astro CLI run by this Node (the project's Node 24), not by whichever `node` the PATH finds
 * first: `node scripts/start.ts` without npm would otherwise build with the system's Node.
 */
export function astroCli(args: string[]): [string, string[]] {
  const bin = join(
    dirname(createRequire(import.meta.url).resolve('astro/package.json')),
    'bin/astro.mjs',
  );
  return [process.execPath, [bin, ...args]];
}
