/**
 * Runs one job in a child Node process with a time and memory limit, for code that can abort the
 * process it runs in: the fitter's native optimiser (fsrs-rs, whose panic aborts) and the Anki
 * import's reading of an untrusted package (zip, zstd, SQLite, libvips). In a worker thread that
 * process would be the server; in a child, an abort, a crash, a time-out or a memory overrun ends
 * the child only, and the job's `result` rejects with a `ChildJobError` saying why.
 *
 * The protocol: the parent sends the input as the child's first IPC message (structured clone, so
 * dates stay dates); the child answers once with `{ value }` or `{ error }` (`serveOneJob`).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

export interface ChildLimits {
  /** Wall-clock time the job may take before the child is killed (SIGKILL). */
  timeoutMs: number;
  /** Resident memory (VmRSS, native memory included) past which the child is killed. */
  maxRssMb: number;
  /** V8's old-generation heap limit (`--max-old-space-size`); past it V8 aborts the child. */
  maxHeapMb: number;
  /** How often the child's resident memory is read (Linux `/proc`; not watched elsewhere). */
  rssPollMs: number;
}

/** Why a job gave no result. */
export type ChildFailure = 'crashed' | 'timed_out' | 'out_of_memory' | 'error' | 'cancelled';

export class ChildJobError extends Error {
  readonly failure: ChildFailure;
  constructor(failure: ChildFailure, message: string) {
    super(message);
    this.name = 'ChildJobError';
    this.failure = failure;
  }
}

export interface ChildJob<T> {
  /** The child's process id (undefined when it could not start). */
  pid: number | undefined;
  /** The child's answer; rejects with a ChildJobError. */
  result: Promise<T>;
  /** Kills the child (server shutdown); `result` rejects as cancelled. Resolves once it ended. */
  cancel(): Promise<void>;
}

type Answer<T> = { value: T } | { error: string };

/** What the child printed last on stderr (a panic's message), kept for the failure's reason. */
const STDERR_TAIL_CHARS = 2_000;

/** Node flags the child needs from ours: module resolution conditions only. */
function inheritedFlags(execArgv: readonly string[]): string[] {
  const flags: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const arg = execArgv[i] ?? '';
    if (arg.startsWith('--conditions=') || (arg.startsWith('-C') && arg.length > 2)) {
      flags.push(arg);
    } else if ((arg === '--conditions' || arg === '-C') && execArgv[i + 1] !== undefined) {
      flags.push(arg, execArgv[i + 1] as string);
      i++;
    }
  }
  return flags;
}

/** The child's resident memory in MB, or undefined where /proc cannot tell (or it has ended). */
async function residentMb(pid: number): Promise<number | undefined> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined;
  }
}

/** The last meaningful lines of the child's stderr, on one line. */
function stderrSummary(stderr: string): string {
  return stderr
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !/^\d+:\s+0x|^at |^stack backtrace|^note: /.test(line))
    .slice(-6)
    .join(' | ');
}

/** Starts `entry` (a module calling `serveOneJob`) in a child process and sends it `input`. */
export function runInChild<I, T>(entry: URL, input: I, limits: ChildLimits): ChildJob<T> {
  const child: ChildProcess = fork(fileURLToPath(entry), [], {
    execPath: process.execPath,
    execArgv: [...inheritedFlags(process.execArgv), `--max-old-space-size=${limits.maxHeapMb}`],
    // No Rust backtrace: the panic's own message is the reason an operator needs.
    env: { ...process.env, RUST_BACKTRACE: '0' },
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_TAIL_CHARS);
  });

  let answer: Answer<T> | undefined;
  let killedFor: ChildJobError | undefined;
  const kill = (reason: ChildJobError) => {
    killedFor ??= reason;
    child.kill('SIGKILL');
  };

  const timer = setTimeout(
    () =>
      kill(new ChildJobError('timed_out', `timed out after ${limits.timeoutMs / 1000} s (killed)`)),
    limits.timeoutMs,
  );
  const watch = setInterval(async () => {
    const pid = child.pid;
    const mb = pid === undefined ? undefined : await residentMb(pid);
    if (mb !== undefined && mb > limits.maxRssMb) {
      kill(
        new ChildJobError(
          'out_of_memory',
          `used ${Math.round(mb)} MB of memory, over the limit of ${limits.maxRssMb} MB (killed)`,
        ),
      );
    }
  }, limits.rssPollMs);

  const result = new Promise<T>((resolve, reject) => {
    child.on('message', (message: Answer<T>) => {
      answer ??= message;
    });
    const end = () => {
      clearTimeout(timer);
      clearInterval(watch);
    };
    // 'on', not 'once': a child that failed to start emits a second error when sent its input.
    child.on('error', (error) => {
      const reason = new ChildJobError('crashed', `could not run: ${error.message}`);
      // A child that never started has no 'close' to wait for.
      if (child.pid === undefined) {
        end();
        reject(reason);
      } else kill(reason);
    });
    // 'close' comes after the IPC channel and stderr have ended: the answer and the whole
    // stderr tail are in by then.
    child.once('close', (code, signal) => {
      end();
      if (killedFor) return reject(killedFor);
      if (answer && 'value' in answer) return resolve(answer.value);
      if (answer && 'error' in answer) return reject(new ChildJobError('error', answer.error));
      const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
      const said = stderrSummary(stderr);
      reject(new ChildJobError('crashed', `${how} without a result${said ? `: ${said}` : ''}`));
    });
  });
  result.catch(() => {}); // the caller awaits it; a cancelled job must not leave it unhandled
  child.send(input as object);

  return {
    pid: child.pid,
    result,
    cancel: async () => {
      kill(new ChildJobError('cancelled', 'cancelled (server stopping)'));
      await result.catch(() => {});
    },
  };
}

/**
 * The child side: waits for the input, runs `job` on it, answers and exits. The child also exits
 * when its parent goes (the IPC channel closes), so a killed server leaves no fit running.
 */
export function serveOneJob<I, T>(job: (input: I) => Promise<T> | T): void {
  const send = process.send?.bind(process);
  if (!send) throw new Error('serveOneJob runs in a child started by runInChild');
  process.once('disconnect', () => process.exit(1));
  process.once('message', async (input: I) => {
    let answer: Answer<T>;
    try {
      answer = { value: await job(input) };
    } catch (error) {
      answer = { error: error instanceof Error ? error.message : String(error) };
    }
    send(answer, undefined, {}, () => process.exit(0));
  });
}
