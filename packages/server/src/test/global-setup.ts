import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startDatabaseServer } from '../db/connect.ts';
import { createLogger } from '../log.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the `postgres` maintenance database of the run's embedded server. */
    pgAdminUrl: string;
  }
}

/** Starts one throw-away embedded PostgreSQL for the run (or uses TEST_DATABASE_URL). */
export default async function setup(project: TestProject) {
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    project.provide('pgAdminUrl', external);
    return;
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), `memoria-test-pg-${process.pid}-`));
  await chmod(dir, 0o755); // reachable by the `postgres` user when the tests run as root
  const server = await startDatabaseServer({
    databaseUrl: '', // never DATABASE_URL: tests create and drop databases
    dataDir: dir,
    database: 'postgres',
    ephemeral: true,
    logger: createLogger('warn'),
  });
  project.provide('pgAdminUrl', server.url);
  return async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  };
}
