/**
 * The sessions ended before their access tokens expired (logout, a replayed refresh token), as
 * every instance sees them (issue 38). The set lives in `revoked_sessions`; each instance keeps a
 * copy in memory, loaded when its LISTEN on REVOCATIONS_CHANNEL goes live and added to by each
 * NOTIFY on it, so a revoked token answers 401 on every instance as soon as the signal lands.
 *
 * Fail closed: while this instance cannot vouch for its copy (not listening yet, or its own
 * watchdog ping did not come back), every check reads the table instead.
 */
import { randomUUID } from 'node:crypto';
import type postgres from 'postgres';
import {
  insertRevokedSessions,
  isSessionRevoked,
  liveRevokedSessions,
  pruneRevokedSessions,
} from '../db/queries/sign-ins.ts';
import type { Logger } from '../log.ts';

export const REVOCATIONS_CHANNEL = 'memoria_sessions_revoked';
/** How often an instance pings itself through the channel to know its LISTEN still works. */
export const WATCHDOG_MS = 5_000;
/** Memory bound: past it the copy is dropped and the table answers until the next reload. */
const MAX_ENTRIES = 200_000;

const SID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const isSessionId = (value: unknown): value is string =>
  typeof value === 'string' && SID.test(value);

export class SessionRevocations {
  readonly #sql: postgres.Sql;
  /** Where the LISTEN connection is opened (default: `sql`; see `Database.direct`). */
  readonly #listenSql: postgres.Sql;
  readonly #logger: Logger;
  readonly #instance = randomUUID();
  #listeners: Array<(sids: readonly string[]) => void> = [];
  /** sid → when its last access token expires (ms). */
  readonly #revoked = new Map<string, number>();
  /** The copy is complete and the channel delivers: checks may trust it. */
  #live = false;
  #starting: Promise<void> | undefined;
  #reloading: Promise<void> | undefined;
  #listener: postgres.ListenMeta | undefined;
  #watchdog: ReturnType<typeof setInterval> | undefined;
  /** The last ping sent and whether it came back. */
  #ping = 0;
  #pingBack = true;
  #closed = false;

  constructor(sql: postgres.Sql, logger: Logger, options: { listener?: postgres.Sql } = {}) {
    this.#sql = sql;
    this.#listenSql = options.listener ?? sql;
    this.#logger = logger;
  }

  /** Whether the copy is trusted now (else checks read the table). */
  get live(): boolean {
    return this.#live;
  }

  /** Starts listening (once); resolves when the copy is loaded and live, or the start failed. */
  start(): Promise<void> {
    if (this.#closed) return Promise.resolve();
    this.#starting ??= this.#listen().catch((error) => {
      this.#logger.warn('sessions: revocation listener failed', {
        message: (error as Error).message,
      });
      // The next check tries again (and arms the watchdog again).
      this.#starting = undefined;
      if (this.#watchdog) clearInterval(this.#watchdog);
      this.#watchdog = undefined;
    });
    this.#watchdog ??= setInterval(() => this.#checkWatchdog(), WATCHDOG_MS);
    this.#watchdog.unref?.();
    return this.#starting;
  }

  /** Whether `sid` was revoked; reads the table while the copy cannot be trusted. */
  async isRevoked(sid: string): Promise<boolean> {
    if (!this.#live) {
      void this.start();
      return isSessionRevoked(this.#sql, sid);
    }
    const until = this.#revoked.get(sid);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    this.#revoked.delete(sid);
    return false;
  }

  /** Records the sessions as revoked in the table and tells every instance (this one too). */
  async revoke(sids: readonly string[], expiresAt: Date): Promise<void> {
    const valid = sids.filter(isSessionId);
    if (valid.length === 0) return;
    await insertRevokedSessions(this.#sql, valid, expiresAt);
    this.#remember(valid, expiresAt.getTime());
    const payload = JSON.stringify({ sids: valid, until: expiresAt.getTime() });
    await this.#sql.notify(REVOCATIONS_CHANNEL, payload);
    // Keep the table small: now and then drop sessions whose tokens have all expired.
    if (Math.random() < 0.05) await pruneRevokedSessions(this.#sql);
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#live = false;
    if (this.#watchdog) clearInterval(this.#watchdog);
    this.#watchdog = undefined;
    await this.#starting?.catch(() => {});
    await this.#listener?.unlisten().catch(() => {});
    this.#listener = undefined;
  }

  async #listen(): Promise<void> {
    // A listener the watchdog gave up on goes first, so signals are not handled twice.
    await this.#listener?.unlisten().catch(() => {});
    // Listen first, then load: a revocation committed in between is in the load or the signal.
    this.#listener = await this.#listenSql.listen(
      REVOCATIONS_CHANNEL,
      (payload) => this.#onSignal(payload),
      () => {
        // Also called after postgres.js re-established a dropped LISTEN connection: signals
        // sent meanwhile are lost, so the copy is not trusted until it is loaded again.
        this.#live = false;
        this.#reloading = this.#reload();
      },
    );
    await this.#reloading;
  }

  async #reload(): Promise<void> {
    try {
      const rows = await liveRevokedSessions(this.#sql);
      this.#revoked.clear();
      for (const row of rows) this.#revoked.set(row.sid, row.expiresAt.getTime());
      this.#pingBack = true;
      this.#live = !this.#closed && this.#revoked.size <= MAX_ENTRIES;
    } catch (error) {
      this.#logger.warn('sessions: loading revocations failed', {
        message: (error as Error).message,
      });
    }
  }

  /** Calls `listener` with the sessions revoked from now on, here or on another instance. */
  onRevoked(listener: (sids: readonly string[]) => void): void {
    this.#listeners.push(listener);
  }

  #remember(sids: readonly string[], until: number): void {
    for (const sid of sids) this.#revoked.set(sid, until);
    for (const listener of this.#listeners) listener(sids);
    if (this.#revoked.size > MAX_ENTRIES) {
      this.#revoked.clear();
      this.#live = false;
    }
  }

  #onSignal(payload: string): void {
    if (payload.startsWith('ping:')) {
      if (payload === `ping:${this.#instance}:${this.#ping}`) {
        this.#pingBack = true;
        // The channel works again after a silent drop: reload what was missed.
        if (!this.#live && !this.#closed) void this.#reload();
      }
      return;
    }
    try {
      const { sids, until } = JSON.parse(payload) as { sids: unknown; until: unknown };
      if (!Array.isArray(sids) || typeof until !== 'number') throw new Error('bad shape');
      this.#remember(sids.filter(isSessionId), until);
    } catch {
      this.#logger.warn('sessions: unreadable revocation signal', { payload });
    }
  }

  /**
   * postgres.js re-listens after a dropped connection but says nothing when that fails; a ping of
   * our own that did not come back within a period means the copy may miss revocations.
   */
  #checkWatchdog(): void {
    if (this.#closed) return;
    if (!this.#pingBack && this.#live) {
      this.#logger.warn('sessions: revocation channel silent; checking the table');
      this.#live = false;
      this.#starting = undefined;
      void this.start();
    }
    this.#ping += 1;
    this.#pingBack = false;
    this.#sql.notify(REVOCATIONS_CHANNEL, `ping:${this.#instance}:${this.#ping}`).catch(() => {});
  }
}
