import type postgres from 'postgres';
import type { Sql } from './client.ts';

export type Tx = postgres.TransactionSql;

/** SQLSTATEs after which PostgreSQL rolled the whole transaction back and running it again is safe. */
const RETRYABLE = new Set([
  '40001', // serialization_failure
  '40P01', // deadlock_detected
]);

export interface TransactionOptions {
  /** Total runs of `work`, the first included (default 3). */
  attempts?: number;
  /** Passed to BEGIN, e.g. 'isolation level serializable'. */
  begin?: string;
}

/** True for a PostgreSQL error that asks the client to run the transaction again. */
export function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRYABLE.has(code);
}

/** Jittered exponential back-off: spreads the retries of transactions that collided together. */
function backoffMs(attempt: number): number {
  const ceiling = 20 * 2 ** (attempt - 1);
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

/** What `afterCommit` left to run once each transaction of `inTransaction` has committed. */
const afterCommitWork = new WeakMap<object, ((sql: Sql) => Promise<void>)[]>();

/**
 * Runs `fn` with the pool once `tx` has committed, if `tx` is a transaction of `inTransaction`,
 * and returns true; nothing runs if it rolls back (or runs again after a deadlock: that run's own
 * calls count). Returns false for anything else (the pool, or a transaction begun elsewhere), and
 * the caller does its work at once.
 */
export function afterCommit(tx: object, fn: (sql: Sql) => Promise<void>): boolean {
  const work = afterCommitWork.get(tx);
  work?.push(fn);
  return work !== undefined;
}

/**
 * The one way to run a transaction: `work` runs inside BEGIN…COMMIT, and runs again (from the
 * start, in a new transaction) when PostgreSQL aborts it for a deadlock or a serialization
 * failure, at most `attempts` times in all. `work` must therefore have no effects outside the
 * transaction before it commits (`afterCommit` runs what must wait for it). Any other error rolls
 * back and is thrown at once.
 */
export async function inTransaction<T>(
  sql: Sql,
  work: (tx: Tx) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  const attempts = Math.max(1, options.attempts ?? 3);
  for (let attempt = 1; ; attempt += 1) {
    try {
      const after: ((sql: Sql) => Promise<void>)[] = [];
      const run = (tx: Tx) => {
        afterCommitWork.set(tx, after);
        return work(tx);
      };
      // postgres.js types the result through UnwrapPromiseArray; `work` already resolves to T.
      const result = (await (options.begin ? sql.begin(options.begin, run) : sql.begin(run))) as T;
      for (const fn of after) await fn(sql);
      return result;
    } catch (error) {
      if (attempt >= attempts || !isRetryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, backoffMs(attempt)));
    }
  }
}
