/**
 * The Prometheus metrics of one app (prom-client), served by `GET /metrics/` (routes/system.ts).
 * Each app has its own registry, never prom-client's global one: tests build several apps in one
 * process, and their metrics must not mix. Requests are counted as they end (app.ts); the pool,
 * the open streams and the mail outbox are read when Prometheus scrapes, so they cost nothing in
 * between. Every metric is described in docs/operations/metrics.md.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { type PoolStats, poolStats, type Sql } from './db/client.ts';
import { type MailQueueCounts, mailQueueCounts } from './db/queries/mail.ts';
import { DEFAULT_MAIL_RETRY } from './domain/mail/mail-retry.ts';
import { errorFields, type Logger } from './log.ts';
import { FIT_OUTCOMES, type FitOutcome } from './memory-model/fit-result.ts';

/** Seconds: from 1 ms (the liveness probe) to 10 s (a slow upload or export). */
export const REQUEST_SECONDS_BUCKETS = [
  0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
];

/** The operation label of a request no contract operation answered (an unknown path). */
export const UNMATCHED_OPERATION = 'unmatched';

export interface MetricsOptions {
  /** The pool whose state is reported, and where the mail outbox is read. */
  sql: Sql;
  /** Open event streams on this instance (`EventHub.size`). */
  openStreams: () => number;
  logger: Logger;
  /** Attempts after which the outbox gives a mail up (`MAIL_MAX_ATTEMPTS`). */
  mailMaxAttempts?: number;
  /**
   * Node's own metrics (event-loop lag, memory, GC, handles) on this registry. Each call of
   * prom-client's collector starts a GC observer and an event-loop monitor that are never
   * stopped: the server turns it on once, tests only where they look at them.
   */
  processMetrics?: boolean;
}

export interface Metrics {
  readonly registry: Registry;
  /** One answered request: `operation` is its operationId (UNMATCHED_OPERATION for none). */
  observeRequest(operation: string, method: string, status: number, seconds: number): void;
  /** One learner's fit ended (memory-model/fitter.ts). */
  observeFit(outcome: FitOutcome): void;
  /** The exposition text, in `contentType`. */
  scrape(): Promise<string>;
  readonly contentType: string;
}

export function createMetrics(options: MetricsOptions): Metrics {
  const { sql, logger } = options;
  const maxAttempts = options.mailMaxAttempts ?? DEFAULT_MAIL_RETRY.maxAttempts;
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Answered API requests by contract operation, method and status.',
    labelNames: ['operation', 'method', 'status'] as const,
    registers,
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request reaching the app to its answer (its headers, for a stream).',
    labelNames: ['operation'] as const,
    buckets: REQUEST_SECONDS_BUCKETS,
    registers,
  });

  // One read of the pool per scrape (taken in `scrape`) serves every pool metric.
  let pool: PoolStats | undefined;
  const readPool = () => pool ?? poolStats(sql);
  new Gauge({
    name: 'db_pool_connections',
    help: 'Database pool connections by state (idle, busy, reserved, connecting).',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const p = readPool();
      this.set({ state: 'idle' }, p.idle);
      this.set({ state: 'busy' }, p.busy);
      this.set({ state: 'reserved' }, p.reserved);
      this.set({ state: 'connecting' }, p.connecting);
    },
  });
  new Gauge({
    name: 'db_pool_max_connections',
    help: 'The most connections the database pool opens (DATABASE_POOL_SIZE).',
    registers,
    collect() {
      this.set(readPool().max);
    },
  });
  new Gauge({
    name: 'db_pool_waiting_queries',
    help: 'Queries waiting for a free database connection now.',
    registers,
    collect() {
      this.set(readPool().waiting);
    },
  });
  new Counter({
    name: 'db_pool_waits_total',
    help: 'Queries that had to wait for a free database connection since the start.',
    registers,
    collect() {
      this.reset();
      this.inc(readPool().waited);
    },
  });

  new Gauge({
    name: 'events_open_streams',
    help: 'Open event streams (GET /events/) on this instance.',
    registers,
    collect() {
      this.set(options.openStreams());
    },
  });

  const fits = new Counter({
    name: 'fitter_runs_total',
    help: 'Memory-model fits by outcome (fitted, kept_defaults, too_few_reviews, failed).',
    labelNames: ['outcome'] as const,
    registers,
  });
  // Every outcome is a series from the start, so that `increase()` sees the first fit of each.
  for (const outcome of FIT_OUTCOMES) fits.inc({ outcome }, 0);

  // The three outbox gauges share one query per scrape (their collects start in the same turn).
  let mail: Promise<MailQueueCounts | undefined> | undefined;
  const readMail = () => {
    mail ??= mailQueueCounts(sql, maxAttempts)
      .catch((error: unknown) => {
        // The scrape still answers (the other metrics matter most when the database is away);
        // the outbox gauges keep their last values.
        logger.warn('metrics: the mail outbox could not be read', errorFields(error));
        return undefined;
      })
      .finally(() => {
        mail = undefined;
      });
    return mail;
  };
  const mailGauge = (name: string, help: string, pick: (c: MailQueueCounts) => number) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        const counts = await readMail();
        if (counts) this.set(pick(counts));
      },
    });
  mailGauge('mail_outbox_unsent', 'Mails in the outbox not sent yet.', (c) => c.unsent);
  mailGauge('mail_outbox_due', 'Unsent mails due for an attempt now.', (c) => c.due);
  mailGauge(
    'mail_outbox_given_up',
    'Unsent mails no sender tries again (MAIL_MAX_ATTEMPTS reached).',
    (c) => c.givenUp,
  );

  return {
    registry,
    contentType: registry.contentType,
    observeRequest(operation, method, status, seconds) {
      requests.inc({ operation, method, status });
      duration.observe({ operation }, seconds);
    },
    observeFit(outcome) {
      fits.inc({ outcome });
    },
    async scrape() {
      pool = poolStats(sql);
      try {
        return await registry.metrics();
      } finally {
        pool = undefined;
      }
    },
  };
}
