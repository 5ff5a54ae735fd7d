// The server a bench script measures: the real backend on a fresh embedded PostgreSQL in a
// temporary folder, served on a free local port of this process.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';

type Backend = Awaited<ReturnType<typeof import('@memoria/server')['startBackend']>>;

export interface BenchServer {
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  baseUrl: string;
  backend: Backend;
  /** `performance.now()` just before the backend started (after its modules were loaded). */
  startedAt: number;
  /** Stops serving, closes the backend and its database, removes the folder. */
  close(): Promise<void>;
}

/**
 * Starts the backend without demo data, logging at `logLevel` unless LOG_LEVEL says otherwise.
 * DATABASE_URL is ignored: a bench always measures a fresh embedded database, never a configured
 * one. The server's modules are loaded here, after those variables are set.
 */
export async function startBenchServer({ logLevel = 'warn' } = {}): Promise<BenchServer> {
  process.env.LOG_LEVEL ??= logLevel;
  process.env.SEED_DEMO = 'false';
  delete process.env.DATABASE_URL;
  const { startBackend } = await import('@memoria/server');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'memoria-bench-'));
  await chmod(dataDir, 0o755);
  const startedAt = performance.now();
  const backend = await startBackend({ dataDir, seed: false });
  const server = serve({
    fetch: (req, env) => backend.fetch(req, env),
    port: 0,
    hostname: '127.0.0.1',
  });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    backend,
    startedAt,
    async close() {
      server.close();
      await backend.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
