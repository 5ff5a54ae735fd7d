/**
 * The PostgreSQL driver's pool state, which the metrics read (GET /metrics/). postgres.js 3.4.9
 * keeps its connections and waiting queries in closure variables and exposes none of them
 * (porsager/postgres #443, open); patches/postgres+3.4.9.patch adds `sql.stats()`. This test fails
 * without it.
 */
import postgres from 'postgres';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { poolStats } from './client.ts';

const pools: postgres.Sql[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((sql) => sql.end({ timeout: 5 })));
});

describe("the driver's pool state", () => {
  it('counts connections by state and the queries that wait for one', async () => {
    const sql = postgres(inject('pgAdminUrl'), { max: 1, onnotice: () => {} });
    pools.push(sql);
    expect(poolStats(sql)).toMatchObject({ max: 1, idle: 0, busy: 0, waiting: 0, waited: 0 });
    await sql`select 1`;
    expect(poolStats(sql)).toMatchObject({ idle: 1, busy: 0, reserved: 0, waiting: 0 });

    // A transaction holds the only connection: the next query waits for it.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let begun = () => {};
    const inside = new Promise<void>((resolve) => {
      begun = resolve;
    });
    const transaction = sql.begin(async (tx) => {
      await tx`select 2`;
      begun();
      await held;
    });
    const queued = (async () => {
      await inside;
      return sql`select 3 as n`;
    })();
    try {
      await inside;
      // The driver hands a query to its pool one turn of the event loop after it is made.
      await new Promise((resolve) => setImmediate(resolve));
      expect(poolStats(sql)).toMatchObject({ idle: 0, reserved: 1, waiting: 1, waited: 1 });
    } finally {
      release();
    }
    await transaction;
    const [row] = await queued;
    expect(row?.n).toBe(3);
    expect(poolStats(sql)).toMatchObject({ idle: 1, reserved: 0, waiting: 0, waited: 1 });
  });
});
