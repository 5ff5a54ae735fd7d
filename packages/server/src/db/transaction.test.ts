import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, type TestBackend } from '../test/harness.ts';
import { afterCommit, inTransaction, type Tx } from './transaction.ts';

let backend: TestBackend;
beforeAll(async () => {
  backend = await createTestBackend();
  const { sql } = backend.database;
  await sql`create table lock_pair (id int primary key, hits int not null default 0)`;
});
afterAll(async () => {
  await backend?.close();
});

/** A promise with its resolve function, to hold two transactions at the same point. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/**
 * Two transactions that lock rows 1 and 2 in opposite orders, both holding their first lock
 * before either asks for its second: PostgreSQL detects the deadlock and aborts one of them.
 * Only the first run of each waits at the gate, as two real requests would not meet again. The
 * victim's second run starts once the other transaction has committed: started earlier, before
 * the survivor (woken by the victim's abort) had taken its second row, it could take that row
 * first and deadlock again (a third run, which PostgreSQL's scheduling decides, not the code).
 */
async function provokeDeadlock(attempts: number) {
  const { sql } = backend.database;
  await sql`delete from lock_pair`;
  await sql`insert into lock_pair (id) values (1), (2)`;
  const bothLocked = gate();
  const oneSettled = gate();
  let locked = 0;
  let runs = 0;
  const crossing = (first: number, second: number) => async (tx: Tx) => {
    runs += 1;
    if (runs > 2) await oneSettled.opened;
    await tx`update lock_pair set hits = hits + 1 where id = ${first}`;
    if (runs <= 2) {
      locked += 1;
      if (locked === 2) bothLocked.open();
      await bothLocked.opened;
    }
    await tx`update lock_pair set hits = hits + 1 where id = ${second}`;
    return first;
  };
  const both = [
    inTransaction(sql, crossing(1, 2), { attempts }),
    inTransaction(sql, crossing(2, 1), { attempts }),
  ];
  for (const run of both) run.then(oneSettled.open, oneSettled.open);
  const results = await Promise.allSettled(both);
  const rows = await sql<
    { id: number; hits: number }[]
  >`select id, hits from lock_pair order by id`;
  return { results, runs, hits: rows.map((row) => row.hits) };
}

describe('inTransaction', () => {
  it('runs a transaction again after PostgreSQL aborts it for a real deadlock', async () => {
    const { results, runs, hits } = await provokeDeadlock(3);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(runs).toBe(3); // the deadlock victim ran a second time
    expect(hits).toEqual([2, 2]); // both committed exactly once
  });

  it('without retries the same collision fails with deadlock_detected', async () => {
    const { results, hits } = await provokeDeadlock(1);
    const rejected = results.filter((r) => r.status === 'rejected');
    expect(rejected).toHaveLength(1);
    expect((rejected[0] as PromiseRejectedResult).reason.code).toBe('40P01');
    expect(hits).toEqual([1, 1]); // the victim's first update was rolled back
  });

  it('gives up after the bounded number of serialization failures', async () => {
    const { sql } = backend.database;
    let runs = 0;
    const always = inTransaction(sql, async (tx) => {
      runs += 1;
      await tx`update lock_pair set hits = hits + 100 where id = 1`;
      await tx.unsafe(
        "do $$ begin raise exception 'conflict' using errcode = 'serialization_failure'; end $$",
      );
    });
    await expect(always).rejects.toMatchObject({ code: '40001' });
    expect(runs).toBe(3);
    const [row] = await sql<{ hits: number }[]>`select hits from lock_pair where id = 1`;
    expect(row?.hits).toBeLessThan(100); // every run was rolled back
  });

  it('does not run again after an error that is not a conflict', async () => {
    const { sql } = backend.database;
    let runs = 0;
    const duplicate = inTransaction(sql, async (tx) => {
      runs += 1;
      await tx`insert into lock_pair (id) values (1)`;
    });
    await expect(duplicate).rejects.toMatchObject({ code: '23505' });
    expect(runs).toBe(1);
  });

  it('runs afterCommit work once the run that committed has, and none of a run rolled back', async () => {
    const { sql } = backend.database;
    const done: string[] = [];
    let runs = 0;
    const result = await inTransaction(sql, async (tx) => {
      runs += 1;
      const run = runs;
      expect(afterCommit(tx, async () => void done.push(`after run ${run}`))).toBe(true);
      if (run === 1) {
        await tx.unsafe(
          "do $$ begin raise exception 'conflict' using errcode = 'serialization_failure'; end $$",
        );
      }
      done.push(`run ${run} ends`);
      return 'committed';
    });
    expect(result).toBe('committed');
    expect(done).toEqual(['run 2 ends', 'after run 2']);
    // Nothing is kept for the pool, or for a transaction begun elsewhere: the caller acts at once.
    expect(afterCommit(sql, async () => {})).toBe(false);
    await sql.begin(async (tx) => expect(afterCommit(tx, async () => {})).toBe(false));
  });

  it('runs no afterCommit work when the transaction rolls back', async () => {
    const { sql } = backend.database;
    const done: string[] = [];
    const failing = inTransaction(sql, async (tx) => {
      afterCommit(tx, async () => void done.push('after'));
      throw new Error('the write failed');
    });
    await expect(failing).rejects.toThrow('the write failed');
    expect(done).toEqual([]);
  });
});
