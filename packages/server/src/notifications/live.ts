/**
 * Live-only events (`activity`, `duel_progress`: no row, not replayed) sent to every instance
 * through `pg_notify` once the write they describe has committed, in a commit of their own that
 * does not wait for the disk. PostgreSQL serializes the commits of all transactions that notify
 * under one database-wide lock, held through each commit's WAL flush: when every rating notified
 * inside its own statement, each waited there for the one before, whoever's it was (`Lock:object`
 * was the main wait of PostgreSQL's backends under the bench's ratings of 32 learners, and a third
 * of it under the duels bench). Sent after the commit, the lock covers a commit of a few bytes of
 * WAL that nobody waits for. These events only tell pages to read again: should the process stop
 * between the commit and the send, the event is lost, never the write. `notify` (rows that are
 * replayed) still signals inside its producer's transaction.
 */
import type { Sql } from '../db/client.ts';
import type { Query } from '../db/queries/pg.ts';
import { afterCommit } from '../db/transaction.ts';
import { createLogger } from '../log.ts';
import { EVENTS_CHANNEL, type LiveSignal } from './notify.ts';

/** The signals each transaction of `inTransaction` has queued so far. */
const queued = new WeakMap<object, LiveSignal[]>();

const log = createLogger();

/**
 * Sends `signal` once `q`'s transaction has committed when `q` is a transaction of
 * `inTransaction` (all of one transaction's signals in one statement), at once when `q` is the
 * pool. In a transaction begun elsewhere, it is sent as part of it, on its commit.
 */
export async function sendLiveSignal(q: Query, signal: LiveSignal): Promise<void> {
  const signals = queued.get(q);
  if (signals) {
    signals.push(signal);
    return;
  }
  const list = [signal];
  if (afterCommit(q, (sql) => sendNow(sql, list))) {
    queued.set(q, list);
    return;
  }
  // A transaction the pool did not begin through inTransaction (it has savepoints): on its commit.
  if ('savepoint' in q) {
    await q`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(signal)})`;
    return;
  }
  await sendNow(q, list);
}

/**
 * `sendLiveSignal` of many signals, from the pool, at once: one statement. Never throws: the writes
 * they describe have committed, so a failed send is logged (`sendNow`).
 */
export async function sendLiveSignals(sql: Sql, signals: LiveSignal[]): Promise<void> {
  if (signals.length > 0) await sendNow(sql, signals);
}

/** One statement, outside any transaction, whose commit does not wait for its WAL flush. */
async function sendNow(sql: Sql, signals: LiveSignal[]): Promise<void> {
  try {
    await sql`
      select count(pg_notify(${EVENTS_CHANNEL}, u.payload)),
        set_config('synchronous_commit', 'off', true)
      from unnest(${signals.map((s) => JSON.stringify(s))}::text[]) as u(payload)`;
  } catch (error) {
    // The write has committed: a signal that could not be sent is logged, not answered as an error.
    log.warn('live events were not sent', { error: String(error), events: signals.length });
  }
}
