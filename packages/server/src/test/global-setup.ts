import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { startDatabaseServer } from '../db/connect.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { createLogger } from '../log.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the `postgres` maintenance database of the run's embedded server. */
    pgAdminUrl: string;
    /** A migrated database each test database is cloned from (`create database … template`). */
    pgTemplate: string;
  }
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Migrates one template database for the run: a test database is a copy of it, which takes a
 * file copy instead of replaying every migration in every test file. Returns its removal.
 */
async function createTemplate(adminUrl: string, name: string): Promise<() => Promise<void>> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.unsafe(`create database ${name}`);
  const template = openDatabase(withDatabase(adminUrl, name), { max: 1 });
  try {
    await migrateDatabase(template.db);
  } finally {
    // A template is copied only while nobody is connected to it.
    await template.end();
  }
  return async () => {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
}

/**
 * Starts one throw-away embedded PostgreSQL for the run (or uses TEST_DATABASE_URL) and migrates
 * the template database in it.
 */
export default async function setup(project: TestProject) {
  const template = `test_template_${process.pid}`;
  project.provide('pgTemplate', template);
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    project.provide('pgAdminUrl', external);
    return await createTemplate(external, template);
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
  const dropTemplate = await createTemplate(server.url, template);
  return async () => {
    await dropTemplate();
    await server.close();
    await rm(dir, { recursive: true, force: true });
  };
}
