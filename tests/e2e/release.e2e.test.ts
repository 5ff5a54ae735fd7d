// The production tree (`npm run build:release`, what the Dockerfile's build stage runs) started
// the way the image starts it: NODE_ENV=production, Node 24 (this test's own), an external
// PostgreSQL by DATABASE_URL, and no dev dependencies installed. No container engine runs here,
// so this is the check that the image's contents work.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseServer, startDatabaseServer } from '../../packages/server/src/db/connect.ts';
import { isReleaseStale, RELEASE_DIR } from '../../scripts/release.ts';
import { jsonApi } from '../support/api.ts';
import { newLearner } from '../support/learners.ts';
import { STEP_LIMIT_MS } from '../support/limits.ts';
import { freePort } from '../support/product.ts';

const root = join(import.meta.dirname, '../..');
const release = join(root, RELEASE_DIR);

/** Only what a production host sets: no inherited NODE_ENV=test, no repository PATH entries. */
function productionEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: '/usr/local/bin:/usr/bin:/bin',
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

function exited(child: ChildProcess): Promise<number | null> {
  return child.exitCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

async function waitForReady(baseUrl: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The release exited with ${child.exitCode}`);
    const ok = await fetch(`${baseUrl}/be/api/health/`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The release did not answer ${baseUrl}/be/api/health/ in ${timeoutMs} ms`);
}

describe('the release tree (npm run build:release)', () => {
  let database: DatabaseServer | undefined;
  let product: ChildProcess | undefined;
  let baseUrl = '';
  const dataDir = mkdtempSync(join(tmpdir(), 'memoria-release-db-'));

  beforeAll(async () => {
    // A release newer than every source is reused: the build is the Dockerfile's and CI's job,
    // and the journeys' global setup has just built the web app it would copy.
    if (isReleaseStale(root)) {
      const started = Date.now();
      const built = spawnSync(process.execPath, ['scripts/release.ts'], {
        cwd: root,
        stdio: 'inherit',
      });
      expect(built.status, 'npm run build:release').toBe(0);
      console.log(`build:release took ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    database = await startDatabaseServer({ dataDir, ephemeral: true, databaseUrl: undefined });
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    product = spawn(process.execPath, ['scripts/start.ts'], {
      cwd: release,
      env: productionEnv({
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseUrl,
        DATABASE_URL: database.url,
        SEED_DEMO: 'false',
      }),
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    await waitForReady(baseUrl, product, 120_000);
  }, 600_000);

  afterAll(async () => {
    if (product && product.exitCode === null) {
      product.kill('SIGTERM');
      await exited(product);
    }
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('holds production dependencies only, with the postgres.js patch applied', () => {
    expect(existsSync(join(release, 'node_modules/postgres'))).toBe(true);
    expect(existsSync(join(release, 'node_modules/vitest'))).toBe(false);
    expect(existsSync(join(release, 'node_modules/astro/package.json'))).toBe(true);
    // The `node` package (Node 24 for development) is a dev dependency: the host's Node runs it.
    expect(existsSync(join(release, 'node_modules/node'))).toBe(false);
    const driver = readFileSync(join(release, 'node_modules/postgres/src/connection.js'), 'utf8');
    expect(driver).toContain('patches/postgres+3.4.9.patch');
    expect(existsSync(join(release, 'dist/server/entry.mjs'))).toBe(true);
    expect(existsSync(join(release, 'src'))).toBe(false);
  });

  it('serves the built web app and signs in a newly registered learner', async () => {
    const home = await fetch(`${baseUrl}/`);
    expect(home.status).toBeLessThan(400);
    expect(await home.text()).toContain('<html');

    const live = await fetch(`${baseUrl}/be/api/health/live/`);
    expect(live.status).toBe(200);

    const learner = await newLearner(jsonApi(baseUrl), 'release');
    expect(learner.tokens.access).toMatch(/^ey/);
    const me = await fetch(`${baseUrl}/be/api/auth/users/me/`, {
      headers: { authorization: `Bearer ${learner.tokens.access}` },
    });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe(learner.email);
  });

  it('refuses to start in production without a built web app, and says how to build one', async () => {
    // The release's start scripts without its dist/: the check comes before anything starts.
    const bare = mkdtempSync(join(tmpdir(), 'memoria-release-bare-'));
    try {
      cpSync(join(release, 'package.json'), join(bare, 'package.json'));
      cpSync(join(release, 'scripts'), join(bare, 'scripts'), { recursive: true });
      const started = spawnSync(process.execPath, ['scripts/start.ts'], {
        cwd: bare,
        env: productionEnv({
          PUBLIC_URL: 'http://127.0.0.1:1',
          DATABASE_URL: 'postgres://x@127.0.0.1:1/x',
        }),
        encoding: 'utf8',
        timeout: STEP_LIMIT_MS,
      });
      expect(started.status).toBe(1);
      expect(started.stderr).toContain(
        'No built web app in dist/: run npm run build:release (or npm run build) first.',
      );
      expect(existsSync(join(bare, 'dist'))).toBe(false);
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });
});
