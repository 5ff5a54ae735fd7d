import type { AnkiImportOptions } from '../anki/import-process.ts';
import type { SessionRevocations } from '../auth/revocations.ts';
import type { Clock } from '../clock.ts';
import type { Db, Sql } from '../db/client.ts';
import type { UserRow } from '../db/queries/users.ts';
import type { MediaLimits } from '../domain/decks/media.ts';
import type { EventHub } from '../events/hub.ts';
import type { Logger } from '../log.ts';
import type { Metrics } from '../metrics.ts';
import type { Providers } from '../providers/index.ts';

export interface AppDeps {
  db: Db;
  sql: Sql;
  logger: Logger;
  /** HS256 key for access tokens (see auth/secret.ts). */
  jwtSecret: Uint8Array;
  /** Reported by the health endpoint. */
  version: string;
  /**
   * How many trusted proxies append to X-Forwarded-For in front of the product (`TRUST_PROXY`;
   * 0 or unset: the header is ignored). See http/client-ip.ts.
   */
  trustProxy?: number;
  /**
   * True once this instance is shutting down: readiness answers 503 so balancers stop sending
   * here, while other requests are still served (see serve.ts, `SHUTDOWN_DELAY_MS`).
   */
  isStopping?: () => boolean;
  /** AI, OCR…: offline defaults or configured adapters (see providers/index.ts). */
  providers: Providers;
  /** This instance's LISTEN connection and open event streams (see events/hub.ts). */
  events: EventHub;
  /** The sessions ended before their access tokens expired, as this instance sees them. */
  sessions: SessionRevocations;
  /** Dates subscriptions and plan access; real time unless a test moved it (see clock.ts). */
  clock?: Clock;
  /**
   * The product's public address without a trailing slash (`PUBLIC_URL`, see public-url.ts):
   * every absolute URL the server hands out or calls is built from it, never from the request.
   */
  publicUrl: string;
  /** This app's Prometheus registry and its recorders (see metrics.ts). */
  metrics: Metrics;
  /**
   * The bearer token `GET /metrics/` asks for (`METRICS_TOKEN`); unset, the route answers 404
   * as if it did not exist.
   */
  metricsToken?: string;
  /**
   * How uploaded Anki packages are read: a child process under these limits
   * (`ANKI_IMPORT_*`, see anki/import-limits.ts; default `DEFAULT_ANKI_IMPORT_LIMITS`).
   */
  ankiImport?: AnkiImportOptions;
  /** Largest card image and sound uploaded (`MEDIA_*_MAX_BYTES`, see domain/decks/media.ts). */
  mediaLimits?: MediaLimits;
}

/** What the host may pass as Hono's `env` (second argument of `fetch`). */
export interface AppBindings {
  /** The peer address, when the host knows it (Astro's `clientAddress`). */
  clientAddress?: string;
  /** Set by @hono/node-server: Node's own request, its headers already parsed. */
  incoming?: {
    socket?: { remoteAddress?: string };
    /** True once the client hung up before its body ended. */
    readableAborted?: boolean;
    headers?: Record<string, string | string[] | undefined>;
  };
}

export interface AppEnv {
  Bindings: AppBindings;
  Variables: {
    deps: AppDeps;
    requestId: string;
    operationId: string;
    /** The signed-in user; set for operations whose contract requires `bearer`. */
    user: UserRow;
    /** Until when a subscription grants the user's plan (null: the account's own plan). */
    planUntil: Date | null;
  };
}
