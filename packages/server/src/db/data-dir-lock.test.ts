import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../log.ts';
import { DataDirLockedError, startDatabaseServer } from './connect.ts';

// A second Node process starts PostgreSQL on a data folder, the way `npm start` does; the test
// then kills that process alone (SIGKILL, not its group), as a crash would.
const holder = path.join(import.meta.dirname, '../test/hold-database.ts');
let dataDir: string;
let child: ChildProcess | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'memoria-lock-'));
});
afterAll(async () => {
  child?.kill('SIGKILL');
  // Never leave a PostgreSQL behind when a step above failed.
  const pidFile = path.join(dataDir, 'postgres/postmaster.pid');
  if (existsSync(pidFile) && isRunning(postmasterPid())) process.kill(postmasterPid(), 'SIGINT');
  await rm(dataDir, { recursive: true, force: true });
});

function startHolder(): Promise<{ child: ChildProcess; url: string }> {
  const started = spawn(process.execPath, [holder, dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    started.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const ready = /ready (\S+)/.exec(out);
      if (ready?.[1]) resolve({ child: started, url: ready[1] });
    });
    started.once('exit', (code) => reject(new Error(`the holder exited with ${code}`)));
  });
}

function postmasterPid(): number {
  return Number(readFileSync(path.join(dataDir, 'postgres/postmaster.pid'), 'utf8').split('\n')[0]);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return !/^\S+ \(.*\) [ZX] /.test(stat);
}

describe('the embedded PostgreSQL data folder', () => {
  it('is refused while the Memoria process that runs it is alive', async () => {
    const held = await startHolder();
    child = held.child;
    await expect(startDatabaseServer({ databaseUrl: '', dataDir })).rejects.toBeInstanceOf(
      DataDirLockedError,
    );
    // The refusal left the live instance untouched.
    const sql = postgres(held.url, { max: 1, onnotice: () => {} });
    expect((await sql`select 1 as one`)[0]?.one).toBe(1);
    await sql.end();
  }, 120_000);

  it('after that process is killed alone, the next start stops its orphaned PostgreSQL and starts', async () => {
    const orphan = postmasterPid();
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    child?.kill('SIGKILL');
    await exited;
    child = undefined;
    expect(isRunning(orphan)).toBe(true); // PostgreSQL outlived its parent

    const server = await startDatabaseServer({
      databaseUrl: '',
      dataDir,
      logger: createLogger('silent'),
    });
    try {
      expect(isRunning(orphan)).toBe(false);
      expect(postmasterPid()).not.toBe(orphan);
      const sql = postgres(server.url, { max: 1, onnotice: () => {} });
      expect((await sql`select 1 as one`)[0]?.one).toBe(1);
      await sql.end();
    } finally {
      await server.close();
    }
    expect(existsSync(path.join(dataDir, 'memoria.pid'))).toBe(false);
  }, 120_000);
});
