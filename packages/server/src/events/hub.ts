/**
 * The events stream's fan-out. Each instance holds ONE dedicated LISTEN connection (postgres.js
 * `listen` opens it beside the pool and re-listens after a reconnect) and the open streams of its
 * clients, per user. A signal only says "user U has something new": each stream then reads the
 * durable rows after the last id it sent, so a stream never skips or repeats a notification,
 * whether it came live, while the LISTEN connection was down, or before a reconnect.
 */
import { randomUUID } from 'node:crypto';
import type postgres from 'postgres';
import type { Schemas } from '../contract/schemas.ts';
import { addPresence, removePresence, syncPresence } from '../db/queries/presence.ts';
import type { Logger } from '../log.ts';
import {
  EVENTS_CHANNEL,
  type EventSignal,
  type LiveSignal,
  newestNotificationId,
  notificationsAfter,
} from '../notifications/index.ts';

/** Seconds between `: heartbeat` comments (proxies drop idle connections after 30 to 60 s). */
export const HEARTBEAT_SECONDS = 25;
/** How long a client waits before reconnecting after the stream drops (SSE `retry:`). */
const RETRY_MS = 3000;
/**
 * Open streams one user may hold on one instance (`EVENTS_MAX_STREAMS_PER_USER`): a page holds
 * one, so ten is ten tabs. One more ends the oldest, so that a client that leaks connections (or
 * an attacker with a token) cannot pile up sockets and LISTEN work without bound.
 */
export const DEFAULT_MAX_STREAMS_PER_USER = 10;
/** Rows read per catch-up query. */
const BATCH = 200;
/** setTimeout's ceiling; later expiries are re-armed. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface OpenStreamOptions {
  userId: number;
  /** The client's `Last-Event-ID`; when absent the stream starts after the newest row. */
  lastEventId?: number;
  /** The access token's expiry: the stream ends then. */
  expiresAt: Date;
  /** The access token's session (`sid`): the stream ends when it is revoked (`endSessions`). */
  sessionId?: string;
  /** Aborted when the client goes away. */
  signal?: AbortSignal;
}

interface Stream {
  userId: number;
  sessionId?: string;
  lastId: number;
  controller: ReadableStreamDefaultController<Uint8Array>;
  /** A catch-up is running; `again` asks it for one more round. */
  pumping: boolean;
  again: boolean;
  closed: boolean;
  expiry?: ReturnType<typeof setTimeout>;
}

const encoder = new TextEncoder();

/**
 * The stream event type a notification is sent as: its own type when clients must refresh more
 * than the bell (`StreamEvent` in the contract), else `notification`.
 */
function eventTypeOf(kind: Schemas['NotificationKind']): 'notification' | 'subscription_changed' {
  return kind === 'subscription_changed' ? 'subscription_changed' : 'notification';
}

function frame(event: string, data: unknown, id?: number): Uint8Array {
  const idLine = id === undefined ? '' : `id: ${id}\n`;
  return encoder.encode(`${idLine}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

const HEARTBEAT = encoder.encode(': heartbeat\n\n');

/**
 * The last frame of a stream ended for a newer one of the same user: its client waits until its
 * page is shown again before it takes a stream back (packages/api `events.ts`), so that tabs
 * beyond the limit do not end each other's streams in turn.
 */
const closedEvent: Schemas['ClosedEvent'] = { event: 'closed', data: { reason: 'stream_limit' } };
const CLOSED_STREAM_LIMIT = frame(closedEvent.event, closedEvent.data);

export interface EventHubOptions {
  /** Heartbeat period in ms (default 25 s; tests shorten it). */
  heartbeatMs?: number;
  /**
   * Called once a user's first stream on this instance opened or their last one closed, after
   * `stream_presence` says so (the duels tell the opponents).
   */
  onPresence?: (userId: number) => Promise<void>;
  /** Streams per user on this instance (default `DEFAULT_MAX_STREAMS_PER_USER`). */
  maxStreamsPerUser?: number;
  /** Where the LISTEN connection is opened (default: `sql`; see `Database.direct`). */
  listener?: postgres.Sql;
}

const isLive = (signal: EventSignal | LiveSignal): signal is LiveSignal => 'event' in signal;

export class EventHub {
  readonly #sql: postgres.Sql;
  readonly #listener: postgres.Sql;
  readonly #logger: Logger;
  readonly #heartbeatMs: number;
  readonly #onPresence: EventHubOptions['onPresence'];
  readonly #maxStreamsPerUser: number;
  /** This instance's name in `stream_presence`. */
  readonly instanceId = randomUUID();
  /** Presence writes, one after another so a quick close and reopen land in order. */
  #presence: Promise<void> = Promise.resolve();
  readonly #byUser = new Map<number, Set<Stream>>();
  #listening: Promise<postgres.ListenMeta> | undefined;
  #heartbeat: ReturnType<typeof setInterval> | undefined;
  #closed = false;

  constructor(sql: postgres.Sql, logger: Logger, options: EventHubOptions = {}) {
    this.#sql = sql;
    this.#listener = options.listener ?? sql;
    this.#logger = logger;
    this.#heartbeatMs = options.heartbeatMs ?? HEARTBEAT_SECONDS * 1000;
    this.#onPresence = options.onPresence;
    this.#maxStreamsPerUser = options.maxStreamsPerUser ?? DEFAULT_MAX_STREAMS_PER_USER;
  }

  /** Open streams on this instance. */
  get size(): number {
    let n = 0;
    for (const set of this.#byUser.values()) n += set.size;
    return n;
  }

  /** LISTENs once per instance; resolves when the channel is live. */
  listen(): Promise<postgres.ListenMeta> {
    let first = true;
    this.#listening ??= this.#listener.listen(
      EVENTS_CHANNEL,
      (payload) => this.#onSignal(payload),
      () => {
        // Called again after postgres.js re-established a dropped LISTEN connection: signals
        // sent meanwhile are lost, so every stream reads what it may have missed.
        if (!first) for (const set of this.#byUser.values()) for (const s of set) this.#pump(s);
        first = false;
      },
    );
    // A failed LISTEN (database away) is retried by the next stream instead of sticking.
    this.#listening.catch(() => {
      this.#listening = undefined;
    });
    return this.#listening;
  }

  /** A `text/event-stream` body for one client: `ready`, then its missed and new events. */
  async open(options: OpenStreamOptions): Promise<ReadableStream<Uint8Array>> {
    if (this.#closed) throw new Error('the event hub is closed');
    // Live first, then the starting point: a row committed in between is read by the first
    // catch-up below instead of being lost.
    await this.listen();
    const lastId = options.lastEventId ?? (await newestNotificationId(this.#sql, options.userId));
    let stream: Stream | undefined;
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        stream = {
          userId: options.userId,
          sessionId: options.sessionId,
          lastId,
          controller,
          pumping: false,
          again: false,
          closed: false,
        };
        const ready: Schemas['EventReady'] = {
          last_event_id: lastId,
          heartbeat_seconds: Math.round(this.#heartbeatMs / 1000),
          expires_at: options.expiresAt.toISOString(),
        };
        controller.enqueue(encoder.encode(`retry: ${RETRY_MS}\n`));
        controller.enqueue(frame('ready', ready));
        this.#add(stream);
        this.#armExpiry(stream, options.expiresAt);
        this.#pump(stream);
      },
      cancel: () => {
        if (stream) this.#remove(stream);
      },
    });
    options.signal?.addEventListener('abort', () => stream && this.#end(stream), { once: true });
    return body;
  }

  /** Resolves once the presence writes queued so far are done. */
  presenceSettled(): Promise<void> {
    return this.#presence;
  }

  /**
   * Ends the streams opened with these sessions' tokens (logout, a revoked refresh family): the
   * client's reconnect then meets the 401 its token now gets, as it would at the token's expiry.
   */
  endSessions(sessionIds: readonly string[]): void {
    const ended = new Set(sessionIds);
    for (const set of this.#byUser.values()) {
      for (const stream of [...set]) {
        if (stream.sessionId !== undefined && ended.has(stream.sessionId)) this.#end(stream);
      }
    }
  }

  /** Ends every stream and stops listening (shutdown). */
  async close(): Promise<void> {
    this.#closed = true;
    for (const set of [...this.#byUser.values()]) for (const s of [...set]) this.#end(s);
    await this.#presence;
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    this.#heartbeat = undefined;
    const listening = this.#listening;
    this.#listening = undefined;
    if (listening) await (await listening).unlisten().catch(() => {});
  }

  #onSignal(payload: string): void {
    let signal: EventSignal | LiveSignal;
    try {
      signal = JSON.parse(payload) as EventSignal;
    } catch {
      this.#logger.warn('events: unreadable signal', { payload });
      return;
    }
    const set = this.#byUser.get(signal.user_id);
    if (!set) return;
    if (isLive(signal)) {
      // A live-only event (no row, no id): sent as is to the user's open streams.
      for (const stream of set) this.#send(stream, frame(signal.event, signal.data));
      return;
    }
    for (const stream of set) if (stream.lastId < signal.id) this.#pump(stream);
  }

  /** Sends the rows after `stream.lastId`; one catch-up at a time per stream. */
  #pump(stream: Stream): void {
    if (stream.closed) return;
    if (stream.pumping) {
      stream.again = true;
      return;
    }
    stream.pumping = true;
    void (async () => {
      try {
        do {
          stream.again = false;
          let rows: Schemas['Notification'][];
          do {
            rows = await notificationsAfter(this.#sql, stream.userId, stream.lastId, BATCH);
            for (const row of rows) {
              if (stream.closed) return;
              stream.controller.enqueue(frame(eventTypeOf(row.kind), row, row.id));
              stream.lastId = row.id;
            }
          } while (rows.length === BATCH);
        } while (stream.again && !stream.closed);
      } catch (error) {
        // The database is away: end the stream; the client reconnects and resumes from its id.
        this.#logger.warn('events: catch-up failed', { message: (error as Error).message });
        this.#end(stream);
      } finally {
        stream.pumping = false;
      }
    })();
  }

  #send(stream: Stream, bytes: Uint8Array): void {
    if (stream.closed) return;
    try {
      stream.controller.enqueue(bytes);
    } catch {
      this.#remove(stream);
    }
  }

  /** Queues a presence write; when `changed` is a user, tells `onPresence` after it. */
  #writePresence(write: () => Promise<void>, changed?: number): void {
    this.#presence = this.#presence
      .then(write)
      .then(() => (changed !== undefined ? this.#onPresence?.(changed) : undefined))
      .catch((error) => {
        // The next heartbeat writes the whole set again.
        this.#logger.warn('events: presence write failed', { message: (error as Error).message });
      });
  }

  #add(stream: Stream): void {
    let set = this.#byUser.get(stream.userId);
    if (!set) {
      set = new Set();
      this.#byUser.set(stream.userId, set);
      const { userId } = stream;
      this.#writePresence(() => addPresence(this.#sql, this.instanceId, userId), userId);
    }
    set.add(stream);
    // A Set iterates in insertion order: the first streams are the oldest.
    for (const oldest of set) {
      if (set.size <= this.#maxStreamsPerUser) break;
      this.#send(oldest, CLOSED_STREAM_LIMIT);
      this.#end(oldest);
    }
    this.#heartbeat ??= setInterval(() => this.#beat(), this.#heartbeatMs);
    this.#heartbeat.unref?.();
  }

  #beat(): void {
    const online = [...this.#byUser.keys()];
    this.#writePresence(() => syncPresence(this.#sql, this.instanceId, online));
    for (const set of this.#byUser.values()) {
      for (const stream of set) {
        try {
          stream.controller.enqueue(HEARTBEAT);
        } catch {
          this.#remove(stream);
        }
      }
    }
  }

  #armExpiry(stream: Stream, expiresAt: Date): void {
    const left = expiresAt.getTime() - Date.now();
    if (left <= 0) {
      this.#end(stream);
      return;
    }
    stream.expiry = setTimeout(
      () => (left > MAX_TIMER_MS ? this.#armExpiry(stream, expiresAt) : this.#end(stream)),
      Math.min(left, MAX_TIMER_MS),
    );
    stream.expiry.unref?.();
  }

  /** Closes the response (the client sees the end and reconnects) and forgets the stream. */
  #end(stream: Stream): void {
    if (stream.closed) return;
    this.#remove(stream);
    try {
      stream.controller.close();
    } catch {
      // Already closed or errored by the reader going away.
    }
  }

  #remove(stream: Stream): void {
    stream.closed = true;
    if (stream.expiry) clearTimeout(stream.expiry);
    const set = this.#byUser.get(stream.userId);
    if (!set?.delete(stream)) return;
    if (set.size === 0) {
      this.#byUser.delete(stream.userId);
      const { userId } = stream;
      this.#writePresence(() => removePresence(this.#sql, this.instanceId, userId), userId);
    }
    if (this.#byUser.size === 0 && this.#heartbeat) {
      clearInterval(this.#heartbeat);
      this.#heartbeat = undefined;
    }
  }
}
