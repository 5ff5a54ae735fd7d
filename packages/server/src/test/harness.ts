import { randomBytes } from 'node:crypto';
import type { Hono } from 'hono';
import postgres from 'postgres';
import { inject } from 'vitest';
import type { AnkiImportOptions } from '../anki/import-process.ts';
import { type CreateAppOptions, createApp } from '../app.ts';
import { SessionRevocations } from '../auth/revocations.ts';
import { loadJwtSecret } from '../auth/secret.ts';
import { type ContractOperation, listOperations, loadContract } from '../contract/load.ts';
import { ContractValidator } from '../contract/validate.ts';
import { type Database, openDatabase } from '../db/client.ts';
import type { MediaLimits } from '../domain/decks/media.ts';
import { EventHub, type EventHubOptions } from '../events/hub.ts';
import type { AppBindings, AppDeps, AppEnv } from '../http/context.ts';
import { resolvePublicUrl } from '../http/public-url.ts';
import { createLogger, type Logger } from '../log.ts';
import { createMetrics } from '../metrics.ts';
import { createProviders, type Providers } from '../providers/index.ts';
import { signalPresence } from '../services/duels/presence.ts';

export const contract = loadContract();
export const operations = listOperations(contract);
export const validator = new ContractValidator(contract);

/** The contract operation answering `method` `path` (a path under /be/api), if any. */
export function findOperation(method: string, path: string): ContractOperation | undefined {
  const bare = path.replace(/^\/be\/api/, '').split('?')[0] ?? '';
  const candidates = operations.filter((op) => op.method === method.toLowerCase());
  const matches = (op: ContractOperation) => {
    const pattern = op.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
    return new RegExp(`^${pattern}?$`).test(bare);
  };
  // Static paths first, as the router registers them.
  return candidates.find((op) => !op.path.includes('{') && matches(op)) ?? candidates.find(matches);
}

const errorValidator = new ContractValidator(contract);
const errorSchema = { $ref: '#/components/schemas/Error' };

/**
 * Checks a response against the contract: its status must be declared for the operation (or be
 * 501 not_implemented, which every operation may answer), its JSON body must match the declared
 * schema, and an unknown route must answer the Error schema.
 */
export function assertMatchesContract(
  method: string,
  path: string,
  status: number,
  body: unknown,
): void {
  const op = findOperation(method, path);
  const fail = (why: string): never => {
    throw new Error(
      `Response of ${method} ${path} (${status}) breaks the contract: ${why}\n${JSON.stringify(body, null, 2)}`,
    );
  };
  let validate: ReturnType<ContractValidator['response']>;
  if (!op || status === 501) {
    validate = errorValidator.response(
      {
        operationId: '__error__',
        method: 'get',
        path,
        pointer: '',
        parameters: [],
        idempotent: false,
        secured: false,
        operation: {
          responses: { default: { content: { 'application/json': { schema: errorSchema } } } },
        },
      },
      status,
    );
  } else {
    try {
      validate = validator.response(op, status);
    } catch (error) {
      fail((error as Error).message);
      return;
    }
  }
  if (!validate) {
    if (body !== undefined) fail('the contract declares no body for this status');
    return;
  }
  if (!validate(body)) fail(JSON.stringify(validate.errors));
}

// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked against the contract at run time
type Json = any;

export interface TestResponse<T = Json> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  body?: unknown;
  /** Sent as is (for malformed JSON). */
  rawBody?: string;
  /** Sent as is, byte for byte (for bodies that are not UTF-8). */
  rawBytes?: Uint8Array<ArrayBuffer>;
  /** A multipart/form-data body (file uploads). */
  form?: FormData;
  token?: string;
  headers?: Record<string, string>;
  env?: AppBindings;
}

export interface TestBackend {
  app: Hono<AppEnv>;
  deps: AppDeps;
  database: Database;
  url: string;
  /** A request through `app.request()`, its response checked against the contract. */
  request<T = Json>(
    method: string,
    path: string,
    options?: RequestOptions,
  ): Promise<TestResponse<T>>;
  /** Registers a user and signs in; returns the tokens and the created user. */
  signUp(overrides?: Partial<Record<string, string>>): Promise<{
    user: { id: number; email: string; username: string };
    access: string;
    refresh: string;
    password: string;
  }>;
  close(): Promise<void>;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

let counter = 0;

/**
 * A fresh database (CREATE DATABASE test_<random>, a copy of the run's migrated template) in the
 * run's PostgreSQL, plus an app.
 */
export async function createTestBackend(
  options: CreateAppOptions & {
    logger?: Logger;
    /** Replace providers (default: the offline ones, as with no configuration). */
    providers?: Partial<Omit<Providers, 'close'>>;
    /** Use this existing (migrated) database instead of creating one: a second instance. */
    databaseUrl?: string;
    events?: EventHubOptions;
    /** The product's public address (`PUBLIC_URL`). */
    publicUrl?: string;
    /** `METRICS_TOKEN` (default unset: `GET /metrics/` answers 404). */
    metricsToken?: string;
    /** Node's own metrics on the app's registry (off by default: see metrics.ts). */
    processMetrics?: boolean;
    /** How Anki packages are read (default: the real child entry under the default limits). */
    ankiImport?: AnkiImportOptions;
    /** Largest media uploads (default: DEFAULT_MEDIA_LIMITS). */
    mediaLimits?: MediaLimits;
  } = {},
): Promise<TestBackend> {
  const adminUrl = inject('pgAdminUrl');
  const name = `test_${randomBytes(5).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  const shared = options.databaseUrl;
  // A copy of the run's migrated template (test/global-setup.ts).
  if (!shared) await admin.unsafe(`create database ${name} template ${inject('pgTemplate')}`);
  const url = shared ?? withDatabase(adminUrl, name);
  const database = openDatabase(url, { max: 5 });
  const logger = options.logger ?? createLogger('silent');
  let built: Hono<AppEnv> | undefined;
  const events = new EventHub(database.sql, logger, {
    onPresence: (userId) => signalPresence(database.sql, userId),
    ...options.events,
  });
  const deps: AppDeps = {
    db: database.db,
    sql: database.sql,
    logger,
    jwtSecret: await loadJwtSecret(database.db, undefined),
    version: 'test',
    publicUrl: resolvePublicUrl({ PUBLIC_URL: options.publicUrl }),
    providers: createProviders({}, options.providers, {
      sql: database.sql,
      // As startBackend does: the sandbox's webhook goes into this app.
      deliver: async (request) => (built as Hono<AppEnv>).fetch(request),
    }),
    events,
    sessions: new SessionRevocations(database.sql, logger),
    metrics: createMetrics({
      sql: database.sql,
      openStreams: () => events.size,
      logger,
      processMetrics: options.processMetrics,
    }),
    metricsToken: options.metricsToken,
    ankiImport: options.ankiImport,
    mediaLimits: options.mediaLimits,
  };
  // As startBackend does: a revoked session's open event streams end.
  deps.sessions.onRevoked((sids) => deps.events.endSessions(sids));
  const app = createApp(deps, options);
  built = app;

  const request = async <T = Json>(method: string, path: string, o: RequestOptions = {}) => {
    const headers: Record<string, string> = { ...o.headers };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    let body: string | Uint8Array<ArrayBuffer> | FormData | undefined = o.rawBytes ?? o.rawBody;
    if (o.body !== undefined) body = JSON.stringify(o.body);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    if (o.form) body = o.form; // fetch writes the multipart content type with its boundary
    const res = await app.request(path, { method, headers, body }, o.env);
    if (!res.headers.get('x-request-id')) throw new Error(`${method} ${path}: no X-Request-Id`);
    if (res.headers.get('content-type')?.startsWith('text/event-stream')) {
      // A live stream never ends by itself: its status must be declared, its frames are read by
      // the events tests.
      await res.body?.cancel();
      const op = findOperation(method, path);
      if (!op?.operation.responses?.[String(res.status)]) {
        throw new Error(`${method} ${path}: an event stream with an undeclared ${res.status}`);
      }
      return { status: res.status, body: undefined as T, headers: res.headers };
    }
    const type = res.headers.get('content-type') ?? '';
    if (type.startsWith('text/plain')) {
      // A text answer (the Prometheus metrics): the contract must declare it for this status.
      const op = findOperation(method, path);
      const content = (op?.operation.responses?.[String(res.status)] as { content?: object })
        ?.content;
      const declared = Object.keys(content ?? {}).some((key) => key.startsWith('text/plain'));
      if (!declared) throw new Error(`${method} ${path}: an undeclared text ${res.status}`);
      return { status: res.status, body: (await res.text()) as T, headers: res.headers };
    }
    const text = await res.text();
    const parsed = text ? JSON.parse(text) : undefined;
    assertMatchesContract(method, path, res.status, parsed);
    return { status: res.status, body: parsed as T, headers: res.headers };
  };

  return {
    app,
    deps,
    database,
    url,
    request,
    async signUp(overrides = {}) {
      counter += 1;
      const n = `${process.pid}${counter}${randomBytes(2).toString('hex')}`;
      const password = overrides.password ?? 'correct horse battery';
      const registered = await request('POST', '/be/api/auth/users/', {
        body: {
          email: `user${n}@example.com`,
          username: `user${n}`,
          password,
          password2: password,
          ...overrides,
        },
      });
      if (registered.status !== 201) {
        throw new Error(`signUp failed: ${JSON.stringify(registered.body)}`);
      }
      const tokens = await request('POST', '/be/api/auth/token/', {
        body: { email: registered.body.email, password },
      });
      if (tokens.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(tokens.body)}`);
      return { user: registered.body, password, ...tokens.body };
    },
    async close() {
      await deps.events.close();
      await deps.sessions.close();
      await deps.providers.close();
      await database.end();
      if (!shared) await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
