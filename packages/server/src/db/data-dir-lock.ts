import { existsSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from '../log.ts';

/*
 * Who holds an embedded PostgreSQL data folder.
 *
 * WHY: PostgreSQL runs as a child of the Memoria process. When that process dies without a
 * shutdown (kill -9, OOM), the postmaster is re-parented and keeps `postmaster.pid`, and every
 * later start would refuse the folder. So the Memoria process that started PostgreSQL records
 * itself in `<dataDir>/memoria.pid` (pid and kernel start time, so a recycled pid is not taken
 * for it). A later start that finds a live postmaster stops it cleanly only when it is provably
 * an orphan of this folder: the recorded owner is gone and no Node process is its parent.
 */

/** The data folder is in use by a running PostgreSQL (another Memoria instance). */
export class DataDirLockedError extends Error {
  readonly pid: number;
  readonly exitCode = 2;
  constructor(dir: string, pid: number) {
    const shown = path.relative(process.cwd(), dir) || dir;
    super(
      `Another Memoria instance is using ${shown.startsWith('..') ? dir : shown} (pid ${pid}). ` +
        'Stop it or set DATA_DIR/DATABASE_URL.',
    );
    this.name = 'DataDirLockedError';
    this.pid = pid;
  }
}

interface ProcessInfo {
  state: string;
  parent: number;
  /** Clock ticks since boot at which the process started (field 22 of /proc/<pid>/stat). */
  startTime: string;
}

/** Reads /proc/<pid>/stat; undefined when the process is gone or there is no /proc. */
function processInfo(pid: number): ProcessInfo | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name (field 2) is in parentheses and may hold spaces: split after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0] ?? '', parent: Number(fields[1]), startTime: fields[19] ?? '' };
}

const hasProc = existsSync('/proc/self/stat');

/** A running process (not a zombie waiting for a parent that does not reap it). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (!hasProc) return true; // macOS: trust the signal check
  const info = processInfo(pid);
  return info !== undefined && info.state !== 'Z' && info.state !== 'X';
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
}

const ownerFile = (dataDir: string) => path.join(dataDir, 'memoria.pid');

/** Records this process as the one that runs the folder's PostgreSQL. */
export function recordOwner(dataDir: string): void {
  const startTime = processInfo(process.pid)?.startTime ?? '';
  writeFileSync(ownerFile(dataDir), `${process.pid} ${startTime}\n`, { mode: 0o644 });
}

/** Removes this process's record after its PostgreSQL stopped. */
export function releaseOwner(dataDir: string): void {
  const file = ownerFile(dataDir);
  if (existsSync(file) && readFileSync(file, 'utf8').split(' ')[0] === String(process.pid)) {
    rmSync(file, { force: true });
  }
}

/**
 * 'alive' when the recorded owner still runs (the same process, not a recycled pid), 'gone' when
 * it does not, 'unknown' when nothing is recorded (a server started some other way).
 */
function ownerState(dataDir: string): 'alive' | 'gone' | 'unknown' {
  const file = ownerFile(dataDir);
  if (!existsSync(file)) return 'unknown';
  const [pidText, startTime] = readFileSync(file, 'utf8').trim().split(' ');
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0) return 'unknown';
  if (!isRunning(pid)) return 'gone';
  if (!hasProc || !startTime) return 'alive';
  return processInfo(pid)?.startTime === startTime ? 'alive' : 'gone';
}

/** True when the postmaster's parent is a Node process (a Memoria that is still alive). */
function parentIsNode(postmaster: number): boolean {
  const parent = processInfo(postmaster)?.parent;
  if (!parent || parent <= 1) return false;
  return /(^|\/)node(\0|$)/.test(commandLine(parent).split('\0')[0] ?? '');
}

interface Postmaster {
  pid: number;
  dataDir: string;
}

function readPostmaster(pgDir: string): Postmaster | undefined {
  const file = path.join(pgDir, 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  const [pidLine, dirLine] = readFileSync(file, 'utf8').split('\n');
  const pid = Number.parseInt(pidLine ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  return { pid, dataDir: dirLine ?? '' };
}

function isPostgres(pid: number): boolean {
  if (!isRunning(pid)) return false;
  // A recycled pid that is not a PostgreSQL server is a stale lock, which PostgreSQL clears itself.
  return !hasProc || commandLine(pid).includes('postgres');
}

function samePath(a: string, b: string): boolean {
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return false;
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isRunning(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !isRunning(pid);
}

/** How long an orphan's fast shutdown may take (it rolls back open transactions, writes a checkpoint). */
const ORPHAN_SHUTDOWN_MS = 60_000;

/**
 * Makes `pgDir` free to start: nothing to do when no PostgreSQL runs on it; stops an orphaned
 * PostgreSQL of this folder (fast shutdown: SIGINT, then waits for it to exit); throws
 * DataDirLockedError when a live Memoria instance (or an unknown holder) runs it.
 */
export async function claimDataDir(dataDir: string, pgDir: string, logger: Logger): Promise<void> {
  const postmaster = readPostmaster(pgDir);
  if (!postmaster || !isPostgres(postmaster.pid)) return;
  const orphan =
    hasProc &&
    samePath(postmaster.dataDir, pgDir) &&
    ownerState(dataDir) === 'gone' &&
    !parentIsNode(postmaster.pid);
  if (!orphan) throw new DataDirLockedError(pgDir, postmaster.pid);

  logger.warn('stopping the PostgreSQL left running by a crashed Memoria process', {
    pid: postmaster.pid,
    dir: pgDir,
  });
  process.kill(postmaster.pid, 'SIGINT');
  if (!(await waitForExit(postmaster.pid, ORPHAN_SHUTDOWN_MS))) {
    throw new Error(
      `The PostgreSQL left running on ${pgDir} (pid ${postmaster.pid}) did not stop in ` +
        `${ORPHAN_SHUTDOWN_MS / 1000} s; stop it by hand.`,
    );
  }
  logger.info('the orphaned PostgreSQL stopped', { pid: postmaster.pid });
}
