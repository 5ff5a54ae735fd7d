// The bench's second processes: load generators (load.ts, the autocannon CLI) and players
// (duel-players.ts) run beside the server, never on its event loop. One way to start one and
// read the JSON it prints.
import { spawn } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** Runs `node <args>` and resolves with the JSON it printed on stdout. */
export function spawnJson<T>(args: string[]): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const what = path.basename(args[0] ?? 'child');
      if (code !== 0) return reject(new Error(`${what} exited ${code}: ${err}`));
      try {
        resolve(JSON.parse(out) as T);
      } catch {
        reject(new Error(`${what} printed no JSON: ${out}${err}`));
      }
    });
  });
}

let specs = 0;

/** Runs `script` (a file of tests/bench) with `spec` in a JSON file named by its argument. */
export async function runChild<T>(script: string, spec: unknown): Promise<T> {
  const file = path.join(os.tmpdir(), `memoria-bench-${process.pid}-${specs++}.json`);
  await writeFile(file, JSON.stringify(spec));
  try {
    return await spawnJson<T>([path.join(import.meta.dirname, script), file]);
  } finally {
    await rm(file, { force: true });
  }
}

/** What load.ts sends: a different request each time, cycling through paths and variants. */
export interface LoadSpec {
  url: string;
  connections: number;
  duration: number;
  method: string;
  headers: Record<string, string>;
  body?: string;
  /** Paths sent in turn, one per request, cycling. */
  paths: string[];
  /** Sent in turn, one per request, cycling: headers added to `headers`, a body replacing `body`. */
  variants?: { headers?: Record<string, string>; body?: string }[];
}

/** The part of autocannon's result the rows print. */
export interface LoadFigures {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

export const runLoad = (spec: LoadSpec) => runChild<LoadFigures>('load.ts', spec);
