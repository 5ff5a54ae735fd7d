/**
 * The PostgreSQL driver's transactions when BEGIN fills a connection's pipeline. postgres.js
 * 3.4.9 reserves a transaction's connection in BEGIN's `onexecute` hook, which ran only when the
 * connection could take more queries: BEGIN sent as the query that filled the pipeline left the
 * connection in the pool, the transaction failed with UNSAFE_TRANSACTION (a 500 under load, seen
 * once in 2,000 duel submits), and PostgreSQL's open transaction could take other requests'
 * queries. patches/postgres+3.4.9.patch runs the hook whenever BEGIN was written (upstream
 * porsager/postgres#1189, fix proposed in #1218); these tests fail without it.
 */
import postgres from 'postgres';
import { afterEach, describe, expect, inject, it } from 'vitest';

const pools: postgres.Sql[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((sql) => sql.end({ timeout: 5 })));
});

function pool(options: { max: number; max_pipeline: number }) {
  // max_pipeline is an option of postgres.js that its type declarations leave out; a variable,
  // unlike an object literal, may carry it.
  const settings = { onnotice: () => {}, ...options };
  const sql = postgres(inject('pgAdminUrl'), settings);
  pools.push(sql);
  return sql;
}

describe('sql.begin when BEGIN fills the pipeline', () => {
  it('reserves the connection for the transaction when BEGIN is the query that fills it', async () => {
    // One connection, room for two queries behind the active one: the sleep is active, the
    // select waits in the pipeline, and BEGIN is the second one waiting, which fills it.
    const sql = pool({ max: 1, max_pipeline: 2 });
    await sql`select 1`; // connected, so the three below meet one open connection
    // execute() sends a query now; sql.begin sends its BEGIN at once, so it comes third.
    const sleeping = sql`select pg_sleep(0.05) as slept`.execute();
    const waiting = sql`select 2 as n`.execute();
    const transaction = sql.begin(async (tx) => {
      const [row] = await tx`select txid_current_if_assigned() is null as fresh, 3 as n`;
      return row;
    });
    const [, [second], inside] = await Promise.all([sleeping, waiting, transaction]);
    expect(second?.n).toBe(2);
    expect(inside).toEqual({ fresh: true, n: 3 });
  });

  it('keeps other queries out of a transaction whose BEGIN filled the pipeline', async () => {
    const sql = pool({ max: 1, max_pipeline: 2 });
    await sql`select 1`;
    const sleeping = sql`select pg_sleep(0.05)`.execute();
    const waiting = sql`select 2`.execute();
    let releaseTransaction = () => {};
    const held = new Promise<void>((resolve) => {
      releaseTransaction = resolve;
    });
    const transaction = sql.begin(async (tx) => {
      const [row] = await tx`select txid_current()::text as xid`; // gives the transaction an id
      await held;
      return row?.xid;
    });
    await Promise.all([sleeping, waiting]);
    // Sent while the transaction is open: it must wait for the commit, not run inside it (where
    // the transaction's id would be assigned already).
    const outside = sql`select txid_current_if_assigned()::text as xid`;
    setTimeout(releaseTransaction, 50);
    const [xid, [row]] = await Promise.all([transaction, outside]);
    expect(xid).toMatch(/^\d+$/);
    expect(row?.xid).toBeNull();
  });

  it('runs transactions with pipelining turned off (max_pipeline 0)', async () => {
    const sql = pool({ max: 2, max_pipeline: 0 });
    const results = await Promise.all(
      [1, 2, 3, 4].map((n) => sql.begin(async (tx) => (await tx`select ${n}::int as n`)[0]?.n)),
    );
    expect(results).toEqual([1, 2, 3, 4]);
  });
});
