// The one production process: the backend (API + PostgreSQL) and the Astro host on one port.
// Astro's Node adapter runs in standalone mode with its own autostart disabled, so its exported
// handler serves static assets and pages while this process owns the listener, the `/be/api`
// routing and the graceful shutdown (see packages/server/src/serve.ts).
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Serving } from '../packages/server/src/index.ts';
import { hasFinishedBuild, runAstroBuildIfStale } from './build-if-stale.ts';
import { registerKnownModuleFormats } from './module-formats.ts';

const root = join(import.meta.dirname, '..');
// Production serves the output built once (`npm run build:release`, the image's build stage) and
// never builds: a machine of a fleet that built at boot would each pay for it, and a release has
// no web sources to build from. Checked before anything starts.
const production = process.env.NODE_ENV === 'production';
if (production && !hasFinishedBuild(root)) {
  console.error('No built web app in dist/: run npm run build:release (or npm run build) first.');
  process.exit(1);
}
// Registered before the server's module graph is resolved, hence its dynamic import: see
// module-formats.ts for the memory and start-up time this saves.
registerKnownModuleFormats(new URL('../packages/server/src/index.ts', import.meta.url));
const { exitOnShutdownSignals, serve, startBackend } = await import(
  '../packages/server/src/index.ts'
);
const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST ?? 'localhost';

// Development builds when the sources changed since the last build.
if (!production) await runAstroBuildIfStale(root);

let backend: Awaited<ReturnType<typeof startBackend>>;
try {
  backend = await startBackend();
} catch (error) {
  // A locked data folder (another instance running) is a clear message, not a stack trace.
  console.error((error as Error).message);
  process.exit((error as { exitCode?: number }).exitCode ?? 1);
}
// Graceful: readiness 503, serve on for SHUTDOWN_DELAY_MS, stop accepting, let in-flight requests
// finish (at most 10 s), close the database.
// Registered before anything else can be slow, so a signal during start-up also stops cleanly.
let serving: Serving | undefined;
exitOnShutdownSignals(async (signal) => {
  if (!serving) {
    await backend.close();
    return;
  }
  // Readiness fails at once; requests are served for SHUTDOWN_DELAY_MS more (the balancer's
  // time to take this instance out), then the listener closes and in-flight requests finish.
  console.log(`${signal} received: readiness fails now; draining after SHUTDOWN_DELAY_MS.`);
  const { drained, cut } = await serving.shutdown();
  if (!drained) console.error(`${cut} request(s) did not finish in time and were cut.`);
  console.log('Memoria stopped.');
});

process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const entry = join(root, 'dist/server/entry.mjs');
const { handler: astroHandler } = (await import(entry)) as {
  handler: (
    req: import('node:http').IncomingMessage,
    res: import('node:http').ServerResponse,
  ) => void;
};
collectStartupGarbage();
serving = serve(backend, { port, host, fallback: astroHandler });
try {
  await serving.listening;
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  console.error(
    code === 'EADDRINUSE'
      ? `Port ${port} on ${host} is in use. Set PORT to another port, e.g. PORT=4322 npm start.`
      : error,
  );
  await backend.close();
  process.exit(1);
}
const { implemented, total } = backend.implemented;
console.log(
  `Memoria is running at http://${host}:${port}/ (API: ${implemented}/${total} operations)`,
);

/**
 * One full, memory-reducing collection once start-up is done and before the first request: the
 * module sources, the contract's parse and the migrations leave garbage in heap pages V8 would
 * otherwise keep resident for good (`npm run bench`'s memory rows: 173 MB idle without it, 136 MB
 * after a forced collection). `gc` is taken from a context made while --expose-gc was on, so the
 * product's own global gains nothing.
 */
function collectStartupGarbage(): void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as (options: {
    type: 'major';
    execution: 'sync';
    flavor: 'last-resort';
  }) => void;
  setFlagsFromString('--no-expose-gc');
  gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}
