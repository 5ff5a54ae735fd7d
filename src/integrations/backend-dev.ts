import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { Backend } from '@memoria/server';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';

/**
 * `npm run dev` serves the whole product: this integration starts the backend
 * (`@memoria/server`) once and mounts it on the Vite dev server for `/be/api/*`, the same split
 * `scripts/start.ts` does in production. The backend is closed when the dev server closes or the
 * process gets SIGINT/SIGTERM (so an embedded database is shut down cleanly).
 */

const API_PREFIX = '/be/api';

/**
 * Astro re-creates the Vite server (and may re-import this module) when the config changes, so
 * the running backend is kept on globalThis: one backend and one database per dev process.
 */
interface DevBackendState {
  starting?: Promise<Backend | undefined>;
  closing?: Promise<void>;
  signalsHooked?: boolean;
}
const STATE_KEY = Symbol.for('memoria.backend-dev');
const globalState = globalThis as typeof globalThis & { [STATE_KEY]?: DevBackendState };
const state: DevBackendState = globalState[STATE_KEY] ?? {};
globalState[STATE_KEY] = state;

function isApiPath(url: string | undefined): boolean {
  return (
    url === API_PREFIX ||
    url?.startsWith(`${API_PREFIX}/`) === true ||
    url?.startsWith(`${API_PREFIX}?`) === true
  );
}

async function start(logger: AstroIntegrationLogger): Promise<Backend | undefined> {
  await state.closing;
  try {
    // Imported here, not at the top: loading the config (e.g. for `astro build`) must not load
    // the backend (database driver, native hashing).
    const { startBackend } = await import('@memoria/server');
    const backend = await startBackend();
    logger.info(`backend mounted at ${API_PREFIX} (database ${redact(backend.databaseUrl)})`);
    return backend;
  } catch (error) {
    logger.error(`backend did not start; ${API_PREFIX} answers 503. ${String(error)}`);
    return undefined;
  }
}

async function stop(): Promise<void> {
  const starting = state.starting;
  if (!starting) return;
  state.starting = undefined;
  state.closing = starting.then((backend) => backend?.close());
  await state.closing;
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]+@/, '//$1:***@');
}

function unavailable(res: ServerResponse): void {
  res.statusCode = 503;
  res.setHeader('Content-Type', 'application/json');
  res.end(JSON.stringify({ detail: 'The backend is not running.', code: 'unavailable' }));
}

export default function backendDev(): AstroIntegration {
  let command: string | undefined;
  return {
    name: 'memoria:backend-dev',
    hooks: {
      'astro:config:setup': (options) => {
        command = options.command;
      },
      'astro:server:setup': ({ server, logger }) => {
        // `astro build` may create a Vite server of its own; only `astro dev` gets a backend, so
        // a build never takes the data folder of the product it is building for.
        if (command !== 'dev') return;
        state.starting ??= start(logger);
        const backendReady = state.starting;
        let listener: ReturnType<typeof getRequestListener> | undefined;

        server.middlewares.use((req: IncomingMessage, res: ServerResponse, next: () => void) => {
          if (!isApiPath(req.url)) return next();
          backendReady.then(
            (backend) => {
              if (!backend) return unavailable(res);
              // Keep Node's own Request/Response globals: Astro renders pages in this process.
              listener ??= getRequestListener(backend.fetch, { overrideGlobalObjects: false });
              return listener(req, res);
            },
            () => unavailable(res),
          );
        });

        if (!state.signalsHooked) {
          state.signalsHooked = true;
          for (const signal of ['SIGINT', 'SIGTERM'] as const) {
            process.once(signal, () => {
              void stop().finally(() => process.exit(0));
            });
          }
        }
      },
      // Runs when the dev server really closes (not on a config restart, which re-runs setup and
      // keeps the running backend).
      'astro:server:done': async () => {
        await stop();
      },
    },
  };
}
