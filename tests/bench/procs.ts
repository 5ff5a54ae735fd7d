// What the bench reads of other processes from /proc: the embedded PostgreSQL's processes (the
// postmaster and its backends, below the process that started it), their memory and CPU time.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** `/proc/<pid>/stat`'s fields after `pid (comm)` (comm may hold spaces), or null once gone. */
function statFields(pid: number | string): { comm: string; fields: string[] } | null {
  try {
    const stat = readFileSync(join('/proc', String(pid), 'stat'), 'utf8');
    const close = stat.lastIndexOf(')');
    return {
      comm: stat.slice(stat.indexOf('(') + 1, close),
      fields: stat.slice(close + 2).split(' '),
    };
  } catch {
    return null; // the process ended while it was read
  }
}

/** Every process below `pid`; with `comm`, only those of that command name (`postgres`). */
export function descendants(pid: number, comm?: string): number[] {
  const children = new Map<number, number[]>();
  const names = new Map<number, string>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = statFields(entry);
    if (!stat) continue;
    // `state ppid …` follow the command name.
    const ppid = Number(stat.fields[1]);
    children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    names.set(Number(entry), stat.comm);
  }
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift() as number) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return comm === undefined ? found : found.filter((p) => names.get(p) === comm);
}

/** Clock ticks per second of /proc's CPU times (`getconf CLK_TCK`, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * CPU time (user and system) these processes have used so far, in ms: /proc counts it in ticks
 * of 10 ms per process, so a difference over a bench row of seconds is what to read.
 */
export function cpuMsOf(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    const stat = statFields(pid);
    // utime and stime are the 14th and 15th fields of stat, the 12th and 13th after comm.
    if (stat) ticks += Number(stat.fields[11]) + Number(stat.fields[12]);
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}
