/**
 * The time tracker of spec §9. A visit is the time on one page while the learner is there and
 * active: it ends on navigation, when the page is hidden, or 40 s after the last input (idle;
 * the next input starts a new visit). Visits under 1,000 ms are dropped. Ended visits are sent
 * in batches of 10, at once when 10 are waiting and otherwise every 30 s; a failed send is tried
 * 3 more times 1 s apart, then kept in local storage and tried again every 10 s (and on the next
 * page load) until it goes. When the page is hidden the last batch leaves with `keepalive`, so
 * it survives the page closing. The server ignores a visit it already has, so re-sending is safe.
 */
import { api } from './client.ts';
import {
  TIME_TRACKING_BATCH_SIZE,
  TIME_TRACKING_FALLBACK_MS,
  TIME_TRACKING_IDLE_MS,
  TIME_TRACKING_MIN_PAGE_MS,
  TIME_TRACKING_QUEUE_KEY,
  TIME_TRACKING_RETRIES,
  TIME_TRACKING_RETRY_DELAY_MS,
  TIME_TRACKING_SYNC_MS,
} from './constants.ts';
import type { components } from './schema.d.ts';

export type TimeTrackingBatch = components['schemas']['TimeTrackingBatch'];
export type PageVisit = components['schemas']['TimeTrackingPageVisit'];

/** What a send reports: sent, refused for good (a 4xx: retrying cannot help), or failed. */
export type SendOutcome = 'sent' | 'refused' | 'failed';

export interface TimeTrackerOptions {
  sessionId: string;
  /** When the session began (ms since the epoch). */
  sessionStart: number;
  /** Milliseconds already tracked in this session (earlier pages of it). */
  totalTime?: number;
  send(batch: TimeTrackingBatch, options: { keepalive: boolean }): Promise<SendOutcome>;
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  now?: () => number;
  /** Told each time the session's total changes (to carry it to the next page). */
  onTotal?: (totalTime: number) => void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class TimeTracker {
  readonly #o: TimeTrackerOptions;
  readonly #now: () => number;
  #page: string | null = null;
  #visitStart: number | null = null;
  #lastInput = 0;
  #total: number;
  #pending: PageVisit[] = [];
  #syncTimer: ReturnType<typeof setTimeout> | undefined;
  #idleTimer: ReturnType<typeof setTimeout> | undefined;
  /** Batches not sent yet, mirrored in local storage. */
  #queue: TimeTrackingBatch[];
  #sending: Promise<void> | null = null;
  #stopped = false;

  constructor(options: TimeTrackerOptions) {
    this.#o = options;
    this.#now = options.now ?? Date.now;
    this.#total = options.totalTime ?? 0;
    this.#queue = this.#load();
  }

  /** Starts tracking `page` (the learner just arrived) and sends what earlier pages left. */
  start(page: string): void {
    this.#page = page;
    this.#begin();
    this.#scheduleSync(TIME_TRACKING_SYNC_MS);
    if (this.#queue.length > 0) void this.flush();
  }

  /** The learner moved to another page of the app. */
  navigate(page: string): void {
    this.#end();
    this.#page = page;
    this.#begin();
  }

  /** Any input (pointer, key, scroll): keeps the visit going, or starts one after idling. */
  input(): void {
    if (this.#stopped || this.#page === null) return;
    if (this.#visitStart === null) this.#begin();
    else this.#lastInput = this.#now();
    this.#armIdle();
  }

  /** The page was hidden or is closing: end the visit and send everything with keepalive. */
  hide(): Promise<void> {
    this.#end();
    return this.flush({ keepalive: true });
  }

  /** The page is shown again. */
  show(): void {
    if (!this.#stopped && this.#page !== null && this.#visitStart === null) this.#begin();
  }

  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#syncTimer);
    clearTimeout(this.#idleTimer);
  }

  /** Ended visits waiting for the next batch. */
  get pending(): readonly PageVisit[] {
    return this.#pending;
  }

  /** Batches waiting to be sent (again). */
  get queued(): readonly TimeTrackingBatch[] {
    return this.#queue;
  }

  /** Sends the stored batches, then the pending visits in batches of 10. One run at a time. */
  flush(options: { keepalive?: boolean } = {}): Promise<void> {
    if (this.#sending) return this.#sending.then(() => this.flush(options));
    this.#sending = this.#flush(Boolean(options.keepalive)).finally(() => {
      this.#sending = null;
    });
    return this.#sending;
  }

  async #flush(keepalive: boolean): Promise<void> {
    while (this.#pending.length > 0) {
      this.#queue.push(this.#batch(this.#pending.splice(0, TIME_TRACKING_BATCH_SIZE)));
    }
    // Stored before sending: a page that closes mid-send leaves them for the next page load.
    this.#save();
    const queue = this.#queue;
    this.#queue = [];
    const left: TimeTrackingBatch[] = [];
    for (const batch of queue) {
      const outcome = keepalive
        ? await this.#o.send(batch, { keepalive: true }).catch((): SendOutcome => 'failed')
        : await this.#sendWithRetries(batch);
      if (outcome === 'failed') left.push(batch);
    }
    this.#queue = [...left, ...this.#queue];
    this.#save();
    if (!this.#stopped) {
      this.#scheduleSync(left.length > 0 ? TIME_TRACKING_FALLBACK_MS : TIME_TRACKING_SYNC_MS);
    }
  }

  async #sendWithRetries(batch: TimeTrackingBatch): Promise<SendOutcome> {
    for (let attempt = 0; ; attempt++) {
      const outcome = await this.#o
        .send(batch, { keepalive: false })
        .catch((): SendOutcome => 'failed');
      if (outcome !== 'failed' || attempt >= TIME_TRACKING_RETRIES) return outcome;
      await sleep(TIME_TRACKING_RETRY_DELAY_MS);
    }
  }

  #batch(pages: PageVisit[]): TimeTrackingBatch {
    return {
      session_id: this.#o.sessionId,
      session_start_time: new Date(this.#o.sessionStart).toISOString(),
      total_time: this.#total,
      pages,
    };
  }

  #begin(): void {
    const now = this.#now();
    this.#visitStart = now;
    this.#lastInput = now;
    this.#armIdle();
  }

  /** Ends the visit at `at` (now, or the last input when it went idle). */
  #end(at = this.#now()): void {
    clearTimeout(this.#idleTimer);
    const start = this.#visitStart;
    this.#visitStart = null;
    if (start === null || this.#page === null) return;
    const duration = at - start;
    if (duration < TIME_TRACKING_MIN_PAGE_MS) return;
    this.#total += duration;
    this.#o.onTotal?.(this.#total);
    this.#pending.push({
      page: this.#page,
      start_time: new Date(start).toISOString(),
      end_time: new Date(at).toISOString(),
      duration,
      timestamp: new Date(at).toISOString(),
    });
    if (this.#pending.length >= TIME_TRACKING_BATCH_SIZE) void this.flush();
  }

  #armIdle(): void {
    clearTimeout(this.#idleTimer);
    const idleAt = this.#lastInput + TIME_TRACKING_IDLE_MS;
    this.#idleTimer = setTimeout(
      () => {
        // Idle since the last input: the visit ended then, not now.
        if (this.#visitStart !== null) this.#end(this.#lastInput);
      },
      Math.max(0, idleAt - this.#now()),
    );
  }

  #scheduleSync(ms: number): void {
    clearTimeout(this.#syncTimer);
    this.#syncTimer = setTimeout(() => void this.flush(), ms);
  }

  #load(): TimeTrackingBatch[] {
    try {
      const raw = this.#o.storage?.getItem(TIME_TRACKING_QUEUE_KEY);
      const parsed: unknown = raw ? JSON.parse(raw) : [];
      return Array.isArray(parsed) ? (parsed as TimeTrackingBatch[]) : [];
    } catch {
      return [];
    }
  }

  #save(): void {
    try {
      this.#o.storage?.setItem(TIME_TRACKING_QUEUE_KEY, JSON.stringify(this.#queue));
    } catch {
      // Storage full or blocked: the batches stay in memory only.
    }
  }
}

/** Sends a batch with the app's client; a 4xx other than 408 and 429 is final. */
export async function sendTimeTrackingBatch(
  batch: TimeTrackingBatch,
  options: { keepalive: boolean },
): Promise<SendOutcome> {
  const { response } = await api.POST('/auth/time-tracking/', {
    body: batch,
    keepalive: options.keepalive,
  });
  if (response.ok) return 'sent';
  const final = response.status >= 400 && response.status < 500;
  return final && response.status !== 408 && response.status !== 429 ? 'refused' : 'failed';
}

const SESSION_KEY = 'timeTrackingSession';

/**
 * Tracks the current page of a browser window until the returned function is called: one
 * session per tab (kept in sessionStorage across the app's page loads), input listeners for
 * idleness, and visibility and pagehide for the last batch.
 */
export function trackTime(win: Window = window): () => void {
  let session: { id: string; start: number; total: number };
  try {
    const saved = JSON.parse(win.sessionStorage.getItem(SESSION_KEY) ?? 'null');
    session =
      saved && typeof saved.id === 'string'
        ? saved
        : { id: win.crypto.randomUUID(), start: Date.now(), total: 0 };
  } catch {
    session = { id: win.crypto.randomUUID(), start: Date.now(), total: 0 };
  }
  const save = () => {
    try {
      win.sessionStorage.setItem(SESSION_KEY, JSON.stringify(session));
    } catch {
      // Private mode: the next page starts a new session.
    }
  };
  save();
  const tracker = new TimeTracker({
    sessionId: session.id,
    sessionStart: session.start,
    totalTime: session.total,
    send: sendTimeTrackingBatch,
    storage: win.localStorage,
    onTotal: (total) => {
      session.total = total;
      save();
    },
  });
  tracker.start(win.location.pathname);
  const onInput = () => tracker.input();
  const onVisibility = () =>
    win.document.visibilityState === 'hidden' ? void tracker.hide() : tracker.show();
  const onPageHide = () => void tracker.hide();
  const inputs = ['pointerdown', 'keydown', 'scroll', 'pointermove', 'touchstart'] as const;
  for (const type of inputs) win.addEventListener(type, onInput, { passive: true });
  win.document.addEventListener('visibilitychange', onVisibility);
  win.addEventListener('pagehide', onPageHide);
  return () => {
    for (const type of inputs) win.removeEventListener(type, onInput);
    win.document.removeEventListener('visibilitychange', onVisibility);
    win.removeEventListener('pagehide', onPageHide);
    tracker.stop();
  };
}
