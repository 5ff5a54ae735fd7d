// Starts the whole product the way `npm start` does (scripts/start.ts) on its own embedded
// database in a temp folder and a free port, for browser journeys and benchmarks.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runAstroBuildIfStale } from '../../scripts/build-if-stale.ts';

const root = join(import.meta.dirname, '../..');

export interface RunningProduct {
  baseUrl: string;
  /** The `scripts/start.ts` process (its pid; its IPC channel when started with `ipc`). */
  process: ChildProcess;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Node options placed before `scripts/start.ts` (e.g. a benchmark's `--import` probe). */
  nodeArgs?: string[];
  /** Opens an IPC channel to the process (`process.send` in it). */
  ipc?: boolean;
  /** Listen on this port (default: a free one), e.g. to start an instance again where it was. */
  port?: number;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The product exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/be/api/health/`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The product did not answer ${baseUrl}/be/api/health/ in ${timeoutMs} ms`);
}

export async function startProduct(
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<RunningProduct> {
  await runAstroBuildIfStale(root);
  const dataDir = mkdtempSync(join(tmpdir(), 'memoria-product-'));
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), 'scripts/start.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      // Where the provider sends the buyer back and links point: the address the tests open.
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: options.ipc ? ['ignore', 'inherit', 'inherit', 'ipc'] : ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, child, 120_000);
  } catch (error) {
    // A product that came up too late would otherwise outlive the run, holding its port, its
    // database and the output pipe of whatever started the tests.
    await stop();
    throw error;
  }
  return { baseUrl, process: child, stop };
}
