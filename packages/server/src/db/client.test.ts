import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { SessionRevocations } from '../auth/revocations.ts';
import { EventHub } from '../events/hub.ts';
import { createLogger } from '../log.ts';
import { createTestBackend } from '../test/harness.ts';
import { databaseSettings, openDatabase, poolSize } from './client.ts';
import { withStartupLock } from './migrate.ts';

describe('poolSize', () => {
  it('defaults to twice the CPUs plus one', () => {
    expect(poolSize(undefined, 2)).toBe(5);
    expect(poolSize('', 8)).toBe(17);
  });

  it('takes DATABASE_POOL_SIZE when it is a whole number from 1 to 200', () => {
    expect(poolSize('1', 2)).toBe(1);
    expect(poolSize('10', 2)).toBe(10);
    expect(poolSize('200', 2)).toBe(200);
  });

  it('refuses anything else, naming the variable and the value', () => {
    for (const bad of ['0', '201', '-1', '1.5', '1e2', ' 5', 'ten', '0x10']) {
      expect(() => poolSize(bad, 2), bad).toThrow(
        `DATABASE_POOL_SIZE must be a whole number from 1 to 200; it is "${bad}".`,
      );
    }
  });
});

describe('databaseSettings', () => {
  it('prepares statements and listens on the pool by default', () => {
    expect(databaseSettings({})).toEqual({ prepare: true, listenUrl: undefined });
    expect(databaseSettings({ DATABASE_PREPARE: '', DATABASE_LISTEN_URL: '' })).toEqual({
      prepare: true,
      listenUrl: undefined,
    });
  });

  it('reads DATABASE_PREPARE and DATABASE_LISTEN_URL (behind a transaction-mode pooler)', () => {
    const settings = databaseSettings({
      DATABASE_PREPARE: 'false',
      DATABASE_LISTEN_URL: 'postgres://memoria@db:5432/memoria',
    });
    expect(settings).toEqual({
      prepare: false,
      listenUrl: 'postgres://memoria@db:5432/memoria',
    });
    expect(databaseSettings({ DATABASE_PREPARE: 'true' }).prepare).toBe(true);
  });

  it('refuses values it does not understand, naming the variable', () => {
    for (const bad of ['no', '0', 'FALSE', ' false']) {
      expect(() => databaseSettings({ DATABASE_PREPARE: bad }), bad).toThrow(
        `DATABASE_PREPARE must be true or false; it is "${bad}".`,
      );
    }
    expect(() => databaseSettings({ DATABASE_LISTEN_URL: 'db:5432' })).toThrow(
      'DATABASE_LISTEN_URL must be a postgres:// or postgresql:// URL.',
    );
  });
});

describe('openDatabase', () => {
  /** The statements prepared in the session of a one-connection pool, after a parameterised query. */
  async function preparedAfterAQuery(prepare: boolean): Promise<number> {
    const database = openDatabase(inject('pgAdminUrl'), { max: 1, prepare });
    try {
      await database.sql`select ${1}::int as one`;
      const [row] = await database.sql<{ n: number }[]>`
        select count(*)::int as n from pg_prepared_statements`;
      return row?.n ?? -1;
    } finally {
      await database.end();
    }
  }

  it('prepares named statements unless told not to (prepare: false for PgBouncer)', async () => {
    expect(await preparedAfterAQuery(true)).toBeGreaterThan(0);
    expect(await preparedAfterAQuery(false)).toBe(0);
  });

  it('opens the LISTEN connections of the events hub and the revocations on the direct URL', async () => {
    const tag = `memoria_direct_${randomBytes(4).toString('hex')}`;
    // A migrated database of its own (the revocations load their table once listening).
    const backend = await createTestBackend();
    const url = backend.url;
    const direct = `${url}${url.includes('?') ? '&' : '?'}application_name=${tag}`;
    const database = openDatabase(url, { max: 2, listenUrl: direct });
    const logger = createLogger('silent');
    const events = new EventHub(database.sql, logger, { listener: database.direct });
    const sessions = new SessionRevocations(database.sql, logger, { listener: database.direct });
    try {
      await events.listen();
      await sessions.start();
      expect(sessions.live).toBe(true);
      const listening = await database.sql<{ application_name: string; query: string }[]>`
        select application_name, query from pg_stat_activity
        where query ilike 'listen %' and datname = current_database()
          and application_name in (${tag}, 'memoria')`;
      // Both channels on the one direct connection, none on the pool.
      expect(listening.map((row) => row.application_name)).toEqual([tag]);
      const [{ n }] = (await database.sql`
        select count(*)::int as n from pg_stat_activity where application_name = ${tag}`) as [
        { n: number },
      ];
      expect(n).toBe(1);
    } finally {
      await events.close();
      await sessions.close();
      await database.end();
      await backend.close();
    }
  });

  it('holds the start-up lock on the direct connection, not through the pool', async () => {
    const tag = `memoria_direct_${randomBytes(4).toString('hex')}`;
    const url = inject('pgAdminUrl');
    const direct = `${url}${url.includes('?') ? '&' : '?'}application_name=${tag}`;
    const database = openDatabase(url, { max: 2, listenUrl: direct });
    try {
      const holders = await withStartupLock(
        database.direct,
        () => database.sql<{ application_name: string }[]>`
          select a.application_name from pg_locks l join pg_stat_activity a using (pid)
          where l.locktype = 'advisory' and l.granted and a.application_name in (${tag}, 'memoria')`,
      );
      expect(holders.map((row) => row.application_name)).toEqual([tag]);
    } finally {
      await database.end();
    }
  });
});
