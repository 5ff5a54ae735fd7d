// Several product processes on one PostgreSQL behind a real HAProxy (Debian's /usr/sbin/haproxy),
// for the balancer journey and bench. The HAProxy settings are those of a production balancer
// (see docs/operations/balancer.md and deploy/haproxy.cfg): `option forwardfor`, a long
// `timeout tunnel` for event streams, readiness checks on /be/api/health/ with a Host header;
// only the check interval is shorter, so a draining instance is taken out within a second.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDatabaseServer } from '../../packages/server/src/db/connect.ts';
import { STEP_LIMIT_MS } from './limits.ts';
import { freePort, type RunningProduct, type StartOptions, startProduct } from './product.ts';

export const HAPROXY = '/usr/sbin/haproxy';

/** The balancer's idle time-outs are 30 s; an instance keeps connections open longer. */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** One PostgreSQL for every instance: embedded, in a temp folder, durability off. */
export async function startSharedDatabase(): Promise<{ url: string; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'memoria-shared-db-'));
  const server = await startDatabaseServer({ dataDir, ephemeral: true, databaseUrl: '' });
  return {
    url: server.url,
    stop: async () => {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Instance extends RunningProduct {
  port: number;
  /** Stops this process (SIGTERM, as a supervisor does) and waits for it to exit. */
  stop(): Promise<void>;
}

/** The environment of every instance behind the balancer at `publicUrl`. */
export function instanceEnv(databaseUrl: string, publicUrl: string, shutdownDelayMs: number) {
  return {
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: publicUrl,
    SEED_DEMO: 'false',
    TRUST_PROXY: '1',
    SHUTDOWN_DELAY_MS: String(shutdownDelayMs),
    KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE_TIMEOUT_MS),
  };
}

export async function startInstance(
  env: Record<string, string>,
  options: StartOptions & { port: number },
): Promise<Instance> {
  const product = await startProduct(env, options);
  return { ...product, port: options.port };
}

export interface HaproxyOptions {
  port: number;
  statsPort: number;
  servers: { name: string; port: number }[];
  /** Health check interval (ms); production uses 2000. */
  checkIntervalMs?: number;
}

/** The configuration: deploy/haproxy.cfg's settings, with this run's ports. */
export function haproxyConfig(options: HaproxyOptions): string {
  const inter = options.checkIntervalMs ?? 2000;
  return `global
  maxconn 4096

defaults
  mode http
  option forwardfor
  option redispatch
  retries 3
  timeout connect 5s
  timeout client 30s
  timeout server 30s
  timeout http-keep-alive 30s
  # Event streams stay open for as long as the token lives.
  timeout tunnel 1h

frontend memoria
  bind 127.0.0.1:${options.port}
  default_backend instances

backend instances
  balance roundrobin
  option httpchk
  http-check send meth GET uri /be/api/health/ ver HTTP/1.1 hdr Host localhost
  http-check expect status 200
  # As deploy/haproxy.cfg: a check answers within 2 s. Left unset it is the interval, and at this
  # file's 200 ms a busy instance that answers 200 late was taken out like a draining one.
  timeout check 2s
  default-server check inter ${inter}ms fall 2 rise 1
${options.servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port}`).join('\n')}

listen stats
  bind 127.0.0.1:${options.statsPort}
  stats enable
  stats uri /stats
`;
}

export interface RunningHaproxy {
  url: string;
  process: ChildProcess;
  /** Each server's state as HAProxy sees it (`UP`, `DOWN`, …), from its stats page. */
  states(): Promise<Record<string, string>>;
  /** Resolves once HAProxy reports these servers in this state. */
  waitFor(names: string[], state: string, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

export async function startHaproxy(
  options: Omit<HaproxyOptions, 'statsPort'>,
): Promise<RunningHaproxy> {
  const folder = mkdtempSync(join(tmpdir(), 'memoria-haproxy-'));
  const statsPort = await freePort();
  const file = join(folder, 'haproxy.cfg');
  writeFileSync(file, haproxyConfig({ ...options, statsPort }));
  // -db: stay in the foreground, as a supervised process.
  const child = spawn(HAPROXY, ['-db', '-f', file], { stdio: ['ignore', 'ignore', 'inherit'] });
  const states = async () => {
    const res = await fetch(`http://127.0.0.1:${statsPort}/stats;csv`);
    const rows = (await res.text()).split('\n').map((line) => line.split(','));
    // Columns: pxname, svname, …, status (the 18th).
    return Object.fromEntries(
      rows.filter((r) => r[0] === 'instances' && r[1] !== 'BACKEND').map((r) => [r[1], r[17]]),
    ) as Record<string, string>;
  };
  const waitFor = async (names: string[], state: string, timeoutMs = STEP_LIMIT_MS) => {
    const deadline = Date.now() + timeoutMs;
    let seen: Record<string, string> = {};
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`haproxy exited with ${child.exitCode}`);
      seen = await states().catch(() => ({}));
      if (names.every((name) => seen[name]?.startsWith(state))) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`haproxy did not see ${names.join(', ')} ${state}: ${JSON.stringify(seen)}`);
  };
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(folder, { recursive: true, force: true });
  };
  return { url: `http://127.0.0.1:${options.port}`, process: child, states, waitFor, stop };
}
