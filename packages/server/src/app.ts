import { randomUUID } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { authenticate } from './auth/tokens.ts';
import { loadContract, type OpenApiDocument } from './contract/load.ts';
import { registerContractRoutes } from './contract/router.ts';
import type { Handlers } from './contract/types.ts';
import type { AppDeps, AppEnv } from './http/context.ts';
import { ApiError, type ErrorBody, type ErrorCode } from './http/errors.ts';
import { errorFields } from './log.ts';
import { UNMATCHED_OPERATION } from './metrics.ts';
import { allHandlers } from './routes/index.ts';

export const BASE_PATH = '/be/api';

export interface CreateAppOptions {
  /** The contract (default: openapi.yaml at the repo root). */
  doc?: OpenApiDocument;
  /** The operation handlers (default: every `src/routes` module). */
  handlers?: Handlers;
}

const REQUEST_ID = /^[\w.:-]{1,128}$/;

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'validation_error',
  401: 'not_authenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  501: 'not_implemented',
  503: 'unavailable',
};

/**
 * Answers carry bearer-authorised personal data: no cache may keep them (a handler that sets its
 * own Cache-Control keeps it), no browser may guess a type other than the declared one, and none
 * is a document that could run script or be framed. A handler's own CSP is kept only when it
 * starts from the same `default-src 'none'` (the sandbox checkout adds its style's hash).
 */
function setApiSecurityHeaders(headers: Headers): void {
  headers.set('X-Content-Type-Options', 'nosniff');
  if (!headers.get('Content-Security-Policy')?.startsWith("default-src 'none'; ")) {
    headers.set('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
  }
  if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store');
}

/** Whether `level` is logged is fixed when the logger is made; asked once per level, not per request. */
function levelsOf(logger: AppDeps['logger']): Record<'debug' | 'info' | 'warn' | 'error', boolean> {
  return {
    debug: logger.enabled('debug'),
    info: logger.enabled('info'),
    warn: logger.enabled('warn'),
    error: logger.enabled('error'),
  };
}

/**
 * A request header (`name` in lower case). Under @hono/node-server it is read from Node's own
 * parsed headers: asking the fetch Request for one builds its whole Headers object (a WebIDL
 * append per header), which a CPU profile of the liveness route showed as the largest cost of a
 * request that needs no other header.
 */
function requestHeader(c: Context<AppEnv>, name: string): string | undefined {
  const parsed = c.env?.incoming?.headers;
  if (!parsed) return c.req.header(name);
  const value = parsed[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Balancers and supervisors ask these every few seconds: their successful answers are logged at
 * debug, so that they do not drown the requests of people at info.
 */
const PROBES: ReadonlySet<string> = new Set(['getHealth', 'getLiveness']);

/** The methods a metric names; any other (a client may send any token) is counted as `other`. */
const METHODS: ReadonlySet<string> = new Set([
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
]);

/** The access log's status for a request whose client went away before the answer (nginx's). */
export const CLIENT_CLOSED_REQUEST = 499;

/**
 * Whether `error` comes from the client hanging up (a body cut off mid-way: Node's `aborted`,
 * ECONNRESET), rather than from the server. Node's request tells: it was aborted before its end.
 */
function isClientAbort(c: Context<AppEnv>, error: Error): boolean {
  // The server's own cut (the idle-body time-out destroys the request with its 408) is no abort.
  if (error instanceof ApiError && error.code === 'request_timeout') return false;
  if (c.env?.incoming?.readableAborted === true) return true;
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ECONNRESET' && error.message === 'aborted';
}

/** The Hono app serving the contract under `/be/api`. */
export function createApp(deps: AppDeps, options: CreateAppOptions = {}): Hono<AppEnv> {
  const doc = options.doc ?? loadContract();
  const handlers = options.handlers ?? allHandlers();
  const { logger, metrics } = deps;
  const app = new Hono<AppEnv>().basePath(BASE_PATH);

  const logged = levelsOf(logger);
  app.use('*', async (c, next) => {
    const started = performance.now();
    const incoming = requestHeader(c, 'x-request-id');
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    c.set('deps', deps);
    c.set('requestId', requestId);
    await next();
    // Set once on the answer's headers (each set on Headers before the answer exists copies them).
    const headers = c.res.headers;
    if (!headers.has('X-Request-Id')) headers.set('X-Request-Id', requestId);
    setApiSecurityHeaders(headers);
    const status = c.res.status;
    const ms = performance.now() - started;
    const operation = c.get('operationId');
    const method = c.req.method;
    metrics.observeRequest(
      operation ?? UNMATCHED_OPERATION,
      METHODS.has(method) ? method : 'other',
      status,
      ms / 1000,
    );
    // 501 (not built yet) and 503 (database down) are expected states, not faults of the code.
    const level =
      status === 501 || status === 503
        ? 'warn'
        : status >= 500
          ? 'error'
          : operation !== undefined && PROBES.has(operation)
            ? 'debug'
            : 'info';
    if (logged[level]) {
      logger[level]('request', {
        request_id: requestId,
        method,
        path: c.req.path,
        status,
        ms: Math.round(ms * 10) / 10,
        operation,
        user_id: c.get('user')?.id,
      });
    }
  });

  registerContractRoutes(app, { doc, handlers, authenticate });

  app.notFound((c) => {
    const body: ErrorBody = {
      detail: `No route for ${c.req.method} ${c.req.path}`,
      code: 'not_found',
    };
    return c.json(body, 404);
  });

  app.onError((error, c) => {
    // Nobody is left to answer: the access log records it as 499 (nginx's "client closed
    // request"), an event of the network, not a fault of the code.
    if (isClientAbort(c, error)) return new Response(null, { status: CLIENT_CLOSED_REQUEST });
    if (error instanceof ApiError) {
      for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
      return c.json(error.toBody(), error.status);
    }
    if (error instanceof HTTPException && error.status < 500) {
      const status = error.status as ContentfulStatusCode;
      const body: ErrorBody = {
        detail: error.message || 'Bad request.',
        code: CODE_BY_STATUS[status] ?? 'validation_error',
      };
      return c.json(body, status);
    }
    logger.error('unhandled error', {
      request_id: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      operation: c.get('operationId'),
      ...errorFields(error),
    });
    const body: ErrorBody = { detail: 'Internal server error.', code: 'internal_error' };
    return c.json(body, 500);
  });

  return app;
}
