import { ankiImportLimits } from './anki/import-limits.ts';
import { createApp } from './app.ts';
import { SessionRevocations } from './auth/revocations.ts';
import { loadJwtSecret } from './auth/secret.ts';
import type { Backend } from './backend.ts';
import { createClock, testClockAllowed } from './clock.ts';
import { loadContract } from './contract/load.ts';
import { countImplemented } from './contract/router.ts';
import { openDatabase } from './db/client.ts';
import { startDatabaseServer } from './db/connect.ts';
import { migrateDatabase, withStartupLock } from './db/migrate.ts';
import { seedDemoAccounts } from './db/seed.ts';
import { mediaLimits } from './domain/decks/media.ts';
import { DEFAULT_MAX_STREAMS_PER_USER, EventHub } from './events/hub.ts';
import { trustedProxyHops } from './http/client-ip.ts';
import { resolvePublicUrl } from './http/public-url.ts';
import { createLogger, errorFields } from './log.ts';
import { fitLimits } from './memory-model/fit-limits.ts';
import { createFitter } from './memory-model/fitter.ts';
import { createMetrics } from './metrics.ts';
import { createProviders } from './providers/index.ts';
import { mailScheduleFromEnv, startMailSchedule } from './providers/mail/outbox.ts';
import { allHandlers } from './routes/index.ts';
import { signalPresence } from './services/duels/presence.ts';
import { wholeNumberSetting } from './settings.ts';
import { createLifecycle } from './shutdown.ts';

export { BASE_PATH, createApp } from './app.ts';
export type { Backend } from './backend.ts';
export { countImplemented } from './contract/router.ts';
export { DataDirLockedError } from './db/connect.ts';
export type { AppBindings, AppDeps } from './http/context.ts';
export { PublicUrlError, resolvePublicUrl } from './http/public-url.ts';
export { exitOnShutdownSignals, type Serving, serve } from './serve.ts';
export type { Lifecycle, ShutdownHook } from './shutdown.ts';

export interface StartBackendOptions {
  /** Use this PostgreSQL and start nothing (default: `DATABASE_URL`). */
  databaseUrl?: string;
  /** Local data folder for the embedded PostgreSQL (default: `DATA_DIR` or `<repo>/.data`). */
  dataDir?: string;
  /** Create the demo accounts on an empty database (default: unless `SEED_DEMO=false`). */
  seed?: boolean;
  /** Where `PUBLIC_URL` and `NODE_ENV` are read for the public origin (default: `process.env`). */
  env?: Record<string, string | undefined>;
}

/**
 * Connects to (or starts) PostgreSQL, applies migrations, seeds the demo accounts and builds the
 * API. Rejects with DataDirLockedError when another instance holds the data folder.
 */
export async function startBackend(options: StartBackendOptions = {}): Promise<Backend> {
  // Checked first: a production start without PUBLIC_URL, or a TRUST_PROXY that is not a hop
  // count, stops before anything is started.
  const publicUrl = resolvePublicUrl(options.env ?? process.env);
  const trustProxy = trustedProxyHops(options.env ?? process.env);
  const logger = createLogger();
  const server = await startDatabaseServer({
    databaseUrl: options.databaseUrl,
    dataDir: options.dataDir,
    logger,
  });
  const database = openDatabase(server.url);
  let app: ReturnType<typeof createApp> | undefined;
  const providers = createProviders(
    process.env,
    {},
    {
      sql: database.sql,
      // The sandbox notifies this process itself, in-process: never an address a request named.
      deliver: async (request) => {
        if (!app) throw new Error('sandbox: the app is not built yet');
        return app.fetch(request);
      },
    },
  );
  try {
    const seed = options.seed ?? process.env.SEED_DEMO !== 'false';
    await withStartupLock(database.direct, async () => {
      await migrateDatabase(database.db);
      if (seed) {
        await seedDemoAccounts(database.db, (line) => {
          if (logger.level !== 'silent') console.log(line);
        });
      }
    });
    const doc = loadContract();
    const handlers = allHandlers();
    // A learner's stream opening or closing is news to the opponents of their running duels.
    const events = new EventHub(database.sql, logger, {
      onPresence: (userId) => signalPresence(database.sql, userId),
      maxStreamsPerUser: wholeNumberSetting(
        'EVENTS_MAX_STREAMS_PER_USER',
        DEFAULT_MAX_STREAMS_PER_USER,
        { min: 1, max: 1000 },
      ),
      listener: database.direct,
    });
    // Revoked sessions are loaded and listened for from the start (auth/revocations.ts); until
    // then, and whenever the channel is silent, each check reads the table.
    const sessions = new SessionRevocations(database.sql, logger, {
      listener: database.direct,
    });
    sessions.onRevoked((sids) => events.endSessions(sids));
    void sessions.start();
    const lifecycle = createLifecycle((error) =>
      logger.error('a shutdown hook failed', errorFields(error)),
    );
    const mailSchedule = mailScheduleFromEnv(process.env);
    const metrics = createMetrics({
      sql: database.sql,
      openStreams: () => events.size,
      logger,
      mailMaxAttempts: mailSchedule.retry.maxAttempts,
      processMetrics: true,
    });
    const built = createApp(
      {
        db: database.db,
        sql: database.sql,
        logger,
        jwtSecret: await loadJwtSecret(database.db),
        version: process.env.APP_VERSION ?? doc.info.version,
        trustProxy,
        isStopping: () => lifecycle.isStopping(),
        providers,
        events,
        sessions,
        clock: createClock({ adjustable: testClockAllowed(process.env) }),
        publicUrl,
        metrics,
        // Unset or empty, GET /metrics/ answers 404 (docs/operations/metrics.md).
        metricsToken: process.env.METRICS_TOKEN || undefined,
        // Uploaded Anki packages are read in a child process (docs/operations/uploads.md).
        ankiImport: { limits: ankiImportLimits() },
        // Card media uploads (docs/features/media.md).
        mediaLimits: mediaLimits(),
      },
      { doc, handlers },
    );
    app = built;
    const { implemented, total } = countImplemented(doc, handlers);
    // Open event streams end when draining starts (their clients reconnect to another instance),
    // which also closes this instance's LISTEN connection; otherwise the drain would wait on them.
    lifecycle.onDrain(() => events.close());
    lifecycle.onDrain(() => sessions.close());
    // Learners' FSRS parameters are fitted in the background (memory-model/fitter.ts).
    const fitter = createFitter(database.sql, logger, { limits: fitLimits(), metrics });
    lifecycle.onDrain(() => fitter.stop());
    // Failed mail is tried again on a schedule with back-off (providers/mail/outbox.ts).
    if (providers.mail) {
      const mail = startMailSchedule(database.sql, providers.mail, logger, mailSchedule);
      lifecycle.onDrain(() => mail.stop());
    }
    let closing: Promise<void> | undefined;
    return {
      fetch: async (req, env) => built.fetch(req, env),
      lifecycle,
      close: () => {
        closing ??= lifecycle
          .close()
          .then(() => providers.close())
          .catch(() => {})
          .then(() => database.end())
          .finally(() => server.close());
        return closing;
      },
      databaseUrl: server.url,
      implemented: { implemented, total },
    };
  } catch (error) {
    await providers.close().catch(() => {});
    await database.end().catch(() => {});
    await server.close();
    throw error;
  }
}
